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
for (const width of [1366, 375]) {
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

/** True when the box has an area and some of it is inside a viewport of `width` × `height`. */
function intersects(
  box: { x: number; y: number; width: number; height: number } | null,
  width: number,
  height: number,
) {
  return (
    !!box &&
    box.width > 0 &&
    box.height > 0 &&
    box.x < width &&
    box.x + box.width > 0 &&
    box.y < height &&
    box.y + box.height > 0
  );
}

test("at 1366 × 800 the simulator is a workbench: controls, table, view and sequence on one screen, a message's JSON beside the sequence, a toggle's effect seen without scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/simulator?preset=happy-path");
  const status = page.getByTestId("run-status");
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  const scrollY = () => page.evaluate(() => window.scrollY);
  const onScreen = async (what: string, locator: ReturnType<typeof page.locator>) =>
    expect(intersects(await locator.boundingBox(), 1366, 800), `${what} on screen`).toBe(true);
  const toggle = page.getByTestId("client-extension");
  const table = page.getByTestId("decision-table");
  const sequence = page.getByTestId("sequence-panel");
  await onScreen("the controls", toggle);
  await onScreen("the decision table", table);
  await onScreen("the view", page.locator('iframe[data-simulator="proxy"]'));
  await onScreen("the sequence", sequence);
  expect(await scrollY()).toBe(0);
  // A message's JSON opens beside the list, on the same screen.
  await sequence.getByTestId("trace").locator("li button").first().click();
  await onScreen("the message's JSON", page.getByTestId("message-json"));
  expect(await scrollY()).toBe(0);
  // A toggle: the table, the view and the sequence all change in sight.
  const run = Number(await status.getAttribute("data-run"));
  await toggle.uncheck();
  await expect(table.locator('[data-row="negotiation"]')).toHaveAttribute("data-verdict", "fail");
  await expect(status).toHaveAttribute("data-run", String(run + 1), { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect(page.getByTestId("view-panel")).toContainText("This run rendered no view.");
  await expect(sequence).toHaveAttribute("data-run", String(run + 1));
  await onScreen("the view panel", page.getByTestId("view-panel"));
  await onScreen("the sequence", sequence);
  expect(await scrollY()).toBe(0);
});

test("at 375 px a tab bar (keyboard: arrows, Home, End) switches between controls, table, view and sequence; a run made on Controls shows an initialized, sized view on View", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/simulator?preset=happy-path");
  const status = page.getByTestId("run-status");
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  const tabs = page.getByRole("tablist", { name: "Simulator panels" });
  const tab = (name: string) => tabs.getByRole("tab", { name, exact: true });
  await expect(tab("Controls")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("client-extension")).toBeVisible();
  // Run again while the view's panel is not shown.
  const run = Number(await status.getAttribute("data-run"));
  await page.getByTestId("run").click();
  await expect(status).toHaveAttribute("data-run", String(run + 1), { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });

  await tab("Controls").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Table")).toBeFocused();
  await expect(tab("Table")).toHaveAttribute("aria-selected", "true");
  await expect(tab("Controls")).toHaveAttribute("aria-selected", "false");
  await expect(page.getByTestId("client-extension")).toBeHidden();
  // The verdicts are in the first screen.
  const verdict = page.getByTestId("decision-table").locator('[data-row="negotiation"] td').first();
  await expect(verdict).toHaveText("pass");
  expect((await verdict.boundingBox())!.y + 20).toBeLessThanOrEqual(740);

  await page.keyboard.press("ArrowRight");
  await expect(tab("View")).toHaveAttribute("aria-selected", "true");
  const frame = page.locator('iframe[data-simulator="proxy"]');
  await expect(frame).toBeInViewport();
  const view = await getViewFrame(page);
  await expect(view.locator("#status")).toHaveAttribute("data-result", "1");
  // Sized: the host has applied the view's own size report (BRG-7), which the view sends from an
  // animation frame, so only once its frame is on screen.
  await expect.poll(() => frame.evaluate((el: HTMLElement) => el.style.height)).toMatch(/^\d+px$/);
  expect((await frame.boundingBox())!.height).toBeGreaterThan(100);

  await page.keyboard.press("ArrowRight");
  await expect(tab("Sequence")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("trace").locator("li").first()).toBeInViewport();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Controls")).toBeFocused();
  await page.keyboard.press("End");
  await expect(tab("Sequence")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tab("Controls")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("client-extension")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
