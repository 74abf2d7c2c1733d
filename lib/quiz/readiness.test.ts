import { describe, expect, it } from "vitest";
import type { DrillResult, QuestionStats } from "./records";
import type { StoredCard } from "./card";
import {
  drillNext,
  examReadiness,
  lastMissedRules,
  RECENT_ANSWERS,
  ruleMastery,
  topicReadiness,
  type ReadinessSources,
} from "./readiness";
import { topicMastery } from "./mastery";
import { firstCard, newCard, retrievability } from "./review";

const T0 = new Date("2026-06-01T12:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const days = (n: number) => at(n * 24 * 60);
const TOPICS = ["NEG", "TOOL", "RES", "CSP", "PERM", "SBX", "BRG", "OUT", "AUTHZ"];
const DRILL_TOPICS = ["NEG", "TOOL", "RES", "CSP", "PERM", "BRG"];

const answer = (lastCorrect: boolean, when: Date): QuestionStats => ({
  attempts: 1,
  correct: lastCorrect ? 1 : 0,
  lastAnsweredAt: when.toISOString(),
  lastCorrect,
});
const drilled = (topic: string, rules: string[], correct: boolean, when: Date): DrillResult => ({
  at: when.toISOString(),
  topic,
  rules,
  correct,
});
const byAt = (results: DrillResult[]) => Object.fromEntries(results.map((r) => [r.at, r]));
const bank = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${topic}-q${i}`, topic }));
const QUESTIONS = TOPICS.flatMap((t) => bank(t, 12));
const empty: ReadinessSources = { questions: QUESTIONS, answers: {}, cards: {} };

describe("topicReadiness", () => {
  it("with nothing answered, every topic is not started, the exam figure is 0, and the next drill is the first drill topic", () => {
    const topics = topicReadiness(TOPICS, empty, retrievability, T0);
    expect(topics.map((t) => t.readiness)).toEqual(TOPICS.map(() => null));
    expect(topics[0]!.sentence).toBe(
      "Not started: no answer and no reviewed card in this topic yet.",
    );
    const exam = examReadiness(topics);
    expect(exam.readiness).toBe(0);
    expect(exam.sentence).toBe(
      "0 % = the average of the 9 topics' readiness (0 / 9), the 9 not started counting 0: the exam draws evenly from every topic.",
    );
    expect(drillNext(topics, DRILL_TOPICS, {}, T0)).toEqual({
      topic: "NEG",
      reason: "Not started yet, and a topic not started counts 0 towards the exam.",
    });
  });

  it("is recall × recent accuracy, and the sentence's numbers multiply to the figure", () => {
    // Four CSP questions answered three days ago, three right, each with its first card.
    const answers: Record<string, QuestionStats> = {};
    const cards: Record<string, StoredCard> = {};
    for (const [i, right] of [true, true, false, true].entries()) {
      answers[`CSP-q${i}`] = answer(right, T0);
      cards[`CSP-q${i}`] = firstCard(right, T0);
    }
    const now = days(3);
    // A bank of these four alone: every question seen, so coverage does not cap the product.
    const questions = bank("CSP", 4);
    const csp = topicReadiness(["CSP"], { questions, answers, cards }, retrievability, now)[0]!;
    const recall = Math.round(
      (100 * Object.values(cards).reduce((s, c) => s + retrievability(c, now), 0)) / 4,
    );
    // Three days on, FSRS no longer puts recall at 100 %.
    expect(recall).toBeLessThan(100);
    expect(recall).toBeGreaterThan(0);
    expect(csp).toMatchObject({ answered: 4, right: 3, cards: 4, due: 4, recall });
    expect(csp.readiness).toBe(Math.round((recall * 3) / 4));
    expect(csp.sentence).toBe(
      `${csp.readiness} % = recall ${recall} % (FSRS's average chance you recall the 4 reviewed cards, 4 due now) × accuracy 3/4 (3 of your 4 answers here right); 4 items seen (bank questions answered and items drilled) against its 4 questions.`,
    );
  });

  it("counts the last ten answers of a topic, bank and drill together, newest first, and nothing from elsewhere", () => {
    const answers: Record<string, QuestionStats> = {
      // Old bank answers, all right, pushed out by newer drill results.
      ...Object.fromEntries(bank("CSP", 6).map((q, i) => [q.id, answer(true, at(i))])),
      // Not bank questions: a simulator prediction and an unknown id count nowhere.
      "simulator:csp-basic": answer(false, at(500)),
      stray: answer(false, at(501)),
    };
    const results = Array.from({ length: RECENT_ANSWERS }, (_, i) =>
      drilled("CSP", ["CSP-3"], i % 2 === 0, at(100 + i)),
    );
    const [csp] = topicReadiness(
      ["CSP"],
      { ...empty, answers, drillResults: byAt(results) },
      retrievability,
      at(200),
    );
    expect(csp).toMatchObject({ answered: 10, right: 5, cards: 0, recall: null, readiness: 50 });
    expect(csp!.sentence).toBe(
      "50 % = your accuracy alone (5 of your last 10 answers here right); no card here has been reviewed yet; 16 items seen (bank questions answered and items drilled) against its 12 questions.",
    );
  });

  it("with every card long overdue, recall falls, every card counts as due, and the next drill is the rule due first", () => {
    const ruleCards = {
      "CSP-3": firstCard(true, T0),
      "CSP-5": firstCard(false, at(1)),
      "NEG-6": firstCard(true, at(2)),
    };
    const results = byAt([
      drilled("CSP", ["CSP-3"], true, T0),
      drilled("CSP", ["CSP-5"], false, at(1)),
      drilled("NEG", ["NEG-6"], true, at(2)),
    ]);
    // Banks of one question a topic: coverage does not cap, so recall alone moves the figure.
    const questions = TOPICS.flatMap((t) => bank(t, 1));
    const sources = { ...empty, questions, ruleCards, drillResults: results };
    const sameDay = topicReadiness(TOPICS, sources, retrievability, at(3));
    const later = topicReadiness(TOPICS, sources, retrievability, days(60));
    const csp = (list: typeof later) => list.find((t) => t.topic === "CSP")!;
    expect(csp(sameDay).recall).toBe(100);
    expect(csp(later)).toMatchObject({ cards: 2, due: 2 });
    expect(csp(later).recall!).toBeLessThan(csp(sameDay).recall!);
    expect(csp(later).readiness!).toBeLessThan(csp(sameDay).readiness!);
    expect(later.find((t) => t.topic === "NEG")).toMatchObject({ cards: 1, due: 1 });
    // CSP-5, missed, came due a minute after its answer; the others ten minutes after theirs.
    expect(drillNext(later, DRILL_TOPICS, ruleCards, days(60))).toEqual({
      topic: "CSP",
      rule: "CSP-5",
      reason: "CSP-5 is due again now: the scheduler brings it back before you forget it.",
    });
  });

  it("with one topic practised, only it has a figure, capped by the share of it seen, the exam counts the other eight as 0, and the next drill is a topic not started", () => {
    const answers = Object.fromEntries(bank("TOOL", 5).map((q, i) => [q.id, answer(i !== 0, T0)]));
    const cards = Object.fromEntries(bank("TOOL", 5).map((q, i) => [q.id, firstCard(i !== 0, T0)]));
    const topics = topicReadiness(TOPICS, { ...empty, answers, cards }, retrievability, at(5));
    const tool = topics.find((t) => t.topic === "TOOL")!;
    // The same day: recall 100 %, so recall × accuracy is 4 of 5, 80 %; but 5 of the topic's 12
    // questions seen caps it at 41 %.
    expect(tool).toMatchObject({ recall: 100, answered: 5, right: 4, seen: 5, size: 12 });
    expect(tool.readiness).toBe(41);
    expect(tool.sentence).toBe(
      "41 % = how much of this topic you have seen, 5 items seen (bank questions answered and items drilled) against its 12 questions, which caps 80 % = recall 100 % (FSRS's average chance you recall the 5 reviewed cards, 1 due now) × accuracy 4/5 (4 of your 5 answers here right).",
    );
    expect(topics.filter((t) => t.readiness !== null)).toEqual([tool]);
    expect(examReadiness(topics)).toEqual({
      readiness: 5,
      sentence:
        "5 % = the average of the 9 topics' readiness (41 / 9), the 8 not started counting 0: the exam draws evenly from every topic.",
    });
    expect(drillNext(topics, DRILL_TOPICS, {}, at(5))?.topic).toBe("NEG");
  });

  it("leaves out cards never rated, and a wrong drill answer lowers the topic's figure", () => {
    const cards = { "RES-q0": newCard(T0), "RES-q1": firstCard(true, T0) };
    const answers = { "RES-q1": answer(true, T0) };
    // A bank of RES-q1 alone, so coverage does not cap.
    const questions = [{ id: "RES-q1", topic: "RES" }];
    const before = topicReadiness(["RES"], { questions, answers, cards }, retrievability, at(1));
    expect(before[0]).toMatchObject({ cards: 1, readiness: 100 });
    const drillResults = byAt([drilled("RES", ["RES-2"], false, at(2))]);
    const ruleCards = { "RES-2": firstCard(false, at(2)) };
    const after = topicReadiness(
      ["RES"],
      { questions, answers, cards, ruleCards, drillResults },
      retrievability,
      at(3),
    );
    expect(after[0]).toMatchObject({ cards: 2, answered: 2, right: 1, readiness: 50 });
  });
});

