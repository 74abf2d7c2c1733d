import { expect, test } from "./fixtures";
import { answerByKeyboard, saved } from "./drill-helpers";
import { generateDrillItem } from "../lib/drill/generator";
import { DRILL_TOPICS } from "../lib/drill/space";
import { RULE_GROUPS } from "../lib/rules";
import { expectNoSeriousA11yViolationsInBothThemes, waitForHydration } from "./helpers";

test("a drill session of 10 items at 375 px is answered by keyboard: a missed rule is due again within minutes, comes first among the weakest, and readiness on /progress moves by the learner's own numbers; axe clean in both themes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Before any drill: every topic not started, the exam figure 0 %.
  await page.goto("/progress");
  await waitForHydration(page);
  await expect(page.getByTestId("exam-readiness-figure")).toHaveText("0 %");
  await expect(page.getByTestId("drill-next").getByRole("link")).toHaveAttribute(
    "href",
    `/quizzes/drill?topic=${DRILL_TOPICS[0]}`,
  );

  // A fixed seed replays the session: the same items the generator gives here, in Node.
  await page.goto("/quizzes/drill?seed=e2e");
  await waitForHydration(page);
  const items = Array.from({ length: 10 }, (_, n) => generateDrillItem({ seed: `e2e-${n}` }));
  const WRONG = items.length - 1;
  let dueBefore: Record<string, string> = {};
  for (const [n, item] of items.entries()) {
    await expect(page.getByRole("heading", { name: `Item ${n + 1}` })).toBeVisible();
    // Issue #36: the host's policy is stated on every item, in the same words, deciding or not.
    await expect(page.getByTestId("drill")).toContainText(
      "This host: with the extension not in force on a request",
    );
    if (n === WRONG) {
      const cards = (await saved(page)).quiz.ruleCards as Record<string, { due: string }>;
      dueBefore = Object.fromEntries(Object.entries(cards).map(([r, c]) => [r, c.due]));
    }
    const feedback = await answerByKeyboard(page, item, n !== WRONG);
    // The explanation lists the engine's rows with their rule IDs, and the simulator link follows.
    await expect(feedback).toContainText(item.question.rules[0]!);
    await expect(
      feedback.getByRole("link", { name: "Run this scenario in the simulator" }),
    ).toHaveAttribute("href", /^\/simulator#s=d1\./);
    if (n < items.length - 1) await page.keyboard.press("n");
  }
  await expect(page.getByText("9 of 10 right this session")).toBeVisible();

  // The missed item's rules are due again within minutes (1 min for a rule still in its learning
  // steps, FSRS's 10 min relearning step for one that had graduated), each sooner than before the
  // miss; a rule only answered right is not due within a minute.
  const missed = items[WRONG]!.question.rules;
  const due = page.getByTestId("drill-due");
  for (const r of missed) {
    await expect(due.locator(`[data-rule="${r}"]`)).toHaveText(
      new RegExp(`^${r}: due again (within a minute|in 1 min|in 10 min)$`),
    );
  }
  const afterMiss = (await saved(page)).quiz.ruleCards as Record<string, { due: string }>;
  for (const r of missed) {
    expect(Date.parse(afterMiss[r]!.due) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    if (dueBefore[r]) expect(Date.parse(afterMiss[r]!.due)).toBeLessThan(Date.parse(dueBefore[r]));
  }
  const right = [...new Set(items.flatMap((i) => i.question.rules))].filter(
    (r) => !missed.includes(r),
  );
  expect(right.length).toBeGreaterThan(0);
  for (const r of right) {
    await expect(due.locator(`[data-rule="${r}"]`)).not.toContainText("within a minute");
  }
  // Saved per rule with the progress, each answer kept with its topic; no question card made.
  const state = await saved(page);
  for (const r of missed) expect(state.quiz.ruleCards[r].reps).toBeGreaterThan(0);
  expect(Object.values(state.quiz.drillResults)).toHaveLength(10);
  expect(state.quiz.cards).toEqual({});

  // "My weakest rules": a missed rule comes first, and the next item is drawn for it.
  await page.getByRole("combobox", { name: /^Rule/ }).selectOption("weakest");
  const weakest = page.getByTestId("weakest-rules");
  await expect(weakest).toBeVisible();
  const first = /taken in turn: ([A-Z]+-\d+)/.exec(await weakest.innerText())![1]!;
  expect(missed).toContain(first);
  await expect(page.getByRole("heading", { name: "Item 11" })).toBeVisible();
  await expect(page.locator("form[data-question]")).toHaveAttribute(
    "data-question",
    generateDrillItem({ seed: "e2e-10", rule: first as never }).question.id,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolationsInBothThemes(page);

  // Readiness now: the same day, so FSRS's recall is 100 % and each topic's figure is its share
  // right of the items drilled on it or on one of its rules, capped by how much of the topic was
  // seen (items drilled ÷ the topic's bank questions, floored); the exam figure averages the nine.
  await page.goto("/progress");
  await waitForHydration(page);
  const byTopic = new Map<string, { right: number; answered: number }>();
  for (const [n, item] of items.entries()) {
    const topics = [item.question.topic, ...item.question.rules.map((r) => r.split("-")[0]!)];
    for (const topic of new Set(topics)) {
      const t = byTopic.get(topic) ?? { right: 0, answered: 0 };
      t.answered++;
      if (n !== WRONG) t.right++;
      byTopic.set(topic, t);
    }
  }
  const readiness = page.getByTestId("readiness");
  const figures: [string, number][] = [];
  for (const [topic, t] of byTopic) {
    const row = readiness.locator(`li[data-topic="${topic}"]`);
    await expect(row).toHaveAttribute("data-seen", String(t.answered));
    const size = Number(await row.getAttribute("data-size"));
    expect(size).toBeGreaterThan(0);
    const seenShare = Math.floor((100 * Math.min(t.answered, size)) / size);
    figures.push([topic, Math.min(Math.round((100 * t.right) / t.answered), seenShare)]);
  }
  for (const [topic, figure] of figures) {
    await expect(readiness.locator(`li[data-topic="${topic}"]`)).toHaveAttribute(
      "data-readiness",
      String(figure),
    );
  }
  const sum = figures.reduce((s, [, f]) => s + (f as number), 0);
  const exam = Math.round(sum / RULE_GROUPS.length);
  expect(exam).toBeGreaterThan(0);
  await expect(page.getByTestId("exam-readiness-figure")).toHaveText(`${exam} %`);
  // Mastery per rule: the missed item's first rule shows its misses.
  const missedRule = missed[0]!;
  const drills = items.filter((i) => i.question.rules.includes(missedRule));
  await expect(
    page.getByTestId("rule-mastery").locator(`tr[data-rule="${missedRule}"]`),
  ).toContainText(`${drills.length - 1} of ${drills.length} right`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("a drill opened on a topic draws that topic's items, and an item's simulator link opens the same scenario, whose run shows the engine's verdict for it", async ({
  page,
}) => {
  // Opened as the Progress page's "Drill" link for a topic opens it: CSP chosen, every item on it.
  const draw = (i: number) => generateDrillItem({ seed: `link-${i}`, topic: "CSP" });
  // The first item of this seed whose view makes no call (so no consent dialog waits).
  const n = [0, 1, 2, 3, 4, 5].find((i) => draw(i).kind !== "app-call")!;
  const item = draw(n);
  await page.goto("/quizzes/drill?seed=link&topic=CSP");
  await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: /^Topic/ })).toHaveValue("CSP");
  for (let i = 0; i <= n; i++) {
    const shown = draw(i);
    await answerByKeyboard(page, shown, true);
    if (i < n) await page.keyboard.press("n");
  }
  await page.getByRole("link", { name: "Run this scenario in the simulator" }).click();
  await expect(page).toHaveURL(/\/simulator#s=/);
  const summary = page.getByTestId("verdict-summary");
  // The real run confirms the table: no "(preview)" or "(running…)" beside the outcome.
  const outcome = summary.locator("[data-summary-outcome]");
  await expect(outcome).toHaveAttribute("data-summary-outcome", item.decision.outcome, {
    timeout: 15_000,
  });
  await expect(outcome.locator(".muted")).toHaveCount(0, { timeout: 15_000 });
  for (const row of item.decision.rows) {
    await expect(summary.locator(`[data-summary-row="${row.row}"]`)).toHaveAttribute(
      "data-verdict",
      row.verdict,
    );
  }
  // The same scenario, as the simulator's JSON editor holds it.
  const editorSummary = page.getByText("Scenario as JSON");
  await editorSummary.click();
  const json = JSON.parse(await page.getByTestId("json-editor").inputValue());
  expect(json).toEqual(JSON.parse(JSON.stringify(item.scenario)));
});
