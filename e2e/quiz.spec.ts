import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolationsInBothThemes,
  questionCount,
  waitForHydration,
} from "./helpers";

test("a practice question answered wrong, then one answered right, records progress", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Practice: Two protocol eras");

  const first = page.locator('form[data-question="neg-identifier-fill"]');
  await first.getByLabel("Your answer").fill("io.modelcontextprotocol/apps");
  await first.getByRole("button", { name: "Check answer" }).click();
  const feedback = first.getByTestId("feedback");
  await expect(feedback).toHaveAttribute("data-correct", "false");
  await expect(feedback).toContainText("Your answer: io.modelcontextprotocol/apps");
  await expect(feedback).toContainText("Accepted: io.modelcontextprotocol/ui");
  await expect(feedback).toContainText("NEG-1");
  await expect(feedback.getByRole("link", { name: "Study this in the lesson" })).toHaveAttribute(
    "href",
    "/lessons/what-mcp-apps-is",
  );

  await feedback.getByRole("button", { name: "Next question" }).click();
  const second = page.locator('form[data-question="neg-wrong-identifier"]');
  await expect(
    page.getByRole("heading", { name: `Question 2 of ${questionCount("negotiation")}` }),
  ).toBeFocused();
  // Keyboard only: Space picks the focused option, Tab reaches "Check answer", Enter submits.
  await second.getByLabel(/The key is wrong/).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const right = second.getByTestId("feedback");
  await expect(right).toHaveAttribute("data-correct", "true");
  await expect(right).toContainText("(your answer)");

  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByTestId("questions-answered")).toHaveText(/^2 of \d+$/);
  expect(errors).toEqual([]);
});

test("a predict-the-host question offers its scenario in the simulator only once answered", async ({
  page,
}) => {
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  const predict = page.locator('form[data-question="neg-predict-not-declared"]');
  for (let i = 0; i < 25 && !(await predict.isVisible()); i++) {
    await page.getByRole("button", { name: "Skip" }).click();
  }
  // Hidden until answered: the simulator would give the answer away.
  await expect(predict.locator("input").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Run it in the simulator" })).toHaveCount(0);
  await predict.getByLabel(/uses the tool's text content/).check();
  await predict.getByRole("button", { name: "Check answer" }).click();
  await expect(predict.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await expect(predict.getByRole("link", { name: "Run it in the simulator" })).toHaveAttribute(
    "href",
    "/simulator?preset=client-without-extension",
  );
});

test("mixed practice covers every topic and can be reshuffled", async ({ page }) => {
  await page.goto("/quizzes/practice/mixed");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /^Question 1 of \d{3}$/ })).toBeVisible();
  const before = await page.locator("form[data-question]").getAttribute("data-question");
  // Another seed almost surely starts elsewhere; retry a few times to rule out a coincidence.
  let after = before;
  for (let i = 0; i < 5 && after === before; i++) {
    await page.getByRole("button", { name: "Shuffle" }).click();
    after = await page.locator("form[data-question]").getAttribute("data-question");
  }
  expect(after).not.toBe(before);
});

test(`quiz hub and practice feedback have no serious axe violations (light and dark)`, async ({
  page,
}) => {
  await page.goto("/quizzes");
  await waitForHydration(page);
  await expect(page.getByTestId("hub-status")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);

  await page.goto("/quizzes/practice/perm");
  await waitForHydration(page);
  const form = page.locator("form[data-question]");
  await form.locator("input").first().check();
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);

  // An ordering question, moved by keyboard: focus follows the moved step.
  await page.goto("/quizzes/practice/brg");
  await waitForHydration(page);
  const order = page.getByTestId("order-input");
  for (let i = 0; i < 10 && !(await order.isVisible()); i++) {
    await page.getByRole("button", { name: "Skip" }).click();
  }
  await order.getByRole("button", { name: "Move down (step 1)" }).press("Enter");
  await expect(order.getByRole("button", { name: "Move down (step 2)" })).toBeFocused();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("practice fits a 375 px wide screen: the question and its first option in the first screen, the header folded into a menu", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/quizzes/practice/csp");
  await waitForHydration(page);
  const form = page.locator("form[data-question]");
  // The first screen (740 px), unscrolled, shows the question: its heading and the start of its
  // stem (this one goes on with a long JSON listing)...
  await expect(form).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const stem = form.getByText("A reviewer opens this", { exact: false }).first();
  expect((await stem.boundingBox())!.y + 60).toBeLessThanOrEqual(740);
  // The header is one row; its links wait behind a Menu button, opened and closed by keyboard.
  const header = page.locator(".site-header");
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await expect(mainNav).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(mainNav.getByRole("link", { name: "Lessons" })).toBeVisible();
  await expect(page.getByTestId("theme-select")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(mainNav).toBeHidden();
  await expect(menu).toBeFocused();
  // ...and a question with a short stem has its answer box in the first screen as well.
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  const answer = page.locator("form[data-question]").locator("input, textarea, [data-step]");
  await expect(answer.first()).toBeVisible();
  expect((await answer.first().boundingBox())!.y + 40).toBeLessThanOrEqual(740);
  await page.goto("/quizzes/practice/csp");
  await waitForHydration(page);

  await form.locator("input").first().check();
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
