import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { getViewFrame, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

const ROWS = ["negotiation", "visibility", "mime", "csp", "permissions", "app-call"];

async function expectSummaryInViewport(page: Page) {
  const summary = page.getByTestId("verdict-summary");
  await expect(summary).toBeInViewport();
  for (const row of ROWS)
    await expect(summary.locator(`[data-summary-row="${row}"]`)).toBeVisible();
  await expect(summary.locator("[data-summary-outcome]")).toBeVisible();
}

test("at 375 px the verdict summary stays in view next to the controls", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const toggle = page.getByTestId("client-extension");
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeInViewport();
  await expectSummaryInViewport(page);
  await toggle.uncheck();
  await expect(
    page.getByTestId("verdict-summary").locator('[data-summary-row="negotiation"]'),
  ).toHaveAttribute("data-verdict", "fail");
  // A control far down the form: the summary is still there.
  const outOfPolicy = page.getByLabel("Out-of-policy origin");
  await outOfPolicy.scrollIntoViewIfNeeded();
  await expect(outOfPolicy).toBeInViewport();
  await expectSummaryInViewport(page);
  // The view and the sequence are a jump away.
  await page.getByTestId("verdict-summary").getByRole("button", { name: "Sequence" }).click();
  await expect(page.getByTestId("sequence-panel")).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the dark theme reaches the view through hostContext", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const view = await getViewFrame(page);
  await expect.poll(() => view.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  const bg = await view.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g)!.map(Number);
  // A dark background, not the browser's default white.
  expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!).toBeLessThan(80);
});

test("the demo view shows the tool's real input; the simulator's plumbing is labelled as such", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const view = await getViewFrame(page);
  await expect(view.locator("#input")).not.toContainText("toolsToTry");
  await expect(view.locator("#input")).not.toContainText("viewAction");
});

// Light with every axe rule, then dark with the colour rules (the helper's split: the themes change
// colours only); the next test holds that a switch to dark after a run reaches the live view.
for (const width of [1280, 375]) {
  test(`the simulator page is axe clean after a run (light and dark, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/simulator?preset=happy-path");
    await runPreset(page, "happy-path");
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
}

test("switching the page to dark after a run turns the live view dark, with no new run", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const status = page.getByTestId("run-status");
  const runBefore = await status.getAttribute("data-run");
  const proxy = page.locator('iframe[data-simulator="proxy"]');
  const proxyUrl = await proxy.getAttribute("src");
  const view = await getViewFrame(page);
  await expect
    .poll(() => view.evaluate(() => document.documentElement.dataset.theme))
    .toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  // The same view, in the same proxy, follows ui/notifications/host-context-changed.
  await expect
    .poll(() => view.evaluate(() => document.documentElement.dataset.theme), { timeout: 15_000 })
    .toBe("dark");
  // Give a (wrong) re-run every chance to start before checking that none did.
  await page.waitForTimeout(500);
  await expect(status).toHaveAttribute("data-run", runBefore!);
  await expect(status).toHaveAttribute("data-status", "done");
  await expect(proxy).toHaveCount(1);
  expect(await proxy.getAttribute("src")).toBe(proxyUrl);
});
