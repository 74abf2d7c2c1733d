import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolationsInBothThemes,
  markLessonComplete,
  waitForHydration,
} from "./helpers";

const LESSON = "/lessons/who-may-call-a-tool";

test("renders the sample lesson from MDX with a live visibility matrix", async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(LESSON);
  await expect(page.getByRole("heading", { level: 1, name: "Who may call a tool" })).toBeVisible();
  // A pinned heading id from the MDX source, linked from the on-page contents.
  await expect(page.locator("h2#same-server")).toHaveText("Same server only");
  await expect(
    page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: "Same server only" }),
  ).toHaveAttribute("href", "#same-server");

  const widget = page.locator('[data-widget="visibility-matrix"]');
  const verdict = (caller: string) => widget.locator(`tr[data-caller="${caller}"] [data-verdict]`);
  await expect(verdict("agent")).toHaveAttribute("data-verdict", "allowed");
  await expect(verdict("same")).toHaveAttribute("data-verdict", "allowed");
  await expect(verdict("other")).toHaveAttribute("data-verdict", "refused");

  await widget.getByLabel('["app"]').check();
  await expect(verdict("agent")).toHaveAttribute("data-verdict", "refused");
  await expect(verdict("same")).toHaveAttribute("data-verdict", "allowed");
  await expect(widget.locator('tr[data-caller="agent"]')).toContainText("TOOL-3");

  await widget.getByLabel("[]", { exact: true }).check();
  await expect(verdict("agent")).toHaveAttribute("data-verdict", "refused");
  await expect(verdict("same")).toHaveAttribute("data-verdict", "refused");
  expect(errors).toEqual([]);
});

test("marking a lesson complete survives a reload and shows on the home page", async ({ page }) => {
  await page.goto(LESSON);
  await waitForHydration(page).catch(() => undefined);
  await markLessonComplete(page);
  await page.reload();
  await expect(page.getByTestId("lesson-status")).toContainText("Completed");
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByTestId("lessons-done")).toHaveText(/^1 of \d+$/);
});

test("the mark-complete button waits for the saved progress: disabled until the store has loaded", async ({
  browser,
}) => {
  // Without scripts the store never loads: a click there (or before hydration) would be lost, or
  // overwritten by the saved state once it is read, so the button must not offer itself.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(LESSON);
  await expect(page.getByRole("button", { name: "Mark lesson complete" })).toBeDisabled();
  await context.close();
});

test(`lesson page has no serious accessibility violation (light and dark)`, async ({ page }) => {
  await page.goto(LESSON);
  await expect(page.locator('[data-widget="visibility-matrix"]')).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
