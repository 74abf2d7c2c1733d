import { readFileSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { STORAGE_NAME, expectNoSeriousA11yViolations, waitForHydration } from "./helpers";

/** Answers the question in `form`, whatever its type, and checks it. */
async function answerAndCheck(form: Locator) {
  // The question's controls first: counted before they are drawn, the branches below would pick
  // the wrong kind of question (a full run once waited for an ordering's "Move down" on a
  // multiple-choice question until the test timed out).
  await expect(form.locator("input, textarea, [data-step]").first()).toBeVisible();
  const text = form.getByLabel("Your answer");
  if (await text.count()) await text.fill("something");
  else if (await form.locator('input[type="radio"]').count())
    await form.locator('input[type="radio"]').first().check();
  else if (await form.locator('input[type="checkbox"]').count()) {
    const boxes = form.locator('input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
  } else
    await form
      .getByRole("button", { name: /^Move down/ })
      .first()
      .click();
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
}

const saved = async (page: Page) =>
  JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_NAME))!).state;

test("a revisited practice question shows its answer, and practice resumes after a reload and Back", async ({
  page,
}) => {
  await page.goto("/quizzes/practice/csp");
  await waitForHydration(page);
  const form = page.locator("form[data-question]");
  const first = (await form.getAttribute("data-question"))!;
  await answerAndCheck(form);
  // Focus goes to the feedback, not to <body> where the button was.
  await expect(form.getByTestId("feedback")).toBeFocused();
  const shownWith = await form.getAttribute("data-seed");

  await form.getByRole("button", { name: "Next question" }).click();
  await expect(page.getByRole("heading", { name: /^Question 2 of \d+$/ })).toBeFocused();
  await page.getByRole("button", { name: "Previous question" }).click();
  await expect(form).toHaveAttribute("data-question", first);
  // The answer given, in the order it was shown, and no second attempt recorded.
  await expect(form.getByTestId("feedback")).toBeVisible();
  await expect(form).toHaveAttribute("data-seed", shownWith!);
  await expect(form.getByRole("button", { name: "Try again" })).toBeVisible();
  expect((await saved(page)).quiz.answers[first].attempts).toBe(1);

  await page.getByRole("button", { name: "Skip" }).click();
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("heading", { name: /^Question 3 of \d+$/ })).toBeVisible();
  const third = await form.getAttribute("data-question");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /^Question 3 of \d+$/ })).toBeVisible();
  await expect(form).toHaveAttribute("data-question", third!);
  await page.getByRole("link", { name: "Quizzes", exact: true }).first().click();
  await expect(page).toHaveURL(/\/quizzes$/);
  await page.goBack();
  await expect(page.getByRole("heading", { name: /^Question 3 of \d+$/ })).toBeVisible();

  // "Try again" is a new attempt.
  await page.getByRole("button", { name: "Previous question" }).click();
  await page.getByRole("button", { name: "Previous question" }).click();
  await form.getByRole("button", { name: "Try again" }).click();
  await expect(form.getByRole("button", { name: "Check answer" })).toBeVisible();
});

test("'Select N' stops at N, and the feedback marks only what was chosen wrong", async ({
  page,
}) => {
  await page.goto("/quizzes/practice/csp");
  await waitForHydration(page);
  const form = page.locator("form[data-question]");
  const boxes = form.locator('input[type="checkbox"]');
  for (let i = 0; i < 30 && !(await boxes.count()); i++) {
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(form.locator("input, [data-step]").first()).toBeVisible();
  }
  const n = Number((await form.getByText(/^Select \d+\.$/).textContent())!.match(/\d+/)![0]);
  const total = await boxes.count();
  for (let k = 0; k < n; k++) await boxes.nth(k).check();
  await expect(form.getByTestId("select-count")).toContainText(`${n} of ${n} chosen`);
  for (let k = n; k < total; k++) await expect(boxes.nth(k)).toBeDisabled();
  await boxes.nth(0).uncheck();
  await expect(boxes.nth(n)).toBeEnabled();
  await boxes.nth(0).check();

  await form.getByRole("button", { name: "Check answer" }).click();
  const items = form.getByTestId("feedback").locator("li[data-option]");
  await expect(items).toHaveCount(total);
  // Once graded, the count and its "untick one" hint are gone: nothing can be changed any more.
  await expect(form.getByTestId("select-count")).toHaveCount(0);
  for (let k = 0; k < total; k++) {
    const verdict = await items.nth(k).getAttribute("data-verdict");
    const mark = await items.nth(k).locator(".option-mark").textContent();
    // Chosen options are the first n shown; a wrong option left unticked carries no ✗.
    expect(verdict!.startsWith("chosen")).toBe(k < n);
    if (verdict === "left") expect(mark).toBe("");
    if (verdict === "chosen-wrong") expect(mark).toBe("✗");
  }
});

