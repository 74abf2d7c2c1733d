import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { generateDrillItem } from "../lib/drill/generator";
import {
  answerOneInPractice,
  collectPageErrors,
  markLessonComplete,
  STORAGE_NAME,
  waitForHydration,
} from "./helpers";

const LESSON = "/lessons/what-mcp-apps-is";
const lessonRow = (page: Page) =>
  page.locator(`section[aria-labelledby="lessons-heading"] li:has(a[href="${LESSON}"])`);

const saved = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null")?.state, STORAGE_NAME);

/** Answers the second Negotiation question (after the first), right. */
async function answerSecondInPractice(page: Page) {
  const first = page.locator('form[data-question="neg-identifier-fill"]');
  await first.getByTestId("feedback").getByRole("button", { name: "Next question" }).click();
  const second = page.locator('form[data-question="neg-wrong-identifier"]');
  await second.getByLabel(/The key is wrong/).check();
  await second.getByRole("button", { name: "Check answer" }).click();
  await expect(second.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
}

test("answers in one tab and a lesson completed in another are both kept, and shown live", async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  const errors = [...collectPageErrors(a), ...collectPageErrors(b)];
  await b.goto(LESSON);
  await waitForHydration(b);

  await answerOneInPractice(a);
  await answerSecondInPractice(a);
  // Tab A also drills one generated item, right, which rates its rules' drill cards.
  const item = generateDrillItem({ seed: "tabs-0" });
  await a.goto("/quizzes/drill?seed=tabs");
  await waitForHydration(a);
  const drillForm = a.locator(`form[data-question="${item.question.id}"]`);
  const key = item.question.options.find((o) => o.id === item.question.answer)!.text;
  await drillForm.getByLabel(key, { exact: true }).check();
  await drillForm.getByRole("button", { name: "Check answer" }).click();
  await expect(drillForm.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await markLessonComplete(b);
  // B never saw A's drill, yet its write keeps A's drill cards and result.
  const afterB = await saved(b);
  expect(Object.keys(afterB.quiz.ruleCards).sort()).toEqual([...item.question.rules].sort());
  expect(Object.values(afterB.quiz.drillResults)).toHaveLength(1);

  const progress = await context.newPage();
  await progress.goto("/progress");
  await waitForHydration(progress);
  const neg = progress.getByTestId("mastery").locator('tr[data-topic="NEG"]');
  await expect(neg).toContainText(/^Two protocol eras2 of \d+/);
  await expect(lessonRow(progress)).toContainText("completed");
  await expect(
    progress.getByTestId("rule-mastery").locator(`tr[data-rule="${item.question.rules[0]}"]`),
  ).toContainText("1 of 1 right");

  // Tab A shows the lesson without a reload, and its next answer keeps it.
  await a.goto(LESSON);
  await waitForHydration(a);
  await expect(a.getByTestId("lesson-status")).toContainText("Completed");
  // Practice resumes where tab A left it; going back and answering the first question again writes.
  await a.goto("/quizzes/practice/neg");
  await waitForHydration(a);
  await expect(a.getByRole("heading", { name: /^Question 2 of/ })).toBeVisible();
  await a.getByRole("button", { name: "Previous question" }).click();
  const again = a.locator('form[data-question="neg-identifier-fill"]');
  await again.getByRole("button", { name: "Try again" }).click();
  await again.getByLabel("Your answer").fill("io.modelcontextprotocol/ui");
  await again.getByRole("button", { name: "Check answer" }).click();
  await expect(again.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await expect(neg).toContainText(/^Two protocol eras2 of \d+/);
  expect(Object.keys((await saved(a)).lessons.completed)).toEqual(["what-mcp-apps-is"]);

  // The open Progress page followed every change without a reload.
  await b.getByRole("button", { name: "Mark as not complete" }).click();
  await expect(lessonRow(progress)).toContainText("not yet");
  expect(errors).toEqual([]);
});

test("a review card rated in one tab is not brought back by the other tab's next write", async ({
  context,
}) => {
  // "Due today" ends at local midnight: pin the clock to midday, as the review spec does.
  await context.clock.setFixedTime(new Date("2026-06-15T12:00:00"));
  const a = await context.newPage();
  const b = await context.newPage();
  await answerOneInPractice(a);
  await b.goto(LESSON);
  await waitForHydration(b);

  await a.goto("/quizzes/review");
  await waitForHydration(a);
  const form = a.getByTestId("review").locator('form[data-question="neg-identifier-fill"]');
  await form.getByLabel("Your answer").fill("io.modelcontextprotocol/ui");
  await form.getByRole("button", { name: "Check answer" }).click();
  await form.locator('button[data-rating="Good"]').click();
  await expect(a.getByTestId("review-done")).toContainText("You answered 1 due card.");
  const rated = (await saved(a)).quiz.cards["neg-identifier-fill"];
  expect(rated.reps).toBe(2);

  await markLessonComplete(b);
  expect((await saved(b)).quiz.cards["neg-identifier-fill"]).toEqual(rated);

  await a.goto("/progress");
  await waitForHydration(a);
  await expect(a.getByTestId("due-summary")).toContainText("0 due today");
});

test("an exam running in one tab is not disturbed when another tab saves", async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await b.goto(LESSON);
  await waitForHydration(b);

  await a.goto("/quizzes/exam");
  await waitForHydration(a);
  await a.getByRole("button", { name: "Start exam" }).click();
  const exam = a.getByTestId("exam");
  await expect(exam.getByRole("heading", { name: /^Question 1 of \d+$/ })).toBeVisible();
  await exam.getByRole("button", { name: "Flag to check later" }).click();
  await exam.getByRole("button", { name: "Next" }).click();
  await expect(exam.getByRole("heading", { name: /^Question 2 of \d+$/ })).toBeVisible();

  await markLessonComplete(b);
  // Still on question 2, with the flag, in the tab that runs the exam, and after its reload.
  await expect(exam.getByRole("heading", { name: /^Question 2 of \d+$/ })).toBeVisible();
  await expect(a.getByTestId("exam-progress")).toContainText("Flagged 1");
  await a.reload();
  await waitForHydration(a);
  await expect(exam.getByRole("heading", { name: /^Question 2 of \d+$/ })).toBeVisible();
  await expect(a.getByTestId("exam-progress")).toContainText("Flagged 1");
  expect(Object.keys((await saved(a)).lessons.completed)).toEqual(["what-mcp-apps-is"]);
});
