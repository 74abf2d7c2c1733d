import { describe, expect, it } from "vitest";
import { firstCard, rateCard, Rating } from "../quiz/review";
import type { ExamRecord, ExamSession } from "../quiz/session";
import { mergeProgress } from "./merge";
import { defaultProgress } from "./basics";
import type { PersistedProgress } from "./schema";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute)).toISOString();

function progress(change: (p: PersistedProgress) => void = () => {}): PersistedProgress {
  const p = defaultProgress();
  change(p);
  return p;
}

const stats = (attempts: number, minute: number, lastCorrect = true) => ({
  attempts,
  correct: lastCorrect ? attempts : 0,
  lastAnsweredAt: at(minute),
  lastCorrect,
});

function record(id: string, minute: number): ExamRecord {
  return {
    id,
    seed: id,
    questionIds: ["q"],
    startedAt: at(0),
    submittedAt: at(minute),
    durationMs: 60_000,
    autoSubmitted: false,
    responses: {},
    correct: 1,
    total: 1,
    passMark: 0.7,
    passed: true,
    byTopic: [],
    missed: [],
  };
}

function session(id: string, responses: ExamSession["responses"] = {}): ExamSession {
  return {
    id,
    seed: id,
    questionIds: ["a", "b"],
    startedAt: at(0),
    durationMs: 60_000,
    passMark: 0.7,
    responses,
    flagged: [],
    current: 0,
    reviewing: false,
  };
}

/** Merges in both directions and checks both tabs reach the same content. */
function both(base: PersistedProgress | undefined, a: PersistedProgress, b: PersistedProgress) {
  const ab = mergeProgress(base, a, b);
  const ba = mergeProgress(base, b, a);
  return { ab, ba };
}

describe("mergeProgress: completed lessons", () => {
  it("keeps a lesson completed in one tab and answers given in the other", () => {
    const base = progress();
    const a = progress((p) => (p.quiz.answers.q1 = stats(1, 1)));
    const b = progress((p) => (p.lessons.completed.intro = at(2)));
    const { ab, ba } = both(base, a, b);
    expect(ab).toEqual(ba);
    expect(ab.lessons.completed).toEqual({ intro: at(2) });
    expect(ab.quiz.answers).toEqual({ q1: stats(1, 1) });
  });

  it("lets an un-marking in one tab stand against the other's unchanged copy", () => {
    const base = progress((p) => (p.lessons.completed.intro = at(1)));
    const undone = progress();
    expect(mergeProgress(base, base, undone).lessons.completed).toEqual({});
    expect(mergeProgress(base, undone, base).lessons.completed).toEqual({});
  });

  it("keeps the newer completion when both tabs changed it, and the present one over a deletion", () => {
    const base = progress((p) => (p.lessons.completed.intro = at(1)));
    const a = progress((p) => (p.lessons.completed.intro = at(5)));
    const b = progress((p) => (p.lessons.completed.intro = at(3)));
    const { ab, ba } = both(base, a, b);
    expect(ab.lessons.completed.intro).toBe(at(5));
    expect(ba.lessons.completed.intro).toBe(at(5));
    expect(mergeProgress(base, progress(), b).lessons.completed.intro).toBe(at(3));
  });
});

describe("mergeProgress: answers and predictions", () => {
  it("takes the newer answer record per question, each side's own questions kept", () => {
    const base = progress((p) => (p.quiz.answers.q = stats(1, 1)));
    const a = progress((p) => {
      p.quiz.answers.q = stats(2, 4, false);
      p.quiz.answers["simulator:basic"] = stats(1, 4);
    });
    const b = progress((p) => {
      p.quiz.answers.q = stats(3, 6);
      p.quiz.answers.other = stats(1, 2);
    });
    const { ab, ba } = both(base, a, b);
    expect(ab).toEqual(ba);
    expect(ab.quiz.answers).toEqual({
      q: stats(3, 6),
      other: stats(1, 2),
      "simulator:basic": stats(1, 4),
    });
  });

  it("breaks a tie of equal timestamps the same way in both tabs", () => {
    const a = progress((p) => (p.quiz.answers.q = stats(2, 3)));
    const b = progress((p) => (p.quiz.answers.q = stats(5, 3)));
    const { ab, ba } = both(undefined, a, b);
    expect(ab.quiz.answers.q).toEqual(ba.quiz.answers.q);
    expect([stats(2, 3), stats(5, 3)]).toContainEqual(ab.quiz.answers.q);
  });

  it("merges a record with a field this code does not know as a whole, with no new code", () => {
    const base = progress();
    const a = progress((p) => (p.quiz.answers.q = { ...stats(1, 5), seed: "x" } as never));
    const b = progress((p) => (p.quiz.answers.q = { ...stats(1, 4), seed: "y" } as never));
    expect(mergeProgress(base, a, b).quiz.answers.q).toEqual({ ...stats(1, 5), seed: "x" });
    expect(mergeProgress(base, b, a).quiz.answers.q).toEqual({ ...stats(1, 5), seed: "x" });
  });
});