test("keyboard shortcuts answer, check and move in practice, and flag and move in the exam", async ({
  page,
}) => {
  await page.goto("/quizzes/practice/perm");
  await waitForHydration(page);
  await expect(page.getByTestId("shortcuts")).toContainText("check the answer");
  const form = page.locator("form[data-question]");
  const skip = page.getByRole("button", { name: "Skip" });
  for (let i = 0; i < 30 && !(await form.locator('input[type="radio"]').count()); i++) {
    await skip.click();
    await expect(form.locator("input, [data-step]").first()).toBeVisible();
  }
  const heading = await page.getByRole("heading", { name: /^Question \d+ of/ }).textContent();
  const at = Number(heading!.match(/\d+/)![0]);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("2");
  await expect(form.locator('input[type="radio"]').nth(1)).toBeChecked();
  await page.keyboard.press("Enter");
  await expect(form.getByTestId("feedback")).toBeVisible();
  await page.keyboard.press("n");
  await expect(
    page.getByRole("heading", { name: `Question ${at + 1} of`, exact: false }),
  ).toBeVisible();

  await page.goto("/quizzes/exam");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start exam" }).click();
  const exam = page.getByTestId("exam");
  await expect(exam.getByTestId("shortcuts")).toContainText("flag to check later");
  await page.keyboard.press("f");
  await expect(page.getByTestId("exam-progress")).toHaveText("Answered 0 of 40 · Flagged 1");
  await page.keyboard.press("n");
  await expect(exam.getByRole("heading", { name: /^Question 2 of 40/ })).toBeVisible();
  await page.keyboard.press("p");
  await expect(exam.getByRole("heading", { name: "Question 1 of 40 · flagged" })).toBeVisible();
});

