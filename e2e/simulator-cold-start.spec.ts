import { readFileSync } from "node:fs";
import path from "node:path";
import { getRule } from "../lib/rules";
import { expect, test } from "./fixtures";
import { coldPageRoutingChunk } from "./helpers";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The verdicts a preset's file says the host decides, row by row (the presets' own expectations). */
function expectedRows(id: string): Record<string, string> {
  const file = path.join(process.cwd(), "content", "scenarios", `${id}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { expect: { rows: Record<string, string> } })
    .expect.rows;
}

/** Row → verdict of the decision table in a page's HTML, as the server sent it. */
function tableRows(html: string): Record<string, string> {
  const table = /<table[^>]*data-testid="decision-table"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...table.matchAll(/<tr[^>]*data-row="([^"]+)"[^>]*data-verdict="([^"]+)"/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

test("the decision table is in the server-rendered HTML of /simulator", async ({ request }) => {
  const response = await request.get("/simulator");
  expect(response.ok()).toBe(true);
  const rows = tableRows(await response.text());
  // The default scenario's six verdicts, each from the instant preview.
  expect(rows).toEqual(expectedRows("happy-path"));
});

test("a preset link's server HTML previews that preset, not the default", async ({ request }) => {
  const id = "csp-out-of-policy-text";
  const rows = tableRows(await (await request.get(`/simulator?preset=${id}`)).text());
  expect(rows).toEqual(expectedRows(id));
  expect(rows).not.toEqual(expectedRows("happy-path"));
});

test("without JavaScript the named preset's description is readable at once, where the controls will show it", async ({
  browser,
}) => {
  const id = "csp-out-of-policy-text";
  const { description } = JSON.parse(
    readFileSync(path.join("content", "scenarios", `${id}.json`), "utf8"),
  ) as { description: string };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/simulator?preset=${id}`);
  await expect(page.getByTestId("preview-description")).toHaveText(description);
  await expect(page.getByTestId("preview-description")).toBeVisible();
  await context.close();
});

test("the preview's description has the size the controls give it, wide and on a phone: its lines do not rewrap when they arrive", async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const box = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width, height: 720 },
      });
      const page = await context.newPage();
      await page.goto("/simulator");
      const p = page.getByTestId(javaScriptEnabled ? "preset-description" : "preview-description");
      await expect(p).toBeVisible();
      const b = (await p.boundingBox())!;
      await context.close();
      return b;
    };
    const [preview, controls] = [await box(false), await box(true)];
    expect(Math.abs(preview.width - controls.width), `at ${width} px`).toBeLessThanOrEqual(1);
    expect(Math.abs(preview.height - controls.height), `at ${width} px`).toBeLessThanOrEqual(1);
  }
});

test("without JavaScript the table is visible at once", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/simulator");
  const table = page.getByTestId("decision-table");
  await expect(table).toBeVisible();
  for (const [row, verdict] of Object.entries(expectedRows("happy-path")))
    await expect(table.locator(`tr[data-row="${row}"]`)).toHaveAttribute("data-verdict", verdict);
  // Each rule chip's hover text is its rule's title, handed over by the server (the page's
  // JavaScript carries no rule text): checked against the rules data for every chip.
  const chips = table.locator("a.rule-ref");
  expect(await chips.count()).toBeGreaterThan(0);
  for (const chip of await chips.all()) {
    const id = (await chip.textContent())!.trim();
    expect(await chip.getAttribute("title")).toMatch(
      new RegExp(`^${escapeRegExp(getRule(id).title)}( \\(taught in /lessons/[a-z0-9-]+\\))?$`),
    );
  }
  await context.close();
});

test("a first visit's first run takes a proxy that loaded while its runner chunk was on its way (issue 23)", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  const status = page.locator('[data-testid="run-status"][data-status="done"]');
  await expect(status).toHaveAttribute("data-run", "1", { timeout: 20_000 });
  // A spare for the policy the preview decides loaded while the runner chunk came: the run took it.
  await expect(status).toHaveAttribute("data-proxy-preloaded", "true");
  // The run rendered: the view said it had its result.
  await expect(status).toHaveAttribute("data-result-in-view", /^\d/);
});

test("the run's panels are a chunk of their own: when it fails to load, the run still renders its view and Try again brings the sequence (issue 23)", async ({
  browser,
}) => {
  // A cold context, so the detail chunk (run-detail.ts) is really fetched; refused until `serve`.
  let serve = false;
  let refused = 0;
  const { page, close } = await coldPageRoutingChunk(
    browser,
    "Message trace",
    async (route, body) => {
      if (serve) return route.fulfill({ body, contentType: "text/javascript" });
      refused++;
      await route.abort("failed");
    },
  );
  await page.goto("/simulator");
  // The first run goes on without the panels: the decision table is there and the view renders.
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
  expect(refused).toBeGreaterThan(0);
  await expect(page.getByTestId("decision-table")).toBeVisible();
  const alert = page.getByRole("alert").filter({ hasText: "panels did not load" });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId("sequence-lanes")).toHaveCount(0);
  serve = true;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("sequence-lanes")).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId("csp-panel")).toBeVisible();
  await close();
});
