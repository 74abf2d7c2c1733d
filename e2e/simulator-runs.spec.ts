import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 90_000 });

const status = (page: Page) => page.getByTestId("run-status");
const runNumber = async (page: Page) => Number(await status(page).getAttribute("data-run"));

test("every result panel says which run it belongs to", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const run = await runNumber(page);
  for (const id of ["agent-tools-panel", "view-panel", "csp-panel", "sequence-panel"]) {
    await expect(page.getByTestId(id), id).toHaveAttribute("data-run", String(run));
    await expect(page.getByTestId(id), id).toContainText(`Run ${run}`);
  }
});

test("predicting after a run shows no panel of the previous run unmarked", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  await page.getByTestId("predict-toggle").check();
  await page.getByTestId("preset-select").selectOption("csp-out-of-policy-subset");
  // Give a wrongly started run every chance to show up.
  await page.waitForTimeout(1500);
  for (const id of ["agent-tools-panel", "view-panel", "csp-panel", "sequence-panel"]) {
    const panel = page.getByTestId(id);
    if ((await panel.count()) === 0 || !(await panel.isVisible())) continue;
    // Still on screen: then it must say it is the previous scenario's.
    await expect(panel, id).toHaveAttribute("data-stale", "true");
    await expect(panel, id).toContainText("previous scenario");
  }
  // The CSP panel never mixes this scenario's requested policy with the last run's header.
  const csp = page.getByTestId("csp-panel");
  if (await csp.isVisible()) await expect(csp).not.toContainText("evil.localhost");
  // The view of the previous run is not shown as if it were this scenario's.
  await expect(page.locator('iframe[data-simulator="proxy"]:visible')).toHaveCount(0);
});

test("the consent dialog: focus on its heading, Enter does not allow, a click on Allow does; it names tool and arguments", async ({
  page,
}) => {
  // Replaces focus-on-Allow (issue #25): a prompt a view can raise at will must not be answered
  // by a reflex, so Enter never allows.
  await page.goto("/simulator?preset=app-call-consent-ask-allow");
  const dialog = page.getByRole("dialog", { name: "Allow this tool call?" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toContainText("save_note");
  await expect(dialog.getByTestId("consent-arguments")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Allow this tool call?" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Allow", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe("/simulator");
  await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "forwarded");
});

test("Escape in the consent dialog denies the call", async ({ page }) => {
  await page.goto("/simulator?preset=app-call-consent-ask-allow");
  const dialog = page.getByRole("dialog", { name: "Allow this tool call?" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "refused");
  expect(new URL(page.url()).pathname).toBe("/simulator");
});

test("typing a 25-character mime type starts at most 2 runs; the table follows each keystroke", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const before = await runNumber(page);
  const input = page.getByTestId("mime-input");
  await input.click();
  await input.press("ControlOrMeta+a");
  const mime = "text/html;profile=mcp-app";
  expect(mime).toHaveLength(25);
  // A typist at ~8 keys a second; the table's mime row follows within a frame.
  await input.pressSequentially(mime.slice(0, 9), { delay: 120 });
  await expect(page.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "fail", {
    timeout: 500,
  });
  await input.pressSequentially(mime.slice(9), { delay: 120 });
  await expect(page.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "pass", {
    timeout: 500,
  });
  await input.press("Enter");
  await expect(status(page)).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await page.waitForTimeout(1500);
  const runs = (await runNumber(page)) - before;
  expect(runs).toBeGreaterThanOrEqual(1);
  expect(runs).toBeLessThanOrEqual(2);
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
});

test("after a graded prediction, choosing another preset hides the results again", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  await page.getByTestId("predict-toggle").check();
  for (const row of ["negotiation", "visibility", "mime", "csp", "permissions", "app-call"])
    await page.locator(`[data-predict-row="${row}"]`).getByLabel("pass", { exact: true }).check();
  await page
    .locator('[data-predict-row="outcome"]')
    .getByLabel("rendered", { exact: true })
    .check();
  const before = await runNumber(page);
  await page.getByTestId("run").click();
  await expect(status(page)).toHaveAttribute("data-run", String(before + 1));
  await expect(status(page)).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect(page.getByTestId("decision-table")).toBeVisible();
  await page.getByTestId("preset-select").selectOption("mime-plain-text-html");
  // The grading and the results belonged to the other scenario.
  await expect(page.getByTestId("decision-table")).toHaveCount(0);
  await expect(page.locator('[data-predict-row="mime"]')).not.toHaveAttribute("data-graded");
  await expect(page.getByTestId("agent-tools-panel")).toHaveCount(0);
});
