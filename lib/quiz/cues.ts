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
 * Word cues a test-wise learner reads into an option without knowing the subject: a reason given
 * ("because", "since"), a softening hedge ("usually", "may", "might", …) or an absolute ("always",
 * "never", "only", …). Test-taking folklore says hedged options tend to be right and absolute or
 * over-explained ones wrong, but a bank can lean either way, so each family is tried in both
 * directions: skip the options that carry it, or pick them.
 */
export const WORD_CUES = {
  "because/since": ["because", "since"],
  hedge: [
    "usually",
    "may",
    "might",
    "can",
    "could",
    "often",
    "sometimes",
    "generally",
    "typically",
  ],
  absolute: ["always", "never", "only", "all", "every", "none", "nothing", "any"],
} as const;
export type WordCue = keyof typeof WORD_CUES;

const CUE_PATTERN = Object.fromEntries(
  Object.entries(WORD_CUES).map(([cue, words]) => [
    cue,
    new RegExp(`\\b(?:${words.join("|")})\\b`, "i"),
  ]),
) as Record<WordCue, RegExp>;

/** Whether `text` carries one of `cue`'s words (whole words, any case). */
export function hasCue(text: string, cue: WordCue): boolean {
  return CUE_PATTERN[cue].test(text);
}

/**
 * The claim a true/false question asks about: the text after "True or false:" when the stem has
 * it (the scenario before it is set-up, not the claim), else the whole stem.
 */
function trueFalseClaim(stem: string): string {
  const at = stem.search(/true or false/i);
  return at < 0 ? stem : stem.slice(at);
}

/**
 * Blind strategies. Each says what to answer for a single/predict (one option), a multi ("select
 * N": N options), and a true/false question. An ordering is submitted as it starts; a fill-in is
 * left empty, since no blind learner can type the answer. A word-cue strategy ranks the options it
 * prefers first (ties keep the shown order) and answers a true/false question "true" when the
 * claim is what it would pick, "false" when it is what it would skip.
 */
export const BLIND_STRATEGIES = [
  "first option, True",
  "first option, False",
  "last option, False",
  "longest option, False",
  "shortest option, True",
  "skip because/since",
  "pick because/since",
  "skip hedge",
  "pick hedge",
  "skip absolute",
  "pick absolute",
  "a mix of these",
] as const;
export type BlindStrategy = (typeof BLIND_STRATEGIES)[number];

type Pure = Exclude<BlindStrategy, "a mix of these">;
const PURE = BLIND_STRATEGIES.filter((s): s is Pure => s !== "a mix of these");

/** The word cue and direction of a word-cue strategy, or null for a positional one. */
function wordCueOf(strategy: BlindStrategy): { cue: WordCue; pick: boolean } | null {
  const m = /^(skip|pick) (.+)$/.exec(strategy);
  return m ? { cue: m[2] as WordCue, pick: m[1] === "pick" } : null;
}

/** `ids` (in shown order) sorted by `rank` ascending; equal ranks keep the shown order. */
function rankBy(rank: (id: string) => number) {
  return (ids: readonly string[]) =>
    ids
      .map((id, i) => ({ id, i, r: rank(id) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.id);
}

/** `ids` (in shown order) sorted longest text first; equal lengths keep the shown order. */
function byLengthDesc(question: { options: readonly { id: string; text: string }[] }) {
  const length = new Map(question.options.map((o) => [o.id, o.text.length]));
  return rankBy((id) => -length.get(id)!);
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
  const word = wordCueOf(pure);
  switch (question.type) {
    case "single":
    case "predict":
    case "multi": {
      const shown = present(question, seed);
      const n = question.type === "multi" ? question.answer.length : 1;
      const text = new Map(question.options.map((o) => [o.id, o.text]));
      const ranked = word
        ? rankBy((id) => (hasCue(text.get(id)!, word.cue) === word.pick ? 0 : 1))(shown)
        : pure.startsWith("longest")
          ? byLengthDesc(question)(shown)
          : pure.startsWith("shortest")
            ? rankBy((id) => text.get(id)!.length)(shown)
            : pure.startsWith("last")
              ? [...shown].reverse()
              : shown;
      const picked = ranked.slice(0, n);
      return question.type === "multi"
        ? { type: "multi", choices: picked }
        : { type: "single", choice: picked[0]! };
    }
    case "true-false":
      return {
        type: "true-false",
        value: word
          ? hasCue(trueFalseClaim(question.stem), word.cue) === word.pick
          : pure.endsWith("True"),
      };
    case "order":
      return { type: "order", order: startingOrder(question, seed) };
    case "fill-in":
      return null;
  }
}

/** A question whose key a word cue gives away, and how. */
export interface CueOffender {
  bank?: string;
  id: string;
  cue: WordCue;
  /** What a learner must do with the cue word to find the key. */
  direction: "skip" | "pick";
  /** For a choice question, the texts of the options that carry the word; for true/false, the claim. */
  carriers: string[];
}

/**
 * Questions a word cue answers on its own: a choice question whose keys are exactly the options
 * without the word (direction "skip") or exactly those with it ("pick"), so ranking by the word
 * alone finds every key; and a true/false question whose claim carries the word and is false
 * ("skip") or true ("pick"). One question counts once per cue.
 */
export function wordCueOffenders(questions: readonly Question[]): CueOffender[] {
  const out: CueOffender[] = [];
  for (const q of questions) {
    for (const cue of Object.keys(WORD_CUES) as WordCue[]) {
      if (q.type === "true-false") {
        const claim = trueFalseClaim(q.stem);
        if (hasCue(claim, cue)) {
          out.push({ id: q.id, cue, direction: q.answer ? "pick" : "skip", carriers: [claim] });
        }
        continue;
      }
      if (q.type !== "single" && q.type !== "predict" && q.type !== "multi") continue;
      const keys = new Set(q.type === "multi" ? q.answer : [q.answer]);
      const carrying = q.options.filter((o) => hasCue(o.text, cue));
      if (carrying.length === 0 || carrying.length === q.options.length) continue;
      const carriesKeys = carrying.every((o) => keys.has(o.id)) && carrying.length === keys.size;
      const skipsToKeys =
        carrying.every((o) => !keys.has(o.id)) && q.options.length - carrying.length === keys.size;
      if (carriesKeys || skipsToKeys) {
        out.push({
          id: q.id,
          cue,
          direction: carriesKeys ? "pick" : "skip",
          carriers: carrying.map((o) => o.text),
        });
      }
    }
  }
  return out;
}

/** How often the keys and the distractors of choice questions carry `cue`'s words. */
export function cueShares(
  questions: readonly Question[],
  cue: WordCue,
): { keys: number; keysWith: number; distractors: number; distractorsWith: number } {
  const r = { keys: 0, keysWith: 0, distractors: 0, distractorsWith: 0 };
  for (const q of questions) {
    if (q.type !== "single" && q.type !== "predict" && q.type !== "multi") continue;
    const keys = new Set(q.type === "multi" ? q.answer : [q.answer]);
    for (const o of q.options) {
      const w = hasCue(o.text, cue) ? 1 : 0;
      if (keys.has(o.id)) {
        r.keys++;
        r.keysWith += w;
      } else {
        r.distractors++;
        r.distractorsWith += w;
      }
    }
  }
  return r;
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