describe("mergeProgress: review cards", () => {
  const T0 = new Date(at(0));
  const card = firstCard(true, T0);

  it("does not resurrect a card rated in the other tab (even rated Again, due sooner)", () => {
    const base = progress((p) => (p.quiz.cards.q = card));
    const rated = rateCard(card, Rating.Again, new Date(at(30)));
    const a = progress((p) => (p.quiz.cards.q = rated));
    const stale = progress((p) => {
      p.quiz.cards.q = card;
      p.lessons.completed.intro = at(31);
    });
    expect(mergeProgress(base, stale, a).quiz.cards.q).toEqual(rated);
    // Without a common base (an import), the later review still wins over the earlier one.
    expect(mergeProgress(undefined, stale, a).quiz.cards.q).toEqual(rated);
    expect(mergeProgress(undefined, a, stale).quiz.cards.q).toEqual(rated);
  });
});

describe("mergeProgress: drill cards per rule", () => {
  const T0 = new Date(at(0));
  const card = firstCard(true, T0);

  it("keeps the later drill rating of a rule, in a tab merge and in an import, and each side's own rules", () => {
    const base = progress((p) => (p.quiz.ruleCards = { "CSP-5": card }));
    const rated = rateCard(card, Rating.Again, new Date(at(30)));
    const a = progress((p) => (p.quiz.ruleCards = { "CSP-5": rated }));
    const stale = progress((p) => {
      p.quiz.ruleCards = { "CSP-5": card, "TOOL-3": card };
      p.lessons.completed.intro = at(31);
    });
    for (const merged of [
      mergeProgress(base, stale, a),
      mergeProgress(undefined, stale, a),
      mergeProgress(undefined, a, stale),
    ]) {
      expect(merged.quiz.ruleCards).toEqual({ "CSP-5": rated, "TOOL-3": card });
    }
  });
});

describe("mergeProgress: exams", () => {
  it("unites the histories by id, newest first, within the history limit", () => {
    const base = progress((p) => (p.quiz.exams = [record("e1", 1)]));
    const a = progress((p) => (p.quiz.exams = [record("e2", 5), record("e1", 1)]));
    const b = progress((p) => (p.quiz.exams = [record("e3", 3), record("e1", 1)]));
    const { ab, ba } = both(base, a, b);
    expect(ab.quiz.exams.map((e) => e.id)).toEqual(["e2", "e3", "e1"]);
    expect(ba.quiz.exams).toEqual(ab.quiz.exams);

    const full = progress(
      (p) => (p.quiz.exams = Array.from({ length: 50 }, (_, i) => record(`f${i}`, 50 - i))),
    );
    const one = progress((p) => (p.quiz.exams = [record("new", 59)]));
    const merged = mergeProgress(undefined, full, one).quiz.exams;
    expect(merged).toHaveLength(50);
    expect(merged[0]!.id).toBe("new");
  });

  it("never disturbs the exam running in this tab with another tab's writes", () => {
    const running = session("x", { a: { type: "true-false", value: true } });
    const base = progress((p) => (p.quiz.exam = session("x")));
    const otherTab = progress((p) => {
      p.quiz.exam = session("x");
      p.quiz.answers.q = stats(1, 9);
    });
    const merged = mergeProgress(
      base,
      progress((p) => (p.quiz.exam = running)),
      otherTab,
    );
    expect(merged.quiz.exam).toBe(running);
    expect(merged.quiz.answers.q).toEqual(stats(1, 9));
    // Both changed it: this tab's copy is kept.
    const rival = progress((p) => (p.quiz.exam = session("y")));
    expect(
      mergeProgress(
        base,
        progress((p) => (p.quiz.exam = running)),
        rival,
      ).quiz.exam,
    ).toBe(running);
    // Submitted in the other tab while this one only looked: the submission stands.
    const submitted = progress((p) => (p.quiz.exams = [record("x", 9)]));
    expect(mergeProgress(base, base, submitted).quiz).toMatchObject({
      exam: null,
      exams: [{ id: "x" }],
    });
  });
});

describe("mergeProgress: unchanged values", () => {
  it("returns this tab's objects when the other tab adds nothing", () => {
    const a = progress((p) => {
      p.quiz.answers.q = stats(1, 1);
      p.quiz.exams = [record("e", 2)];
    });
    const copy = structuredClone(a);
    expect(mergeProgress(copy, a, copy)).toBe(a);
    const b = progress((p) => (p.lessons.completed.intro = at(3)));
    const merged = mergeProgress(undefined, a, b);
    expect(merged.quiz.answers).toBe(a.quiz.answers);
    expect(merged.quiz.exams).toBe(a.quiz.exams);
  });

  it("unites an unknown map under quiz per key, and keeps this tab's preferences on a conflict", () => {
    const a = progress((p) => {
      (p.quiz as Record<string, unknown>).practice = { NEG: 3 };
      p.preferences.theme = "dark";
    });
    const b = progress((p) => {
      (p.quiz as Record<string, unknown>).practice = { TOOL: 2 };
      p.preferences.theme = "light";
    });
    const merged = mergeProgress(progress(), a, b);
    expect((merged.quiz as Record<string, unknown>).practice).toEqual({ NEG: 3, TOOL: 2 });
    expect(merged.preferences.theme).toBe("dark");
  });
});
