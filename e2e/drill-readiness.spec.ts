import { expect, test } from "./fixtures";
import { answerByKeyboard, saved } from "./drill-helpers";
import { generateDrillItem } from "../lib/drill/generator";
import { waitForHydration } from "./helpers";

/**
 * Issue #36, "Done means": after one drilled item in a fresh profile, no topic reads more ready
 * than 1 ÷ its size (it once read 100 % beside "0 of 43" in Mastery by topic), the sentence says
 * what it counts, and Mastery on the same page counts against the same questions.
 */
test("one drilled item, right, in a fresh profile makes no topic more ready than 1 ÷ its size, beside the same size in Mastery", async ({
  page,
}) => {
  const item = generateDrillItem({ seed: "one-0" });
  await page.goto("/quizzes/drill?seed=one");
  await waitForHydration(page);
  await answerByKeyboard(page, item, true);
  await expect
    .poll(async () => Object.keys((await saved(page)).quiz.drillResults ?? {}).length)
    .toBe(1);

  await page.goto("/progress");
  await waitForHydration(page);
  const topics = new Set([
    item.question.topic,
    ...item.question.rules.map((r) => r.split("-")[0]!),
  ]);
  for (const topic of topics) {
    const row = page.getByTestId("readiness").locator(`li[data-topic="${topic}"]`);
    await expect(row).toHaveAttribute("data-seen", "1");
    const size = Number(await row.getAttribute("data-size"));
    expect(size).toBeGreaterThan(1);
    const readiness = Number(await row.getAttribute("data-readiness"));
    expect(readiness).toBeLessThanOrEqual(Math.floor(100 / size));
    await expect(row).toContainText(
      `1 item seen (bank questions answered and items drilled) against its ${size} questions`,
    );
    // Mastery by topic counts bank answers against the same questions: none answered yet.
    await expect(
      page.getByTestId("mastery").locator(`tr[data-topic="${topic}"] td`).first(),
    ).toHaveText(`0 of ${size}`);
  }
});
