import { describe, expect, it } from "vitest";
import type { Question } from "../content/quiz-schema";
import { Rating } from "../quiz/review";
import { MemoryStorage } from "./memory-storage";
import { createAppStore, STORAGE_NAME } from "./store";

const T0 = Date.parse("2026-11-30T12:00:00.000Z");

/** Two tabs of one browser: two stores over one storage, each with its own (shared) clock. */
async function twoTabs(storage = new MemoryStorage()) {
  const clock = { now: T0 };
  const open = async () => {
    const store = createAppStore({ getStorage: () => storage, now: () => new Date(clock.now) });
    await store.persist.rehydrate();
    return store;
  };
  const a = await open();
  const b = await open();
  return { a, b, storage, clock, open };
}

const savedState = (storage: Storage) => JSON.parse(storage.getItem(STORAGE_NAME)!).state;

function tf(id: string): Question {
  return {
    id,
    type: "true-false",
    topic: "NEG",
    difficulty: "easy",
    rules: ["TOOL-2"],
    stem: "A fixture question for the tab tests.",
    answer: true,
    explanations: { true: "Right, for the fixture.", false: "Wrong, for the fixture." },
  };
}

describe("two tabs over one storage", () => {
  it("keeps answers from tab A and a lesson from tab B, and A's next answer keeps the lesson", async () => {
    const { a, b, storage, clock } = await twoTabs();
    await a.getState().recordAnswer("q1", true);
    await a.getState().recordAnswer("q2", false);
    await a.getState().recordAnswer("q3", true);
    clock.now += 60_000;
    b.getState().markLessonComplete("intro");
    expect(Object.keys(savedState(storage).quiz.answers).sort()).toEqual(["q1", "q2", "q3"]);
    expect(Object.keys(savedState(storage).lessons.completed)).toEqual(["intro"]);

    clock.now += 60_000;
    await a.getState().recordAnswer("q4", true);
    const saved = savedState(storage);
    expect(Object.keys(saved.lessons.completed)).toEqual(["intro"]);
    expect(Object.keys(saved.quiz.answers).sort()).toEqual(["q1", "q2", "q3", "q4"]);
    // The writing tab shows what it merged in.
    expect(a.getState().lessons.completed).toHaveProperty("intro");
  });

  it("shows another tab's saved change without a reload when told storage changed", async () => {
    const { a, b } = await twoTabs();
    b.getState().markLessonComplete("intro");
    expect(a.getState().lessons.completed).toEqual({});
    a.syncFromStorage();
    expect(a.getState().lessons.completed).toHaveProperty("intro");
    // Un-marking travels too: A had not changed it, so B's deletion stands.
    b.getState().markLessonIncomplete("intro");
    a.syncFromStorage();
    expect(a.getState().lessons.completed).toEqual({});
  });

  it("keeps drill cards and drill results from both tabs, and a rule re-rated in one is not undone by the other's stale copy", async () => {
    const { a, b, storage, clock } = await twoTabs();
    await a.getState().recordDrill(["CSP-3"], false, "CSP");
    b.syncFromStorage();
    const stale = b.getState().quiz.ruleCards!["CSP-3"]!;
    clock.now += 60_000;
    await a.getState().recordDrill(["CSP-3"], true, "CSP");
    const rated = a.getState().quiz.ruleCards!["CSP-3"]!;
    expect(rated).not.toEqual(stale);
    clock.now += 1000;
    // B drills another rule without having seen A's second drill.
    await b.getState().recordDrill(["NEG-6"], false, "NEG");
    const saved = savedState(storage).quiz;
    expect(saved.ruleCards["CSP-3"]).toEqual(rated);
    expect(Object.keys(saved.ruleCards).sort()).toEqual(["CSP-3", "NEG-6"]);
    const results = Object.values(saved.drillResults) as {
      at: string;
      rules: string[];
      correct: boolean;
    }[];
    results.sort((x, y) => (x.at < y.at ? -1 : 1));
    expect(results.map((r) => [r.rules[0], r.correct])).toEqual([
      ["CSP-3", false],
      ["CSP-3", true],
      ["NEG-6", false],
    ]);
    // A is told storage changed and shows B's rule and result too.
    a.syncFromStorage();
    expect(a.getState().quiz.ruleCards).toEqual(saved.ruleCards);
    expect(a.getState().quiz.drillResults).toEqual(saved.drillResults);
  });

  it("does not resurrect a card rated in one tab when the other tab writes", async () => {
    const { a, b, storage, clock } = await twoTabs();
    await a.getState().recordAnswer("q", true);
    b.syncFromStorage();
    const stale = b.getState().quiz.cards.q!;
    clock.now += 10 * 60_000;
    await a.getState().reviewCard("q", Rating.Good);
    const rated = a.getState().quiz.cards.q!;
    expect(rated).not.toEqual(stale);
    b.getState().markLessonComplete("intro");
    expect(savedState(storage).quiz.cards.q).toEqual(rated);
    expect(b.getState().quiz.cards.q).toEqual(rated);
  });

  it("leaves an exam running in one tab alone while the other tab saves answers", async () => {
    const { a, b } = await twoTabs();
    a.getState().startExam([tf("x1"), tf("x2"), tf("x3")], { kind: "full", seed: "s", size: 3 });
    b.syncFromStorage();
    const [first] = a.getState().quiz.exam!.questionIds;
    a.getState().setExamResponse(first!, { type: "true-false", value: true });
    a.getState().goToExamQuestion(2);
    const exam = a.getState().quiz.exam;
    await b.getState().recordAnswer("elsewhere", true);
    a.syncFromStorage();
    expect(a.getState().quiz.exam).toBe(exam);
    expect(a.getState().quiz.answers).toHaveProperty("elsewhere");
    a.getState().toggleExamFlag(first!);
    b.syncFromStorage();
    expect(b.getState().quiz.exam).toEqual(a.getState().quiz.exam);
  });

  it("takes another tab's first exam when both opened on empty storage, and keeps it there", async () => {
    const { a, b } = await twoTabs();
    a.getState().startExam([tf("x1"), tf("x2")], { kind: "full", seed: "s", size: 2 });
    const exam = a.getState().quiz.exam;
    b.syncFromStorage();
    expect(b.getState().quiz.exam).toEqual(exam);
    a.syncFromStorage();
    expect(a.getState().quiz.exam).toBe(exam);
  });
});
