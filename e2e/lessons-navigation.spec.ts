import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors, markLessonComplete } from "./helpers";

async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith("__react"));
  }, selector);
}

test("a simulator link opens the simulator on that very preset", async ({ page }) => {
  await page.goto("/lessons/content-security-policy");
  const link = page.locator('.try-it[data-scenario="csp-injection-text"] a');
  await expect(link).toHaveAttribute("href", "/simulator?preset=csp-injection-text");
  await link.click();
  await expect(page).toHaveURL(/\/simulator\?/);
  // The simulator may rewrite its address once loaded; the selected preset is what counts.
  await expect(page.getByTestId("preset-select")).toHaveValue("csp-injection-text");
});

test("search finds a lesson by a word from its body and opens it", async ({ page }) => {
  await page.goto("/lessons");
  await hydrated(page, '[data-testid="site-search"] input');
  await page.getByRole("searchbox", { name: "Search the course" }).fill("barcode");
  const hits = page.getByTestId("search-hits");
  await expect(hits.getByRole("link", { name: /Permissions/ }).first()).toBeVisible();
  await hits
    .getByRole("link", { name: /Permissions/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/lessons\/permissions#[a-z-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Permissions" })).toBeVisible();
});

test("search on the lessons page reports when nothing matches", async ({ page }) => {
  await page.goto("/lessons");
  await hydrated(page, '[data-testid="site-search"] input');
  const box = page.getByRole("searchbox", { name: "Search the course" });
  await box.fill("PermDock");
  await expect(page.getByTestId("search-hits")).toContainText("Server-side authorization");
  await box.fill("zzqxj");
  await expect(page.getByTestId("site-search")).toContainText("Nothing in the course matches");
});

test("previous and next follow the course order, and completion survives a reload", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/lessons/what-mcp-apps-is");
  const pager = page.getByRole("navigation", { name: "Lessons" });
  await pager.getByRole("link", { name: /What changed in MCP 2026-07-28/ }).click();
  await expect(page).toHaveURL(/\/lessons\/what-changed-in-2026-07-28$/);
  await expect(page.getByText(/^Lesson 2 of \d+/)).toBeVisible();
  await hydrated(page, "[data-mark-complete] button");
  await markLessonComplete(page);
  await page.reload();
  await expect(page.getByTestId("lesson-status")).toContainText("Completed");
  await page.goto("/lessons");
  await expect(
    page.getByRole("listitem").filter({ hasText: "What changed in MCP 2026-07-28" }),
  ).toContainText("complete");
  expect(errors).toEqual([]);
});

interface Field {
  id: string;
  field: string;
  location: string;
}
const FIELDS = (
  JSON.parse(
    readFileSync(path.join(process.cwd(), "content", "matrix", "fields.json"), "utf8"),
  ) as { fields: Field[] }
).fields;

test("the metadata matrix filters by location and by search, and links to lessons", async ({
  page,
}) => {
  await page.goto("/reference/metadata-matrix");
  const rows = page.locator(".matrix-table tbody tr");
  await expect(rows).toHaveCount(FIELDS.length);
  await hydrated(page, '[data-testid="matrix"] input[type="search"]');
  for (const loc of ["tool-definition", "resource", "resource-contents", "read-result"]) {
    await page.locator(`input[data-location="${loc}"]`).uncheck();
  }
  await expect(rows).toHaveCount(FIELDS.filter((f) => f.location === "tool-result").length);
  await page.locator('input[data-location="resource"]').check();
  await page.getByRole("searchbox", { name: "Search fields" }).fill("clipboard");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-field", "_meta.ui.permissions.clipboardWrite");
  await rows
    .first()
    .getByRole("link", { name: /^Permissions:/ })
    .click();
  await expect(page).toHaveURL(/\/lessons\/permissions#allow-attribute$/);
});

test("the where-does-it-go exercise grades each answer against the matrix", async ({ page }) => {
  await page.goto("/reference/metadata-matrix");
  const w = page.locator('[data-widget="where-does-it-go"]');
  await hydrated(page, '[data-widget="where-does-it-go"] button');
  const locationOf = async () => {
    const name = await w.getByTestId("exercise-field").textContent();
    return FIELDS.find((f) => f.field === name)!.location;
  };
  await w.locator(`button[data-answer="${await locationOf()}"]`).click();
  await expect(w.getByTestId("exercise-result")).toHaveAttribute("data-correct", "true");
  await w.getByRole("button", { name: "Next field" }).click();
  const right = await locationOf();
  const wrong = [
    "tool-definition",
    "resource",
    "resource-contents",
    "read-result",
    "tool-result",
  ].find((l) => l !== right)!;
  await w.locator(`button[data-answer="${wrong}"]`).click();
  await expect(w.getByTestId("exercise-result")).toHaveAttribute("data-correct", "false");
  await expect(w).toContainText("1 of 2 right so far");
});
