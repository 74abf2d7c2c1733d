import { describe, expect, it, vi } from "vitest";
import type { Question } from "../content/quiz-schema";
import { dueToday } from "../quiz/card";
import { isGeneratedId } from "../quiz/exam";
import { NEW_CARDS_PER_DAY } from "../quiz/new-cards";
import { Rating } from "../quiz/review";
import { timeTaken } from "../quiz/session";
import { MemoryStorage } from "./memory-storage";
import { DRILL_RESULTS_LIMIT } from "./schema";
import { createAppStore, STORAGE_NAME } from "./store";

const T0 = Date.parse("2026-11-29T12:00:00.000Z");

/** A store over fresh memory storage whose clock the test moves by hand. */
async function setup(storage = new MemoryStorage(), start = T0) {
  const clock = { now: start };
  const store = createAppStore({ getStorage: () => storage, now: () => new Date(clock.now) });
  await store.persist.rehydrate();
  return { store, storage, clock };
}

function tf(id: string, topic: Question["topic"]): Question {
  return {
    id,
    type: "true-false",
    topic,
    difficulty: "easy",
    rules: ["TOOL-2"],
    stem: "A fixture question for the store tests.",
    answer: true,
    explanations: { true: "Right, for the fixture.", false: "Wrong, for the fixture." },
  };
}

const TOPICS = ["CSP", "TOOL", "NEG"] as const;
const BANK = TOPICS.flatMap((t) => Array.from({ length: 6 }, (_, i) => tf(`${t}-${i}`, t)));
const lookup = (id: string) => BANK.find((q) => q.id === id);

describe("drill cards per rule", () => {
  it("rates every rule of a drilled item: a miss is due again within minutes, a hit later, and both survive a reload", async () => {
    const { store, storage, clock } = await setup();
    await store.getState().recordDrill(["CSP-3", "CSP-5"], false);
    await store.getState().recordDrill(["TOOL-3"], true);
    const cards = store.getState().quiz.ruleCards!;
    expect(Object.keys(cards).sort()).toEqual(["CSP-3", "CSP-5", "TOOL-3"]);
    const inMinutes = (id: string) => (Date.parse(cards[id]!.due) - clock.now) / 60_000;
    expect(inMinutes("CSP-5")).toBeLessThanOrEqual(1);
    expect(inMinutes("TOOL-3")).toBeGreaterThan(1);
    // A rule drilled again is rated again, not replaced by a new card.
    clock.now += 60 * 60_000;
    await store.getState().recordDrill(["CSP-5"], true);
    expect(store.getState().quiz.ruleCards!["CSP-5"]!.reps).toBe(2);
    const { store: reloaded } = await setup(storage, clock.now);
    expect(reloaded.getState().quiz.ruleCards).toEqual(store.getState().quiz.ruleCards);
    // Drill cards are no question's review card.
    expect(reloaded.getState().quiz.cards).toEqual({});
  });

  it("keeps each drilled answer with its topic and rules, newest kept within the limit, through a reload", async () => {
    const { store, storage, clock } = await setup();
    await store.getState().recordDrill(["CSP-3", "CSP-5"], false, "CSP");
    await store.getState().recordDrill(["TOOL-3"], true);
    const results = Object.values(store.getState().quiz.drillResults!);
    expect(results).toEqual([
      { at: new Date(T0).toISOString(), topic: "CSP", rules: ["CSP-3", "CSP-5"], correct: false },
      // Two answers in one millisecond are both kept; the topic defaults to the rule's group.
      { at: new Date(T0).toISOString(), topic: "TOOL", rules: ["TOOL-3"], correct: true },
    ]);
    for (let i = 0; i < DRILL_RESULTS_LIMIT; i++) {
      clock.now += 1000;
      await store.getState().recordDrill(["NEG-2"], i % 2 === 0);
    }
    const kept = Object.values(store.getState().quiz.drillResults!);
    expect(kept).toHaveLength(DRILL_RESULTS_LIMIT);
    expect(kept.every((r) => r.rules[0] === "NEG-2")).toBe(true);
    const { store: reloaded } = await setup(storage, clock.now);
    expect(reloaded.getState().quiz.drillResults).toEqual(store.getState().quiz.drillResults);
  });
});

