import { readdirSync, readFileSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  coldPageRoutingChunk,
  collectPageErrors,
  expectNoSeriousA11yViolationsInBothThemes,
  STORAGE_NAME,
  waitForHydration,
} from "./helpers";

/** Gives the question on screen some answer, whatever its type (right or wrong does not matter). */
async function answerAnything(exam: Locator) {
  const form = exam.locator("form[data-question]");
  const text = form.getByLabel("Your answer");
  if (await text.count()) return text.fill("something");
  const radio = form.locator('input[type="radio"]');
  if (await radio.count()) return radio.first().check();
  const box = form.locator('input[type="checkbox"]');
  if (await box.count()) return box.first().check();
  return form
    .getByRole("button", { name: /^Move down/ })
    .first()
    .click();
}

async function startExam(page: Page) {
  await page.goto("/quizzes/exam");
  await waitForHydration(page);
  // Readiness is shown before starting (nothing answered yet in a fresh context: 0 %).
  await expect(page.getByTestId("exam-readiness-figure")).toHaveText("0 %");
  await page.getByRole("button", { name: "Start exam" }).click();
  const exam = page.getByTestId("exam");
  await expect(exam.getByRole("heading", { name: "Question 1 of 40" })).toBeVisible();
  return exam;
}

test("an exam is flagged, survives a reload, is reviewed, submitted and broken down by topic", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const exam = await startExam(page);
  await expect(page.getByTestId("countdown")).toHaveText(/^(1:00:00|59:[0-5]\d)$/);
  // No feedback while the exam runs.
  await answerAnything(exam);
  await expect(page.getByTestId("feedback")).toHaveCount(0);
  await expect(page.getByTestId("exam-progress")).toHaveText("Answered 1 of 40 · Flagged 0");

  await exam.getByRole("button", { name: "Next" }).click();
  await expect(exam.getByRole("heading", { name: /^Question 2 of 40/ })).toBeFocused();
  const flagged = await exam.locator("form[data-question]").getAttribute("data-question");
  const flag = exam.getByRole("button", { name: "Flag to check later" });
  await flag.click();
  await expect(flag).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await waitForHydration(page);
  await expect(exam.getByRole("heading", { name: "Question 2 of 40 · flagged" })).toBeVisible();
  await expect(exam.locator("form[data-question]")).toHaveAttribute("data-question", flagged!);
  await expect(page.getByTestId("exam-progress")).toHaveText("Answered 1 of 40 · Flagged 1");
  await expect(
    exam.getByRole("button", { name: "Question 1, answered", exact: true }),
  ).toBeVisible();

  await exam.getByRole("button", { name: "Check and submit" }).click();
  const review = page.getByTestId("exam-review");
  await expect(review).toContainText("39 questions have no answer");
  // Five of the 40 are generated items, drawn again from their ids like bank questions.
  await expect(review.locator('tr[data-review-row^="gen:"]')).toHaveCount(5);
  await expect(review).not.toContainText("removed from the bank");
  await expect(review.locator(`tr[data-review-row="${flagged}"]`)).toHaveAttribute(
    "data-flagged",
    "true",
  );
  // Back to a question from the check screen, then submit.
  await review.getByRole("button", { name: "Go to question 2", exact: true }).click();
  await expect(exam.locator("form[data-question]")).toHaveAttribute("data-question", flagged!);
  await exam.getByRole("button", { name: "Check and submit" }).click();
  await review.getByRole("button", { name: "Submit exam" }).click();

  const results = page.getByTestId("exam-results");
  await expect(results.getByTestId("exam-score")).toHaveText(/^[01] of 40 \((0|2\.5) %\)$/);
  await expect(results.getByTestId("exam-verdict")).toHaveText("Not passed");
  await expect(results).toContainText("Pass mark 70 %");
  const rows = results.getByTestId("topic-breakdown").locator("tbody tr");
  await expect(rows).toHaveCount(9);
  const scores = (await rows.locator("td.score-cell").allTextContents()).map((t) =>
    Number(t.replace(/[^\d.]/g, "")),
  );
  expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  const missed = results.getByTestId("missed-list").locator(":scope > li");
  expect(await missed.count()).toBeGreaterThanOrEqual(39);
  const firstMissed = missed.first();
  await expect(firstMissed.getByTestId("feedback")).toBeVisible();
  await expect(firstMissed.getByRole("link", { name: "Study this in the lesson" })).toHaveAttribute(
    "href",
    /^\/lessons\/[a-z0-9-]+(#[a-z0-9-]+)?$/,
  );

  // Kept in the history, after a reload too.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("exam-results")).toBeVisible();
  // The generated items' stems and feedback come back after the reload too.
  const generatedMissed = page.getByTestId("missed-list").locator('li[data-question^="gen:"]');
  expect(await generatedMissed.count()).toBeGreaterThanOrEqual(4);
  await expect(generatedMissed.first()).toContainText("Predict the host.");
  await expect(generatedMissed.first().getByTestId("feedback")).toBeVisible();
  await expect(page.getByTestId("missed-list")).not.toContainText("removed from the bank");
  await page.getByRole("button", { name: "All exams" }).click();
  await expect(page.getByTestId("exam-history").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("exam-history").getByTestId("exam-kind")).toHaveText(
    "Full exam, 40 questions",
  );

  // The Progress page lists it too, and links back to these results.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Progress" })
    .click();
  const history = page.getByTestId("progress-exam-history");
  await expect(history.locator("tbody tr")).toHaveCount(1);
  await expect(history.getByTestId("progress-exam-time")).toHaveText(/^(\d+ min )?\d+ s$/);
  await history.getByRole("link").click();
  await expect(page.getByTestId("exam-results")).toBeVisible();
  expect(errors).toEqual([]);
});

