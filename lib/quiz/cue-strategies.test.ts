import { describe, expect, it } from "vitest";
import { loadQuizBanks } from "../content/quizzes";
import {
  chanceOf,
  choiceItems,
  keyLengthRanks,
  learntStrategies,
  lengthRankStrategies,
  pointsAtOtherOptions,
  scoreStrategy,
  splitHalves,
  surfaceStrategies,
  wordCueStrategies,
  type ChoiceItem,
  type CueStrategy,
} from "./cue-strategies";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** The issue's bound: every single-cue strategy within chance ± 5 points. */
const TOLERANCE = 0.05;
/** The fixed seed of the split into a training and a test half. */
const SPLIT_SEED = "bank-cues-35";
/** Learnt strategies measured and printed but not held to the bound (see the test). */
const PRINTED_ONLY = new Set(["best learnt word shares", "worst learnt word shares"]);

/** Four-option items whose key is `key(i)`'s text and distractors `others(i)`. */
function fixture(n: number, key: (i: number) => string, others: (i: number) => string[]) {
  return Array.from({ length: n }, (_, i): ChoiceItem => ({
    id: `q${i}`,
    stem: `A fixture stem about topic ${i}, asking which option holds.`,
    options: [{ id: "key", text: key(i) }, ...others(i).map((text, j) => ({ id: `d${j}`, text }))],
    answer: "key",
  }));
}

const byName = (strategies: CueStrategy[], name: string) =>
  strategies.find((s) => s.name === name)!.prefer;

describe("the cue strategies find the cues they are named after", () => {
  it("a key that is always the second-longest option scores 100 % on rank 2 and 0 % on rank 1", () => {
    const items = fixture(
      20,
      () => "a medium-length key",
      () => ["the longest option of them all, by far", "short", "shorter one"],
    );
    const ranks = lengthRankStrategies(4);
    expect(scoreStrategy(items, byName(ranks, "length rank 2 from the longest"))).toBe(1);
    expect(scoreStrategy(items, byName(ranks, "length rank 1 from the longest"))).toBe(0);
    expect(scoreStrategy(items, byName(ranks, "length rank 3 from the shortest"))).toBe(1);
    expect(keyLengthRanks(items)).toEqual(new Map([[2, 20]]));
  });

  it("ties count as a guess among the tied options, and no preference as a guess among all", () => {
    const items = fixture(
      4,
      () => "same",
      () => ["same", "long option", "x"],
    );
    expect(
      scoreStrategy(items, byName(lengthRankStrategies(4), "length rank 2 from the longest")),
    ).toBe(0.5);
    expect(scoreStrategy(items, () => 0)).toBe(0.25);
    expect(chanceOf(items)).toBe(0.25);
  });

  it("learns on one half a word found only in keys and finds the keys of the other half with it", () => {
    const items = fixture(
      40,
      (i) => `the ordinary answer number ${i}`,
      (i) => [`another answer ${i}`, `a third answer ${i}`, `the last answer ${i}`],
    );
    const [train, test] = splitHalves(items, SPLIT_SEED);
    const learnt = learntStrategies(train);
    expect(scoreStrategy(test, byName(learnt, "pick key-only words"))).toBe(1);
    expect(scoreStrategy(test, byName(learnt, "avoid key-only words"))).toBe(0);
    expect(scoreStrategy(test, byName(learnt, "best learnt word shares"))).toBe(1);
  });

  it("learns a word found only in distractors and avoids it", () => {
    const items = fixture(
      40,
      (i) => `answer ${i}`,
      (i) => [`every answer ${i}`, `every other ${i}`, `reject all ${i}`],
    );
    const [train, test] = splitHalves(items, SPLIT_SEED);
    const learnt = learntStrategies(train);
    expect(scoreStrategy(test, byName(learnt, "avoid distractor-only words"))).toBe(1);
    expect(scoreStrategy(test, byName(learnt, "pick distractor-only words"))).toBe(0);
  });

  it("does not learn a word seen fewer than five times", () => {
    const items = fixture(
      8,
      (i) => (i < 4 ? `rare key ${i}` : `plain key ${i}`),
      (i) => [`one ${i}`, `two ${i}`, `three ${i}`],
    );
    const pick = byName(learntStrategies(items.slice(0, 4)), "pick key-only words");
    expect(scoreStrategy(items.slice(4), pick)).toBe(0.25);
  });

  it("reads 'because' as a reason cue, stem overlap, code spans, and options that point at others", () => {
    const items = fixture(
      10,
      (i) => `it holds because of topic ${i}`,
      () => ["`a` and `b`", "nothing", "no"],
    );
    expect(scoreStrategy(items, byName(wordCueStrategies(), "pick because/since"))).toBe(1);
    const surface = surfaceStrategies();
    expect(scoreStrategy(items, byName(surface, "most words shared with the stem"))).toBe(1);
    expect(scoreStrategy(items, byName(surface, "most code spans (most specific)"))).toBe(0);
    expect(pointsAtOtherOptions("All of the above")).toBe(true);
    expect(pointsAtOtherOptions("Both of the others are wrong")).toBe(true);
    expect(pointsAtOtherOptions("All four lists are arrays")).toBe(false);
  });
});

