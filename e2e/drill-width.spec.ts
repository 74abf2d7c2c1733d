import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/**
 * Issue #36: at 375 px the drill page scrolled sideways, pushed out by the rule <select> (its
 * longest option is a whole sentence). Nothing on the page may be wider than the viewport.
 */
test("the drill page does not scroll sideways at 375 px, before or after an answer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/quizzes/drill?seed=width");
  await waitForHydration(page);
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  const form = page.locator("form[data-question]");
  await form.locator("label.option").first().click();
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