describe("topicReadiness and how much of a topic was seen", () => {
  it("never reads more than the items seen ÷ the topic's size: one drilled item right in a topic of 43 questions is 2 %, as mastery counts 0 of 43", () => {
    const questions = [...bank("BRG", 43), ...bank("CSP", 12)];
    const drillResults = byAt([drilled("BRG", ["BRG-5"], true, T0)]);
    const ruleCards = { "BRG-5": firstCard(true, T0) };
    const [brg] = topicReadiness(
      ["BRG"],
      { questions, answers: {}, cards: {}, ruleCards, drillResults },
      retrievability,
      at(1),
    );
    // Recall 100 % and accuracy 1 of 1 make 100 %; one item of 43 caps it.
    expect(brg).toMatchObject({ recall: 100, answered: 1, right: 1, seen: 1, size: 43 });
    expect(brg!.readiness).toBe(2);
    expect(brg!.readiness! / 100).toBeLessThanOrEqual(1 / 43);
    expect(brg!.sentence).toBe(
      "2 % = how much of this topic you have seen, 1 item seen (bank questions answered and items drilled) against its 43 questions, which caps 100 % = recall 100 % (FSRS's average chance you recall the 1 reviewed card) × accuracy 1/1 (1 of your 1 answer here right).",
    );
    expect(topicMastery(["BRG"], questions, {})[0]).toEqual({
      topic: "BRG",
      total: 43,
      answered: 0,
      right: 0,
    });
  });

  it("reaches the product once every question is seen, and counts a question answered twice once", () => {
    const questions = bank("NEG", 3);
    const answers = Object.fromEntries(questions.map((q) => [q.id, answer(true, T0)]));
    const [neg] = topicReadiness(["NEG"], { questions, answers, cards: {} }, retrievability, at(1));
    expect(neg).toMatchObject({ seen: 3, size: 3, readiness: 100 });
  });
});