describe("review cards", () => {
  it("creates a card on a question's first answer and leaves it alone on later ones", async () => {
    const { store, clock } = await setup();
    await store.getState().recordAnswer("q", false);
    const card = store.getState().quiz.cards.q!;
    expect(Date.parse(card.due) - T0).toBe(60_000);
    clock.now += 5 * 60_000;
    await store.getState().recordAnswer("q", true);
    expect(store.getState().quiz.cards.q).toEqual(card);
    expect(store.getState().quiz.answers.q).toMatchObject({ attempts: 2, correct: 1 });
  });

  it("records the stats at once and rates the card by the first answer while FSRS loads", async () => {
    const { store, clock } = await setup();
    const first = store.getState().recordAnswer("q", true);
    expect(store.getState().quiz.answers.q).toMatchObject({ attempts: 1, lastCorrect: true });
    clock.now += 60_000;
    const second = store.getState().recordAnswer("q", false);
    expect(store.getState().quiz.answers.q).toMatchObject({ attempts: 2, correct: 1 });
    await Promise.all([first, second]);
    // Good on the first answer, at T0: the 10-minute learning step (Again would be 1 minute).
    expect(Date.parse(store.getState().quiz.cards.q!.due) - T0).toBe(10 * 60_000);
  });

  it("keeps the last response and the seed it was shown with, and restores both after a reload", async () => {
    const { store, storage } = await setup();
    const response = { type: "multi", choices: ["b", "c"] } as const;
    await store.getState().recordAnswer("q", false, { response, seed: "s1" });
    expect(store.getState().quiz.answers.q).toMatchObject({ lastResponse: response, seed: "s1" });
    const { store: again } = await setup(storage);
    expect(again.getState().quiz.answers.q).toMatchObject({ lastResponse: response, seed: "s1" });
    // An answer given without one (the simulator's predictions) does not keep a stale response.
    await again.getState().recordAnswer("q", true);
    expect(again.getState().quiz.answers.q).not.toHaveProperty("lastResponse");
    expect(again.getState().quiz.answers.q).not.toHaveProperty("seed");
  });

  it("remembers the practice position per topic, with the mixed set's seed, across a reload", async () => {
    const { store, storage } = await setup();
    store.getState().setPracticePosition("csp", "csp-3");
    store.getState().setPracticePosition("mixed", "neg-1", "s9");
    store.getState().setPracticePosition("csp", "csp-4");
    const { store: again } = await setup(storage);
    expect(again.getState().quiz.practice).toEqual({
      csp: { questionId: "csp-4" },
      mixed: { questionId: "neg-1", seed: "s9" },
    });
  });

  it("introduces at most NEW_CARDS_PER_DAY new cards a day and queues the rest, oldest first, for later days", async () => {
    const { store, storage, clock } = await setup();
    const ids = Array.from(
      { length: NEW_CARDS_PER_DAY + 5 },
      (_, i) => `q${String(i).padStart(2, "0")}`,
    );
    for (const id of ids) {
      await store.getState().recordAnswer(id, true);
      clock.now += 1000;
    }
    const day1 = store.getState().quiz;
    expect(Object.keys(day1.cards).sort()).toEqual(ids.slice(0, NEW_CARDS_PER_DAY));
    expect(Object.keys(day1.queued ?? {}).sort()).toEqual(ids.slice(NEW_CARDS_PER_DAY));
    // Only today's cards are due today: 20, not 25.
    expect(dueToday(day1.cards, new Date(clock.now))).toHaveLength(NEW_CARDS_PER_DAY);
    // Asking again the same day introduces nothing.
    await store.getState().introduceQueuedCards();
    expect(Object.keys(store.getState().quiz.cards)).toHaveLength(NEW_CARDS_PER_DAY);

    // The next day, after a reload, the queue comes first and becomes cards due at once.
    const { store: next, clock: tomorrow } = await setup(storage, clock.now + 24 * 3600_000);
    next.getState().introduceQueuedCards();
    await vi.waitFor(() => expect(Object.keys(next.getState().quiz.cards)).toHaveLength(25));
    expect(next.getState().quiz.queued).toEqual({});
    for (const id of ids.slice(NEW_CARDS_PER_DAY)) {
      expect(Date.parse(next.getState().quiz.cards[id]!.due)).toBeLessThanOrEqual(tomorrow.now);
    }
    // Five of the day's twenty are spent: fifteen fresh answers become cards, the sixteenth waits.
    for (let i = 0; i < 16; i++) await next.getState().recordAnswer(`later-${i}`, false);
    expect(Object.keys(next.getState().quiz.queued ?? {})).toEqual(["later-15"]);
  });

  it("queues an exam's answers past the daily limit instead of making them all due today", async () => {
    const { store } = await setup();
    const big = Array.from({ length: 40 }, (_, i) => tf(`x-${i}`, TOPICS[i % 3]!));
    store.getState().startExam(big, { kind: "full", seed: "big", size: 40 });
    for (const id of store.getState().quiz.exam!.questionIds) {
      store.getState().setExamResponse(id, { type: "true-false", value: true });
    }
    store.getState().submitExam((id) => big.find((q) => q.id === id));
    await vi.waitFor(() =>
      expect(Object.keys(store.getState().quiz.cards)).toHaveLength(NEW_CARDS_PER_DAY),
    );
    expect(Object.keys(store.getState().quiz.queued ?? {})).toHaveLength(40 - NEW_CARDS_PER_DAY);
  });

  it("keeps a simulator prediction with the answers but makes it no review card, so it never uses the day's allowance", async () => {
    const { store } = await setup();
    await store.getState().recordAnswer("simulator:happy-path", true);
    expect(store.getState().quiz.answers["simulator:happy-path"]).toMatchObject({ attempts: 1 });
    expect(store.getState().quiz.cards).toEqual({});
    expect(store.getState().quiz.queued ?? {}).toEqual({});
  });

  it("reschedules a card when it is rated in review", async () => {
    const { store, clock } = await setup();
    await store.getState().recordAnswer("q", true);
    clock.now += 10 * 60_000;
    await store.getState().reviewCard("q", Rating.Good);
    const card = store.getState().quiz.cards.q!;
    expect(Date.parse(card.due) - clock.now).toBeGreaterThanOrEqual(24 * 3600_000);
    await store.getState().reviewCard("unknown", Rating.Good);
    expect(Object.keys(store.getState().quiz.cards)).toEqual(["q"]);
  });
});

