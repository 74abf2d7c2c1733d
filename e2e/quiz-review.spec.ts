import { expect, test } from "./fixtures";
import {
  answerOneInPractice,
  collectPageErrors,
  expectNoSeriousA11yViolationsInBothThemes,
  waitForHydration,
} from "./helpers";

// A first card is due minutes after its answer; "due today" ends at local midnight. Pin the page's
// clock to midday so the outcome does not depend on when the suite runs (it failed at 23:50).
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date("2026-06-15T12:00:00"));
});

test("an answered question becomes a due card, and reviewing it shows each rating's interval", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/quizzes/review");
  await waitForHydration(page);
  await expect(page.getByTestId("review-done")).toContainText("You have no cards yet");

  await answerOneInPractice(page);
  await page.goto("/quizzes");
  await waitForHydration(page);
  await expect(page.getByTestId("due-count")).toHaveText("1");

  await page.getByRole("link", { name: "answer them" }).click();
  await waitForHydration(page);
  const review = page.getByTestId("review");
  await expect(review.getByRole("heading", { name: "Card 1 of 1 due today" })).toBeVisible();
  const form = review.locator('form[data-question="neg-identifier-fill"]');
  await form.getByLabel("Your answer").fill("io.modelcontextprotocol/ui");
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toHaveAttribute("data-correct", "true");

  const ratings = form.getByRole("group", { name: /How well did you know it/ });
  for (const label of ["Again", "Hard", "Good", "Easy"]) {
    await expect(ratings.locator(`button[data-rating="${label}"]`)).toHaveText(
      new RegExp(`^${label} · next in \\d+(\\.\\d)? (min|h|days?|mo|yr)$`),
    );
  }
  await expect(ratings.locator('button[data-rating="Again"]')).toBeFocused();
  await ratings.locator('button[data-rating="Good"]').click();

  await expect(page.getByTestId("review-done")).toContainText("You answered 1 due card.");
  // Issue #36: focus goes to what replaced the card, not back to <body>.
  await expect(
    page.getByTestId("review-done").getByRole("heading", { name: "Done for now" }),
  ).toBeFocused();
  await expect(page.getByTestId("review-done")).toContainText("The next one is due in");
  await page.goto("/progress");
  await waitForHydration(page);
  await expect(page.getByTestId("due-summary")).toContainText("1 card");
  expect(errors).toEqual([]);
});

test(`the review page has no serious axe violations (light and dark)`, async ({ page }) => {
  await answerOneInPractice(page);
  await page.goto("/quizzes/review");
  await waitForHydration(page);
  const form = page.getByTestId("review").locator("form[data-question]");
  await form.getByLabel("Your answer").fill("wrong");
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByRole("group", { name: /How well/ })).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