test("exam results mark flagged questions, time the exam and offer retakes", async ({ page }) => {
  await page.goto("/quizzes/exam");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start exam" }).click();
  const exam = page.getByTestId("exam");
  const flagged = await exam.locator("form[data-question]").getAttribute("data-question");
  await exam.getByRole("button", { name: "Flag to check later" }).click();
  await exam.getByRole("button", { name: "Check and submit" }).click();
  await page.getByRole("button", { name: "Submit exam" }).click();
  const results = page.getByTestId("exam-results");
  await expect(results.getByTestId("exam-flagged-summary")).toContainText("You flagged 1 question");
  await expect(results.locator(`li[data-question="${flagged}"]`)).toHaveAttribute(
    "data-flagged",
    "true",
  );
  // The time taken names its unit: "0:56" could be minutes as well as seconds.
  await expect(results.getByTestId("exam-time-taken")).toHaveText(/^\d+ s$/);
  // Beyond the missed questions, the flagged ones alone, or every question, can be shown.
  const listed = results.getByTestId("missed-list").locator(":scope > li");
  await expect(listed).toHaveCount(40);
  await results.getByLabel("Flagged (1)").check();
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toHaveAttribute("data-question", flagged!);
  await results.getByLabel("Every question (40)").check();
  await expect(listed).toHaveCount(40);
  await expect(results.getByRole("heading", { name: "Every question (40)" })).toBeVisible();
  await expect(results.getByRole("button", { name: "Retake the 40 missed" })).toBeVisible();
  await results.getByRole("button", { name: "Topic exam: Two protocol eras" }).click();
  await expect(exam.getByRole("heading", { name: /^Question 1 of 10/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a practice set ends with its score, the missed questions as links back and next steps, axe clean in both themes", async ({
  page,
}) => {
  test.setTimeout(60_000); // two axe passes
  const bank = JSON.parse(
    readFileSync(new URL("../content/quizzes/authorization.json", import.meta.url), "utf8"),
  ) as { questions: { id: string; topic: string }[] };
  const ids = bank.questions.filter((q) => q.topic === "AUTHZ").map((q) => q.id);
  const at = "2026-11-29T12:00:00.000Z";
  const answer = (lastCorrect: boolean) => ({
    attempts: 1,
    correct: lastCorrect ? 1 : 0,
    lastAnsweredAt: at,
    lastCorrect,
  });
  // One right, two missed, the rest never answered; practice stands at the last question.
  const state = {
    lessons: { completed: {} },
    quiz: {
      answers: { [ids[0]!]: answer(true), [ids[1]!]: answer(false), [ids[2]!]: answer(false) },
      cards: {},
      exam: null,
      exams: [],
      practice: { authz: { questionId: ids.at(-1)! } },
    },
    preferences: { theme: "system" },
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [STORAGE_NAME, JSON.stringify({ state, version: 2 })],
  );
  await page.goto("/quizzes/practice/authz");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Finish" }).click();
  const summary = page.getByTestId("practice-summary");
  await expect(summary.getByRole("heading", { name: "Your score on this set" })).toBeFocused();
  // 1 of 13 is 7.69 %: one decimal, rounded down.
  await expect(summary.getByTestId("practice-score")).toHaveText(
    `1 of ${ids.length} right (${Math.floor(1000 / ids.length) / 10} %)`,
  );
  await expect(summary.getByTestId("practice-missed").locator("li")).toHaveCount(2);
  await expect(summary.getByTestId("practice-skipped").locator("li")).toHaveCount(ids.length - 3);
  const next = summary.getByTestId("practice-next-steps");
  await expect(next.getByRole("link", { name: "Server-side authorization" })).toHaveAttribute(
    "href",
    "/lessons/server-side-authorization",
  );
  await expect(next.getByRole("link", { name: "take a practice exam" })).toBeVisible();
  await expect(page.getByText("End of this bank.")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  // A missed question links back to itself, with the answer that was given.
  await summary.getByTestId("practice-missed").getByRole("button", { name: "Question 2" }).click();
  await expect(page.getByRole("heading", { name: `Question 2 of ${ids.length}` })).toBeFocused();
  await expect(page.locator(`form[data-question="${ids[1]}"]`)).toBeVisible();
});

test("the review page says why a first answer is due today, and rates by keyboard", async ({
  page,
}) => {
  // Midday, so the new card (due minutes after the answer) is due today (see quiz-review.spec).
  await page.clock.setFixedTime(new Date("2026-06-15T12:00:00"));
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  await answerAndCheck(page.locator("form[data-question]"));
  await page.goto("/quizzes/review");
  await waitForHydration(page);
  // The scheduling explanation is one line to open, not two paragraphs above every card.
  const why = page.getByTestId("why-due-today");
  await expect(why).toContainText("10 minutes after a right answer");
  await expect(why.getByText(/10 minutes after a right answer/)).toBeHidden();
  await why.getByText("Why is a question I just answered already due?").click();
  await expect(why.getByText(/10 minutes after a right answer/)).toBeVisible();
  const form = page.locator("form[data-question]");
  await answerAndCheck(form);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("3");
  await expect(page.getByTestId("review-done")).toBeVisible();
});

test("a lesson self-check shows the earlier answer after a reload", async ({ page }) => {
  await page.goto("/lessons/who-may-call-a-tool");
  await waitForHydration(page);
  // The self-check's code loads as the reader nears it (an island, app/_components/widgets/lazy).
  const island = page.locator('[data-island="self-check"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-ready", "");
  const card = page.locator('[data-widget="self-check"] form[data-question]').first();
  await expect(card.locator("input, [data-step]").first()).toBeVisible();
  await answerAndCheck(card);
  const id = await card.getAttribute("data-question");
  await page.reload();
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-ready", "");
  const again = page.locator(`[data-widget="self-check"] form[data-question="${id}"]`);
  await expect(again.getByTestId("feedback")).toBeVisible();
  await expect(again.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("an ordering's feedback shows the learner's order beside the right one", async ({ page }) => {
  await page.goto("/quizzes/practice/brg");
  await waitForHydration(page);
  const form = page.locator("form[data-question]");
  const order = form.getByTestId("order-input");
  for (let i = 0; i < 30 && !(await order.isVisible()); i++) {
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(form.locator("input, [data-step]").first()).toBeVisible();
  }
  const given = await order
    .locator("[data-step]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-step")));
  await form.getByRole("button", { name: "Check answer" }).click();
  const compare = form.getByTestId("order-compare");
  await expect(compare).toContainText("Your order:");
  await expect(compare).toContainText("The right order:");
  expect(
    await compare
      .locator("[data-step]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-step"))),
  ).toEqual(given);
  // It never starts right, so at least one step is out of place.
  await expect(compare.locator("li.verdict-fail").first()).toBeVisible();
});

test("a code example in an answered question's stem stays reachable by keyboard (axe clean)", async ({
  page,
}) => {
  await page.goto("/lessons/resource-metadata-and-caching");
  await waitForHydration(page);
  const island = page.locator('[data-island="self-check"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-ready", "");
  const card = page.locator('[data-widget="self-check"] form[data-question]', {
    has: page.locator(".stem pre"),
  });
  await expect(card.first()).toBeVisible();
  for (const form of await card.all()) await answerAndCheck(form);
  const pre = card.first().locator(".stem pre").first();
  await pre.focus();
  await expect(pre).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
