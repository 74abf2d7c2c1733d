import type { Response } from "../content/quiz-grading";
import type { Question } from "../content/quiz-schema";
import { drawExam } from "./exam";
import { createRng, type Rng } from "./random";
import { optionOrder, startingOrder, type WithOptions } from "./presentation";
import { scoreExam } from "./scoring";

// Cues a learner could score with while knowing nothing: where the key sits, how long it is, and
// which way true/false questions lean. Pure functions over questions, so a unit test can run them
// over the shipped banks and fail when a cue comes back.

/** How the options of a question reach the screen: the UI's `optionOrder`, or a stand-in. */
export type Presenter = (question: WithOptions, seed: string) => string[];

/** The order the files list the options in: what the quiz showed before it shuffled. */
export const filePresenter: Presenter = (q) => q.options.map((o) => o.id);

/**
 * Blind strategies. Each says what to answer for a single/predict (one option), a multi ("select
 * N": N options), and a true/false question. An ordering is submitted as it starts; a fill-in is
 * left empty, since no blind learner can type the answer.
 */
export const BLIND_STRATEGIES = [
  "first option, True",
  "first option, False",
  "last option, False",
  "longest option, False",
  "a mix of these",
] as const;
export type BlindStrategy = (typeof BLIND_STRATEGIES)[number];

type Pure = Exclude<BlindStrategy, "a mix of these">;
const PURE = BLIND_STRATEGIES.filter((s): s is Pure => s !== "a mix of these");

/** `ids` (in shown order) sorted longest text first; equal lengths keep the shown order. */
function byLengthDesc(question: { options: readonly { id: string; text: string }[] }) {
  const length = new Map(question.options.map((o) => [o.id, o.text.length]));
  return (ids: readonly string[]) =>
    ids
      .map((id, i) => ({ id, i }))
      .sort((a, b) => length.get(b.id)! - length.get(a.id)! || a.i - b.i)
      .map((x) => x.id);
}

/** What a learner following `strategy` answers to `question`, shown with `seed`. */
export function blindResponse(
  question: Question,
  strategy: BlindStrategy,
  seed: string,
  present: Presenter,
  rng: Rng,
): Response | null {
  const pure: Pure =
    strategy === "a mix of these" ? PURE[Math.floor(rng() * PURE.length)]! : strategy;
  switch (question.type) {
    case "single":
    case "predict":
    case "multi": {
      const shown = present(question, seed);
      const n = question.type === "multi" ? question.answer.length : 1;
      const ranked = pure.startsWith("longest")
        ? byLengthDesc(question)(shown)
        : pure.startsWith("last")
          ? [...shown].reverse()
          : shown;
      const picked = ranked.slice(0, n);
      return question.type === "multi"
        ? { type: "multi", choices: picked }
        : { type: "single", choice: picked[0]! };
    }
    case "true-false":
      return { type: "true-false", value: pure === "first option, True" };
    case "order":
      return { type: "order", order: startingOrder(question, seed) };
    case "fill-in":
      return null;
  }
}

export interface SimulateOptions {
  /** How many exams to draw (1,000 by default). */
  exams?: number;
  /** How options reach the screen: the UI's shuffle by default. */
  present?: Presenter;
  /** Exam seeds are `${prefix}-${i}`. */
  prefix?: string;
}

/**
 * Each strategy's mean score over `exams` exams drawn exactly as the exam page draws them
 * (`drawExam` with seeds `${prefix}-0`, `${prefix}-1`, …), each question shown with the exam's
 * seed as the exam page shows it, and scored by `scoreExam`.
 */
export function simulateBlindExams(
  questions: readonly Question[],
  options: SimulateOptions = {},
): Record<BlindStrategy, number> {
  const { exams = 1000, present = optionOrder, prefix = "blind" } = options;
  const byId = new Map(questions.map((q) => [q.id, q]));
  const sums = Object.fromEntries(BLIND_STRATEGIES.map((s) => [s, 0])) as Record<
    BlindStrategy,
    number
  >;
  for (let i = 0; i < exams; i++) {
    const seed = `${prefix}-${i}`;
    const drawn = drawExam(questions, seed).map((id) => byId.get(id)!);
    for (const strategy of BLIND_STRATEGIES) {
      const rng = createRng(`${seed}:${strategy}`);
      const responses: Record<string, Response> = {};
      for (const q of drawn) {
        const r = blindResponse(q, strategy, seed, present, rng);
        if (r) responses[q.id] = r;
      }
      sums[strategy] += scoreExam(drawn, responses).ratio;
    }
  }
  for (const s of BLIND_STRATEGIES) sums[s] /= exams;
  return sums;
}

/** True when the key is strictly longer (in characters) than every other option. */
export function isKeyStrictlyLongest(question: {
  options: readonly { id: string; text: string }[];
  answer: string;
}): boolean {
  const key = question.options.find((o) => o.id === question.answer);
  if (!key) return false;
  return question.options.every((o) => o.id === key.id || o.text.length < key.text.length);
}

/** 1-based file positions of the key of every single/predict question, counted by position. */
export function keyFilePositions(questions: readonly Question[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const q of questions) {
    if (q.type !== "single" && q.type !== "predict") continue;
    const at = q.options.findIndex((o) => o.id === q.answer) + 1;
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => a[0] - b[0]));
}

/** How many multi questions list their keys as the first N options of the file. */
export function multiKeysFirstInFile(questions: readonly Question[]): {
  first: number;
  total: number;
} {
  const multi = questions.filter((q) => q.type === "multi");
  const first = multi.filter((q) => {
    const head = new Set(q.options.slice(0, q.answer.length).map((o) => o.id));
    return q.answer.every((a) => head.has(a));
  }).length;
  return { first, total: multi.length };
}