/** Every bank question's id and topic, read from content/quizzes. */
function bankQuestions(): { id: string; topic: string }[] {
  const dir = new URL("../content/quizzes/", import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap(
      (f) =>
        (
          JSON.parse(readFileSync(new URL(f, dir), "utf8")) as {
            questions: { id: string; topic: string }[];
          }
        ).questions,
    )
    .map(({ id, topic }) => ({ id, topic }));
}

/** A history entry as saved before exams kept their kind: `questions`, all right but `missed`. */
function recordWithoutKind(
  id: string,
  questions: { id: string; topic: string }[],
  missed: string[],
  submittedAt: string,
) {
  const byTopic = [...new Set(questions.map((q) => q.topic))].map((topic) => {
    const ids = questions.filter((q) => q.topic === topic).map((q) => q.id);
    return { topic, total: ids.length, correct: ids.filter((q) => !missed.includes(q)).length };
  });
  return {
    id,
    seed: id,
    questionIds: questions.map((q) => q.id),
    startedAt: "2026-11-20T09:00:00.000Z",
    submittedAt,
    durationMs: 60 * 60_000,
    autoSubmitted: false,
    responses: {},
    correct: questions.length - missed.length,
    total: questions.length,
    passMark: 0.7,
    passed: (questions.length - missed.length) / questions.length >= 0.7,
    byTopic,
    missed,
  };
}

/** Submits the running exam as it stands, from any question, and waits for its results. */
async function submitAsItStands(page: Page) {
  await page.getByTestId("exam").getByRole("button", { name: "Check and submit" }).click();
  await page.getByTestId("exam-review").getByRole("button", { name: "Submit exam" }).click();
  await expect(page.getByTestId("exam-results")).toBeVisible();
}

test("the exam history tells a full exam, a one-question retake, a topic exam and records saved before kinds were kept apart, here and on Progress", async ({
  page,
}) => {
  test.slow(); // a full exam's results, three shorter ones, and the Progress page
  const bank = bankQuestions();
  const forty = bank.slice(0, 40);
  const missedId = forty[0]!.id;
  const state = {
    lessons: { completed: {} },
    quiz: {
      answers: {},
      cards: {},
      exam: null,
      exams: [
        recordWithoutKind("old-full", forty, [missedId], "2026-11-20T10:00:00.000Z"),
        recordWithoutKind("old-short", bank.slice(40, 42), [], "2026-11-19T10:00:00.000Z"),
      ],
    },
    preferences: { theme: "system" },
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [STORAGE_NAME, JSON.stringify({ state, version: 2 })],
  );
  await page.goto("/quizzes/exam?result=old-full");
  await waitForHydration(page);
  const results = page.getByTestId("exam-results");
  await expect(results.getByTestId("exam-kind")).toHaveText(
    "Earlier exam (saved before its kind was kept), 40 questions",
  );

  // A retake of the one missed question is a one-question exam, and its results say so.
  await results.getByRole("button", { name: "Retake the 1 missed" }).click();
  const exam = page.getByTestId("exam");
  await expect(exam.getByRole("heading", { name: "Question 1 of 1" })).toBeVisible();
  await expect(exam.locator("form[data-question]")).toHaveAttribute("data-question", missedId);
  await submitAsItStands(page);
  await expect(results.getByTestId("exam-kind")).toHaveText("Retake of missed, 1 question");
  await expect(results.getByTestId("exam-score")).toHaveText("0 of 1 (0 %)");

  // A topic exam from the retake's results.
  const topicButton = results.getByRole("button", { name: /^Topic exam: / });
  const topic = (await topicButton.getAttribute("aria-label"))!
    .replace(/^Topic exam: /, "")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await topicButton.click();
  await expect(exam.getByRole("heading", { name: /^Question 1 of \d+$/ })).toBeVisible();
  await submitAsItStands(page);
  await expect(results.getByTestId("exam-kind")).toHaveText(
    new RegExp(`^Topic exam: ${topic}, \\d+ questions$`),
  );

  // And a full exam.
  await results.getByRole("button", { name: "All exams" }).click();
  await page.getByRole("button", { name: "Start exam" }).click();
  await expect(exam.getByRole("heading", { name: "Question 1 of 40" })).toBeVisible();
  await submitAsItStands(page);
  await expect(results.getByTestId("exam-kind")).toHaveText("Full exam, 40 questions");

  const expected = [
    "Full exam, 40 questions",
    new RegExp(`^Topic exam: ${topic}, \\d+ questions$`),
    "Retake of missed, 1 question",
    "Earlier exam (saved before its kind was kept), 40 questions",
    "Shorter exam (a retake or a topic exam; saved before its kind was kept), 2 questions",
  ];
  await results.getByRole("button", { name: "All exams" }).click();
  await expect(page.getByTestId("exam-history").getByTestId("exam-kind")).toHaveText(expected);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Progress" })
    .click();
  await expect(
    page.getByTestId("progress-exam-history").getByTestId("progress-exam-kind"),
  ).toHaveText(expected);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("the countdown submits the exam by itself when time runs out", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-30T09:00:00Z") });
  const exam = await startExam(page);
  await answerAnything(exam);
  await page.clock.fastForward("59:00");
  await expect(page.getByTestId("countdown")).toHaveText(/^[01]:\d\d$/);
  await page.clock.fastForward("01:05");
  const results = page.getByTestId("exam-results");
  await expect(results).toContainText("automatically when the time ran out");
  await expect(results.getByTestId("exam-score")).toHaveText(/ of 40 /);
});

test("an exam left open past its deadline is submitted as soon as the page opens again", async ({
  page,
}) => {
  await page.clock.install({ time: new Date("2026-11-30T09:00:00Z") });
  await startExam(page);
  await page.goto("/quizzes");
  await page.clock.setFixedTime(new Date("2026-11-30T11:00:00Z"));
  await page.goto("/quizzes/exam");
  await expect(page.getByTestId("exam-results")).toContainText(
    "automatically when the time ran out",
  );
  await page.getByRole("button", { name: "All exams" }).click();
  await expect(page.getByTestId("exam-history")).toContainText("Not passed (time ran out)");
});

test(`exam, answer check and results have no serious axe violations (light and dark)`, async ({
  page,
}) => {
  // Three full axe runs, one over 40 explained questions: slow on a busy machine.
  test.slow();
  const exam = await startExam(page);
  await answerAnything(exam);
  await exam.getByRole("button", { name: "Flag to check later" }).click();
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await exam.getByRole("button", { name: "Check and submit" }).click();
  await expect(page.getByTestId("exam-review")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await page.getByRole("button", { name: "Submit exam" }).click();
  await expect(page.getByTestId("exam-results")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("the exam fits a 375 px wide screen without sideways scrolling, its question in the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const exam = await startExam(page);
  // The question's heading and the start of its stem are in view, whatever the page scrolled to.
  const heading = exam.getByRole("heading", { name: "Question 1 of 40" });
  const top = (await heading.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top + 120).toBeLessThanOrEqual(740);
  await answerAnything(exam);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(375);
  await exam.getByRole("button", { name: "Check and submit" }).click();
  await expect(page.getByTestId("exam-review")).toBeVisible();
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => !e.closest(".table-scroll") && e.getBoundingClientRect().right > 376)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 10),
  );
  expect(wide).toEqual([]);
  expect(await width()).toBeLessThanOrEqual(375);
});

test("the running exam's code is a chunk of its own: when it fails to load, Start keeps the exam and Try again brings it", async ({
  browser,
}) => {
  // A cold context, so the exam's engine chunk (exam-engine.ts) is really fetched; it is refused
  // until `serve` is set, as on a connection that drops for a moment.
  let serve = false;
  let refused = 0;
  const { page, close } = await coldPageRoutingChunk(
    browser,
    "Abandon exam",
    async (route, body) => {
      if (serve) return route.fulfill({ body, contentType: "text/javascript" });
      refused++;
      await route.abort("failed");
    },
  );
  await page.goto("/quizzes/exam");
  await waitForHydration(page);
  await expect.poll(() => refused).toBeGreaterThan(0);
  // The start page needs none of it.
  await page.getByRole("button", { name: "Start exam" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "did not load" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Your exam and your answers are saved");
  // The exam was started and saved all the same.
  const saved = () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem("mcp-apps-academy:progress")!).state.quiz.exam,
    );
  expect((await saved()).questionIds).toHaveLength(40);
  serve = true;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(
    page.getByTestId("exam").getByRole("heading", { name: "Question 1 of 40" }),
  ).toBeVisible();
  await close();
});