describe("exam mode", () => {
  it("scores generated items with the bank's, keeps them in the history, and rates their rules as drills rather than making review cards", async () => {
    const { store, storage, clock } = await setup();
    const examLookup = (await import("../drill/exam-items")).examLookup(lookup);
    store.getState().startExam(BANK, { kind: "full", seed: "gen", size: 8, generated: 2 });
    const exam = store.getState().quiz.exam!;
    const generated = exam.questionIds.filter(isGeneratedId);
    expect(generated).toHaveLength(2);
    const [right, wrong] = generated.map((id) => examLookup(id)!) as [Question, Question];
    if (right.type !== "single" || wrong.type !== "single") throw new Error("single expected");
    store.getState().setExamResponse(right.id, { type: "single", choice: right.answer });
    const other = wrong.options.find((o) => o.id !== wrong.answer)!.id;
    store.getState().setExamResponse(wrong.id, { type: "single", choice: other });
    const bankId = exam.questionIds.find((id) => !isGeneratedId(id))!;
    store.getState().setExamResponse(bankId, { type: "true-false", value: true });

    const record = store.getState().submitExam(examLookup)!;
    expect(record).toMatchObject({ total: 8, correct: 2 });
    expect(record.questionIds).toEqual(exam.questionIds);
    expect(record.missed).toContain(wrong.id);
    expect(record.missed).not.toContain(right.id);
    expect(record.byTopic.map((t) => t.topic)).toEqual(
      expect.arrayContaining([right.topic, wrong.topic]),
    );
    await vi.waitFor(() =>
      expect(Object.keys(store.getState().quiz.drillResults ?? {})).toHaveLength(2),
    );
    const quiz = store.getState().quiz;
    // The bank question is an answer with its card; the generated items are neither.
    expect(Object.keys(quiz.answers)).toEqual([bankId]);
    await vi.waitFor(() => expect(Object.keys(store.getState().quiz.cards)).toEqual([bankId]));
    for (const r of [...right.rules, ...wrong.rules]) expect(quiz.ruleCards![r]).toBeDefined();
    const results = Object.values(quiz.drillResults!);
    expect(results.map((r) => [r.topic, r.rules, r.correct])).toEqual(
      expect.arrayContaining([
        [right.topic, right.rules, true],
        [wrong.topic, wrong.rules, false],
      ]),
    );
    // The history still shows the generated items after a reload: drawn again from their ids.
    const { store: again } = await setup(storage, clock.now);
    const kept = again.getState().quiz.exams[0]!;
    expect(kept.questionIds.filter(isGeneratedId).map((id) => examLookup(id)!.stem)).toEqual([
      right.stem,
      wrong.stem,
    ]);
  });

  it("starts a seeded exam, balanced across topics, that a new store resumes after a reload", async () => {
    const { store, storage, clock } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "s1", size: 9 });
    const exam = store.getState().quiz.exam!;
    expect(exam.questionIds).toHaveLength(9);
    for (const t of TOPICS) {
      expect(exam.questionIds.filter((id) => id.startsWith(t))).toHaveLength(3);
    }
    const [first, second] = exam.questionIds as [string, string];
    store.getState().setExamResponse(first, { type: "true-false", value: true });
    store.getState().toggleExamFlag(second);
    store.getState().goToExamQuestion(1);

    clock.now += 60_000;
    const { store: again } = await setup(storage);
    const resumed = again.getState().quiz.exam!;
    expect(resumed).toEqual(store.getState().quiz.exam);
    expect(resumed.responses[first]).toEqual({ type: "true-false", value: true });
    expect(resumed.flagged).toEqual([second]);
    expect(resumed.current).toBe(1);
    expect(resumed.startedAt).toBe(new Date(T0).toISOString());
  });

  it("never replaces a running exam with a new one", async () => {
    const { store } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "a", size: 5 });
    const exam = store.getState().quiz.exam;
    store.getState().startExam(BANK, { kind: "full", seed: "b", size: 5 });
    expect(store.getState().quiz.exam).toBe(exam);
  });

  it("unflags, clears a response, and ignores ids outside the exam", async () => {
    const { store } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "c", size: 3 });
    const id = store.getState().quiz.exam!.questionIds[0]!;
    store.getState().toggleExamFlag(id);
    store.getState().toggleExamFlag(id);
    store.getState().toggleExamFlag("not-in-exam");
    store.getState().setExamResponse(id, { type: "true-false", value: false });
    store.getState().setExamResponse(id, null);
    store.getState().setExamResponse("not-in-exam", { type: "true-false", value: true });
    expect(store.getState().quiz.exam).toMatchObject({ flagged: [], responses: {} });
  });

  it("scores on submit, keeps the result in the history and makes answered questions cards", async () => {
    const { store, clock } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "d", size: 6 });
    const ids = store.getState().quiz.exam!.questionIds;
    ids
      .slice(0, 4)
      .forEach((id) => store.getState().setExamResponse(id, { type: "true-false", value: true }));
    store.getState().setExamResponse(ids[4]!, { type: "true-false", value: false });
    store.getState().toggleExamFlag(ids[4]!);
    clock.now += 20 * 60_000;
    const record = store.getState().submitExam(lookup)!;
    expect(record).toMatchObject({ correct: 4, total: 6, passed: false, autoSubmitted: false });
    // The results mark what was flagged, and the history shows how long it took.
    expect(record.flagged).toEqual([ids[4]]);
    expect(timeTaken(record)).toBe(20 * 60_000);
    expect(record.missed).toEqual([ids[4], ids[5]]);
    expect(record.submittedAt).toBe(new Date(clock.now).toISOString());
    const s = store.getState();
    expect(s.quiz.exam).toBeNull();
    expect(s.quiz.exams).toEqual([record]);
    // Cards follow once the scheduler has loaded.
    await vi.waitFor(() =>
      expect(Object.keys(store.getState().quiz.cards).sort()).toEqual(ids.slice(0, 5).sort()),
    );
    expect(s.quiz.answers[ids[4]!]).toMatchObject({
      attempts: 1,
      lastCorrect: false,
      // The exam's seed decided the order the options were shown in, so practice can show it again.
      lastResponse: { type: "true-false", value: false },
      seed: "d",
    });
    expect(s.quiz.answers[ids[5]!]).toBeUndefined();
    expect(store.getState().submitExam(lookup)).toBeNull();
  });

  it("marks an exam submitted by the countdown and keeps the newest first", async () => {
    const { store } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "e", size: 3 });
    store.getState().submitExam(lookup, { auto: true });
    store.getState().startExam(BANK, { kind: "full", seed: "f", size: 3 });
    store.getState().submitExam(lookup);
    expect(store.getState().quiz.exams.map((e) => [e.seed, e.autoSubmitted])).toEqual([
      ["f", false],
      ["e", true],
    ]);
  });

  it("keeps which kind each exam was, so a one-question retake's record says retake, never full", async () => {
    const { store, storage, clock } = await setup();
    store.getState().startExam(BANK, { seed: "full", size: 9, kind: "full" });
    const full = store.getState().submitExam(lookup)!;
    store.getState().startExam([lookup(full.missed[0]!)!], { seed: "r", size: 1, kind: "retake" });
    expect(store.getState().quiz.exam?.kind).toBe("retake");
    const retake = store.getState().submitExam(lookup)!;
    const csp = BANK.filter((q) => q.topic === "CSP");
    store.getState().startExam(csp, { seed: "t", size: 3, kind: "topic" });
    store.getState().submitExam(lookup);
    expect(retake).toMatchObject({ kind: "retake", total: 1 });
    const kinds = (s: typeof store) => s.getState().quiz.exams.map((e) => [e.kind, e.total]);
    expect(kinds(store)).toEqual([
      ["topic", 3],
      ["retake", 1],
      ["full", 9],
    ]);
    const { store: again } = await setup(storage, clock.now);
    expect(kinds(again)).toEqual(kinds(store));
  });

  it("counts a generated item retaken after an exam once in how much of its topic was seen, and its new answer in accuracy", async () => {
    const { store } = await setup();
    const examLookup = (await import("../drill/exam-items")).examLookup(lookup);
    const { topicReadiness } = await import("../quiz/readiness");
    store.getState().startExam(BANK, { kind: "full", seed: "gen", size: 4, generated: 1 });
    const id = store.getState().quiz.exam!.questionIds.find(isGeneratedId)!;
    const item = examLookup(id)!;
    if (item.type !== "single") throw new Error("single expected");
    const wrong = item.options.find((o) => o.id !== item.answer)!.id;
    store.getState().setExamResponse(id, { type: "single", choice: wrong });
    store.getState().submitExam(examLookup);
    await vi.waitFor(() =>
      expect(Object.keys(store.getState().quiz.drillResults ?? {})).toHaveLength(1),
    );
    store.getState().startExam([item], { kind: "retake", seed: "again", size: 1 });
    store.getState().setExamResponse(id, { type: "single", choice: item.answer });
    store.getState().submitExam(examLookup);
    await vi.waitFor(() =>
      expect(Object.keys(store.getState().quiz.drillResults ?? {})).toHaveLength(2),
    );
    const quiz = store.getState().quiz;
    const [topic] = topicReadiness(
      [item.topic],
      {
        questions: BANK,
        answers: quiz.answers,
        cards: quiz.cards,
        drillResults: quiz.drillResults,
      },
      () => 1,
      new Date(),
    );
    // One item seen, twice answered: the retake is no new part of the topic.
    expect(topic).toMatchObject({ seen: 1, answered: 2, right: 1 });
  });

  it("abandons an exam without keeping it", async () => {
    const { store } = await setup();
    store.getState().startExam(BANK, { kind: "full", seed: "g", size: 3 });
    store.getState().abandonExam();
    expect(store.getState().quiz).toMatchObject({ exam: null, exams: [] });
  });
});

describe("replaceProgress", () => {
  it("overwrites every saved part and persists it", async () => {
    const { store, storage } = await setup();
    store.getState().markLessonComplete("old");
    store.getState().replaceProgress({
      lessons: { completed: { fresh: new Date(T0).toISOString() } },
      quiz: { answers: {}, cards: {}, exam: null, exams: [] },
      preferences: { theme: "light" },
    });
    const saved = JSON.parse(storage.getItem(STORAGE_NAME)!).state;
    expect(Object.keys(saved.lessons.completed)).toEqual(["fresh"]);
    expect(saved.preferences.theme).toBe("light");
  });
});

describe("learning path preference", () => {
  it("remembers the chosen learning path across a reload, and a theme change keeps it", async () => {
    const { store, storage } = await setup();
    store.getState().setPath("host");
    store.getState().setTheme("dark");
    const { store: again } = await setup(storage);
    expect(again.getState().preferences).toEqual({ theme: "dark", path: "host" });
  });
});