describe("topicReadiness of a drilled item resting on rules of two topics", () => {
  it("counts the item in both topics, so neither reads as ready on recall alone", () => {
    const drillResults = byAt([drilled("CSP", ["CSP-2", "SBX-3"], false, T0)]);
    const ruleCards = { "CSP-2": firstCard(false, T0), "SBX-3": firstCard(false, T0) };
    const topics = topicReadiness(
      ["CSP", "SBX"],
      { ...empty, ruleCards, drillResults },
      retrievability,
      at(1),
    );
    for (const t of topics) expect(t).toMatchObject({ answered: 1, right: 0, readiness: 0 });
  });
});

describe("drillNext", () => {
  it("picks the drill topic with the lowest readiness, and its rule due soonest", () => {
    const results = byAt([
      drilled("CSP", ["CSP-3"], false, T0),
      drilled("CSP", ["CSP-4"], true, at(1)),
      ...DRILL_TOPICS.filter((t) => t !== "CSP").map((t, i) =>
        drilled(t, [`${t}-1`], true, at(2 + i)),
      ),
    ]);
    // Banks of one question a topic: coverage does not cap, so accuracy picks the topic.
    const questions = TOPICS.flatMap((t) => bank(t, 1));
    const topics = topicReadiness(
      TOPICS,
      { questions, answers: {}, cards: {}, drillResults: results },
      retrievability,
      T0,
    );
    // SBX is lower still (not started), but no drill generates SBX items.
    expect(topics.find((t) => t.topic === "SBX")!.readiness).toBeNull();
    const ruleCards = { "CSP-4": firstCard(true, at(1)), "NEG-1": firstCard(true, at(2)) };
    expect(drillNext(topics, DRILL_TOPICS, ruleCards, at(3))).toEqual({
      topic: "CSP",
      rule: "CSP-4",
      reason: "The lowest readiness of the drill topics (50 %); CSP-4 is its rule due soonest.",
    });
  });
});

describe("ruleMastery", () => {
  it("counts every rule of each drilled item, its last ten separately, weakest first", () => {
    const results = [
      drilled("CSP", ["CSP-3", "CSP-5"], false, T0),
      drilled("CSP", ["CSP-5"], true, at(1)),
      ...Array.from({ length: 12 }, (_, i) => drilled("NEG", ["NEG-6"], i < 2, at(10 + i))),
    ];
    const ruleCards = { "CSP-3": firstCard(false, T0), "TOOL-3": firstCard(true, T0) };
    const mastery = ruleMastery(byAt(results), ruleCards);
    expect(mastery.map((m) => m.rule)).toEqual(["TOOL-3", "CSP-3", "NEG-6", "CSP-5"]);
    expect(mastery.find((m) => m.rule === "NEG-6")).toEqual({
      rule: "NEG-6",
      attempts: 12,
      right: 2,
      recentAnswered: 10,
      recentRight: 0,
    });
    expect(mastery.find((m) => m.rule === "CSP-5")).toMatchObject({
      attempts: 2,
      right: 1,
      recentRight: 1,
    });
    expect(mastery.find((m) => m.rule === "CSP-3")!.due).toBe(ruleCards["CSP-3"].due);
  });
});

describe("lastMissedRules", () => {
  it("names the rules whose newest drill was a miss, whatever came before", () => {
    const results = byAt([
      drilled("NEG", ["NEG-6", "NEG-2"], true, T0),
      drilled("NEG", ["NEG-6"], false, at(1)),
      drilled("CSP", ["CSP-1"], false, at(2)),
      drilled("CSP", ["CSP-1", "NEG-2"], true, at(3)),
    ]);
    expect([...lastMissedRules(results)]).toEqual(["NEG-6"]);
    expect(lastMissedRules({}).size).toBe(0);
  });
});
