import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  drawExam,
  EXAM_SIZE,
  formatCountdown,
  formatDuration,
  mixQuestions,
  timeLeft,
  topicQuotas,
  type Drawable,
} from "./exam";
import { resultItems } from "./session";

/** `counts[t]` questions in topic `T<t>`, with ids `T<t>-<i>`. */
function pool(counts: number[]): Drawable[] {
  return counts.flatMap((n, t) =>
    Array.from({ length: n }, (_, i) => ({ id: `T${t}-${i}`, topic: `T${t}` })),
  );
}

function perTopic(ids: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id.split("-")[0]!, (m.get(id.split("-")[0]!) ?? 0) + 1);
  return m;
}

/** The shipped banks' shape: nine topics of 14 to 26 questions. */
const SHIPPED_LIKE = pool([14, 20, 19, 19, 15, 18, 15, 18, 26]);

describe("drawExam", () => {
  it("draws 40 distinct questions from the pool", () => {
    const ids = drawExam(SHIPPED_LIKE, "seed-1");
    expect(ids).toHaveLength(EXAM_SIZE);
    expect(new Set(ids).size).toBe(EXAM_SIZE);
    const known = new Set(SHIPPED_LIKE.map((q) => q.id));
    expect(ids.every((id) => known.has(id))).toBe(true);
  });

  it("gives every one of nine topics four or five questions", () => {
    const counts = [...perTopic(drawExam(SHIPPED_LIKE, "seed-2")).values()];
    expect(counts).toHaveLength(9);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
  });

  it("is deterministic under a seed, whatever order the pool comes in", () => {
    const a = drawExam(SHIPPED_LIKE, "same");
    const b = drawExam([...SHIPPED_LIKE].reverse(), "same");
    expect(b).toEqual(a);
    expect(drawExam(SHIPPED_LIKE, "other")).not.toEqual(a);
  });

  it("interleaves topics instead of grouping them", () => {
    const topics = drawExam(SHIPPED_LIKE, "seed-3").map((id) => id.split("-")[0]);
    const runs = topics.filter((t, i) => i > 0 && t !== topics[i - 1]).length;
    expect(runs).toBeGreaterThan(20);
  });

  it("gives a small topic all it has and shares the rest evenly", () => {
    const ids = drawExam(pool([2, 30, 30, 30]), "seed-4");
    const counts = perTopic(ids);
    expect(counts.get("T0")).toBe(2);
    expect([counts.get("T1"), counts.get("T2"), counts.get("T3")].sort()).toEqual([12, 13, 13]);
  });

  it("returns the whole pool, shuffled, when it is smaller than the exam", () => {
    const small = pool([3, 3]);
    expect([...drawExam(small, "s")].sort()).toEqual(small.map((q) => q.id).sort());
  });

  it("keeps every topic within one question of the others (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 10 }),
        fc.string(),
        fc.integer({ min: 1, max: 60 }),
        (counts, seed, size) => {
          const questions = pool(counts);
          const ids = drawExam(questions, seed, size);
          expect(ids).toHaveLength(Math.min(size, questions.length));
          expect(new Set(ids).size).toBe(ids.length);
          const got = perTopic(ids);
          // A topic below the most-drawn topic by more than one must have run out.
          const most = Math.max(0, ...got.values());
          counts.forEach((n, t) => {
            const k = got.get(`T${t}`) ?? 0;
            if (k < most - 1) expect(k).toBe(n);
          });
          expect(drawExam(questions, seed, size)).toEqual(ids);
        },
      ),
    );
  });
});

describe("topicQuotas", () => {
  it("hands out the remainder by a seeded order", () => {
    const available = new Map([
      ["A", 10],
      ["B", 10],
      ["C", 10],
    ]);
    const q = topicQuotas(available, 7, "x");
    expect([...q.values()].reduce((a, b) => a + b)).toBe(7);
    expect([...q.values()].sort()).toEqual([2, 2, 3]);
  });
});

describe("mixQuestions", () => {
  it("keeps every question once and is fixed by the seed", () => {
    const mixed = mixQuestions(SHIPPED_LIKE, "m");
    expect(mixed.map((q) => q.id).sort()).toEqual(SHIPPED_LIKE.map((q) => q.id).sort());
    expect(mixQuestions([...SHIPPED_LIKE].reverse(), "m")).toEqual(mixed);
  });
});

describe("countdown", () => {
  const start = "2026-11-29T12:00:00.000Z";
  const t0 = Date.parse(start);

  it("counts down from the start and stops at zero", () => {
    expect(timeLeft(start, 60_000, t0)).toBe(60_000);
    expect(timeLeft(start, 60_000, t0 + 59_500)).toBe(500);
    expect(timeLeft(start, 60_000, t0 + 90_000)).toBe(0);
  });

  it("formats minutes and seconds, rounding up so 0:00 means time is over", () => {
    expect(formatCountdown(60 * 60_000)).toBe("1:00:00");
    expect(formatCountdown(59 * 60_000 + 5_000)).toBe("59:05");
    expect(formatCountdown(400)).toBe("0:01");
    expect(formatCountdown(0)).toBe("0:00");
  });
});

describe("formatDuration", () => {
  it("names its units, so 56 seconds reads 56 s and never 0:56, which could be minutes", () => {
    expect(formatDuration(56_000)).toBe("56 s");
    expect(formatDuration(400)).toBe("1 s");
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(65_000)).toBe("1 min 5 s");
    expect(formatDuration(20 * 60_000)).toBe("20 min");
    expect(formatDuration(62 * 60_000 + 5_000)).toBe("1 h 2 min 5 s");
  });
});

describe("resultItems", () => {
  const record = {
    questionIds: ["a", "b", "c", "d"],
    missed: ["b", "d"],
    flagged: ["d", "a"],
  };

  it("lists the missed, the flagged or every question of a submitted exam, in exam order", () => {
    expect(resultItems(record, "missed")).toEqual([
      { id: "b", number: 2, correct: false, flagged: false },
      { id: "d", number: 4, correct: false, flagged: true },
    ]);
    expect(resultItems(record, "flagged").map((i) => [i.id, i.correct])).toEqual([
      ["a", true],
      ["d", false],
    ]);
    expect(resultItems(record, "all").map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("reads an older record without flags as nothing flagged", () => {
    expect(resultItems({ questionIds: ["a"], missed: [] }, "flagged")).toEqual([]);
  });
});