describe("the shipped bank resists a test-wise learner (issue #35, item 4)", async () => {
  const banks = await loadQuizBanks();
  const items = choiceItems(banks.flatMap((b) => b.questions));
  const chance = chanceOf(items);
  const maxOptions = Math.max(...items.map((i) => i.options.length));

  /** Every strategy's score, the fixed ones over the whole bank, the learnt ones on the test half. */
  function measure(): { name: string; score: number; over: string }[] {
    const fixed = [
      ...lengthRankStrategies(maxOptions),
      ...wordCueStrategies(),
      ...surfaceStrategies(),
    ];
    const rows = fixed.map((s) => ({
      name: s.name,
      score: scoreStrategy(items, s.prefer) - chance,
      over: "all",
    }));
    const [a, b] = splitHalves(items, SPLIT_SEED);
    for (const [train, test, over] of [
      [a, b, "half B"],
      [b, a, "half A"],
    ] as const) {
      for (const s of learntStrategies(train)) {
        rows.push({ name: s.name, score: scoreStrategy(test, s.prefer) - chanceOf(test), over });
      }
    }
    return rows;
  }

  it(`keeps every single-cue strategy, and its inverse, within chance ± ${TOLERANCE * 100} points`, () => {
    const rows = measure();
    const ranks = keyLengthRanks(items);
    console.log(
      [
        `Choice questions: ${items.length}, chance ${pct(chance)} (mean of 1/options). Key's length rank from the longest: ${[
          ...ranks,
        ]
          .map(([r, n]) => `${r}: ${n} (${pct(n / items.length)})`)
          .join(", ")}`,
        "Strategy, points above (+) or below (-) chance; learnt lists scored on the half they did not see:",
        ...rows.map(
          (r) =>
            `  ${r.name.padEnd(40)} ${r.over.padEnd(7)} ${(r.score * 100).toFixed(1).padStart(6)}${PRINTED_ONLY.has(r.name) ? "  (printed, not held)" : ""}`,
        ),
      ].join("\n"),
    );
    // Held: every strategy the issue names. Printed only: the smoothed word-share learner, which
    // weighs every word seen five times at once (a statistician's learner, not a test-taker's).
    const outside = rows
      .filter((r) => !PRINTED_ONLY.has(r.name) && Math.abs(r.score) > TOLERANCE)
      .map((r) => `${r.name} (${r.over}): ${(r.score * 100).toFixed(1)} points`);
    expect(outside).toEqual([]);
  });

  it("has no option that points at other options ('all of the above'), which a shuffle would break", () => {
    const pointing = banks.flatMap((b) =>
      b.questions.flatMap((q) =>
        "options" in q
          ? q.options.filter((o) => pointsAtOtherOptions(o.text)).map((o) => `${q.id}: ${o.text}`)
          : [],
      ),
    );
    expect(pointing).toEqual([]);
  });
});
