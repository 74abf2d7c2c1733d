import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { firstCard } from "../lib/quiz/review";
import {
  answerOneInPractice,
  collectPageErrors,
  expectNoSeriousA11yViolations,
  markLessonComplete,
  waitForHydration,
} from "./helpers";

const negotiationRow = (page: Page) => page.getByTestId("mastery").locator('tr[data-topic="NEG"]');
const lessonRow = (page: Page, slug: string) =>
  page.locator(`section[aria-labelledby="lessons-heading"] li:has(a[href="/lessons/${slug}"])`);

const AT = "2026-11-30T10:00:00.000Z";

function exportFile(progress: unknown, exportedAt: unknown = AT) {
  return {
    name: "progress.json",
    mimeType: "application/json",
    buffer: Buffer.from(
      JSON.stringify({ format: "mcp-apps-academy/progress", version: 2, exportedAt, progress }),
    ),
  };
}

const fileWith = (
  lessons: Record<string, string>,
  answers: Record<string, unknown> = {},
  drill: Record<string, unknown> = {},
) =>
  exportFile({
    lessons: { completed: lessons },
    quiz: { answers, cards: {}, exam: null, exams: [], ...drill },
    preferences: { theme: "system" },
  });

/** Fills this origin's localStorage until the browser refuses even a one-character value. */
async function fillStorage(page: Page) {
  return page.evaluate(() => {
    let chunk = "x".repeat(1 << 20);
    let i = 0;
    let filled = 0;
    while (chunk.length > 0) {
      try {
        localStorage.setItem(`filler-${i++}`, chunk);
        filled += chunk.length;
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
    return filled;
  });
}

test("an import into full storage is refused with the reason, and the progress survives a reload", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await answerOneInPractice(page);
  await page.goto("/progress");
  await waitForHydration(page);
  expect(await fillStorage(page)).toBeGreaterThan(1_000_000);

  const lessons = Object.fromEntries(
    Array.from({ length: 2000 }, (_, i) => [`imported-lesson-${i}`, AT]),
  );
  await page.getByLabel(/Import a progress file/).setInputFiles(fileWith(lessons));
  await page
    .getByTestId("import-confirm")
    .getByRole("button", { name: /my progress$/ })
    .click();
  const error = page.getByTestId("import-error");
  await expect(error).toContainText("storage is full");
  await expect(error).toContainText(/needs \d+(\.\d)? (KB|MB)/);
  await expect(error).toContainText("progress is unchanged");
  await expect(page.getByTestId("import-done")).toHaveCount(0);
  await expect(negotiationRow(page)).toContainText(/^Two protocol eras1 of \d+/);

  await page.reload();
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(/^Two protocol eras1 of \d+/);
  await expect(lessonRow(page, "what-mcp-apps-is")).toContainText("not yet");
  expect(errors).toEqual([]);
});

test("merge and replace each do what their preview said", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await answerOneInPractice(page);
  await page.goto("/lessons/what-mcp-apps-is");
  await waitForHydration(page);
  await markLessonComplete(page);
  await page.goto("/progress");
  await waitForHydration(page);

  // The file also carries a drill: CSP-5's card (missed) and its result.
  const file = fileWith(
    { permissions: AT },
    {
      "neg-wrong-identifier": { attempts: 1, correct: 1, lastAnsweredAt: AT, lastCorrect: true },
      // A simulator prediction, listed by its preset's title (issue #24), not its ID.
      "simulator:happy-path": { attempts: 1, correct: 0, lastAnsweredAt: AT, lastCorrect: false },
    },
    {
      ruleCards: { "CSP-5": firstCard(false, new Date(AT)) },
      drillResults: { [AT]: { at: AT, topic: "CSP", rules: ["CSP-5"], correct: false } },
    },
  );
  const drilledRule = page.getByTestId("rule-mastery").locator('tr[data-rule="CSP-5"]');
  const input = page.getByLabel(/Import a progress file/);
  const confirm = page.getByTestId("import-confirm");
  const changes = confirm.getByTestId("import-changes");

  // Merge, the default: only additions.
  await input.setInputFiles(file);
  await expect(confirm.getByRole("radio", { name: /^Merge/ })).toBeChecked();
  await expect(changes).toContainText("Completed lessons: 1 added");
  await expect(changes).toContainText("Answers: 2 added");
  await expect(changes).toContainText("Drill cards (per rule): 1 added");
  await expect(changes).toContainText("Drill results: 1 added");
  await expect(changes).not.toContainText("removed");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Merge into my progress" }).click();
  await expect(page.getByTestId("import-done")).toContainText("Imported");
  await expect(negotiationRow(page)).toContainText(/^Two protocol eras2 of \d+/);
  await expect(lessonRow(page, "what-mcp-apps-is")).toContainText("completed");
  await expect(lessonRow(page, "permissions")).toContainText("completed");
  await expect(drilledRule).toContainText("0 of 1 right");
  const predicted = page
    .locator('section[aria-labelledby="predictions-heading"]')
    .getByRole("link", { name: "Everything passes and the view's call is forwarded" });
  await expect(predicted).toHaveAttribute("href", "/simulator?preset=happy-path");
  await expect(page.locator('section[aria-labelledby="predictions-heading"]')).not.toContainText(
    "happy-path",
  );

  // Replace: what is not in the file goes.
  await input.setInputFiles(file);
  await confirm.getByRole("radio", { name: /^Replace/ }).check();
  await expect(changes).toContainText("Completed lessons: 1 removed");
  await expect(changes).toContainText("Answers: 1 removed");
  await expect(changes).toContainText("Review cards: 1 removed");
  await expect(changes).not.toContainText("added");
  await confirm.getByRole("button", { name: "Replace my progress" }).click();
  await expect(page.getByTestId("import-done")).toContainText("Imported");
  await page.reload();
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(/^Two protocol eras1 of \d+/);
  await expect(lessonRow(page, "what-mcp-apps-is")).toContainText("not yet");
  await expect(lessonRow(page, "permissions")).toContainText("completed");
  await expect(page.getByText("No cards yet")).toBeVisible();
  // The drill came with the file, so it stays.
  await expect(drilledRule).toContainText("0 of 1 right");
});

test("an export with an odd date or a __proto__ key is shown or refused, never misread", async ({
  page,
}) => {
  await page.goto("/progress");
  await waitForHydration(page);
  const input = page.getByLabel(/Import a progress file/);
  const empty = {
    lessons: { completed: {} },
    quiz: { answers: {}, cards: {}, exam: null, exams: [] },
    preferences: { theme: "system" },
  };
  await input.setInputFiles(exportFile(empty, "last tuesday"));
  const confirm = page.getByTestId("import-confirm");
  await expect(confirm).toContainText("export date unknown");
  await expect(confirm).not.toContainText("Invalid Date");

  const file = exportFile(empty);
  const text = file.buffer.toString().replace('"completed":{', `"completed":{"__proto__":"${AT}"`);
  await input.setInputFiles({ ...file, buffer: Buffer.from(text) });
  await expect(page.getByTestId("import-error")).toContainText(
    'progress.lessons.completed.__proto__: the key "__proto__" is not allowed',
  );
  await expect(page.getByTestId("import-confirm")).toHaveCount(0);
});
