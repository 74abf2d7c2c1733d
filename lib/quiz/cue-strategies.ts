import type { Question } from "../content/quiz-schema";
import { WORD_CUES, hasCue, type WordCue } from "./cues";
import { createRng, shuffle } from "./random";

// What a test-wise learner reads into the options of a choice question without knowing the
// subject (issue #35, item 4): where the key ranks by length, words that mark keys or distractors
// (learnt on half the bank and tried on the other half), hedges and reasons, words shared with the
// stem, and how "specific" an option looks. Each strategy is scored as its expected score: the
// learner picks at random among the options the strategy likes best, so a strategy that cannot
// tell the options apart is a plain guess. Pure functions, so a unit test can hold the shipped
// banks at chance.

/** A single-answer choice question (single or predict) as a cue strategy sees it. */
export interface ChoiceItem {
  id: string;
  stem: string;
  options: readonly { id: string; text: string }[];
  answer: string;
}

/** How much a strategy likes each option: higher is picked first. */
export type Preference = (option: { id: string; text: string }, item: ChoiceItem) => number;

/** A named strategy and its preference; `learnt` ones are built from a training half. */
export interface CueStrategy {
  name: string;
  prefer: Preference;
}

/** The single and predict questions: the ones with one key among several options. */
export function choiceItems(questions: readonly Question[]): ChoiceItem[] {
  return questions.flatMap((q) =>
    q.type === "single" || q.type === "predict"
      ? [{ id: q.id, stem: q.stem, options: q.options, answer: q.answer }]
      : [],
  );
}

/** Chance as the issue defines it: the mean of 1 / (number of options) over the items. */
export function chanceOf(items: readonly ChoiceItem[]): number {
  return items.reduce((sum, i) => sum + 1 / i.options.length, 0) / items.length;
}

/** The expected score of picking at random among the options `prefer` ranks highest. */
function expectedScore(item: ChoiceItem, prefer: Preference): number {
  const scores = item.options.map((o) => prefer(o, item));
  const best = Math.max(...scores);
  const top = item.options.filter((_, i) => scores[i] === best);
  return top.some((o) => o.id === item.answer) ? 1 / top.length : 0;
}

/** A strategy's mean expected score over `items`. */
export function scoreStrategy(items: readonly ChoiceItem[], prefer: Preference): number {
  return items.reduce((sum, i) => sum + expectedScore(i, prefer), 0) / items.length;
}

/** 1 for the longest option (or every option tied for longest), 2 for the next, and so on. */
function lengthRank(item: ChoiceItem, text: string, from: "longest" | "shortest"): number {
  const n = text.length;
  return (
    1 +
    item.options.filter((o) => (from === "longest" ? o.text.length > n : o.text.length < n)).length
  );
}

/** Every length rank, counted from the longest and from the shortest, up to `maxOptions`. */
export function lengthRankStrategies(maxOptions: number): CueStrategy[] {
  const out: CueStrategy[] = [];
  for (const from of ["longest", "shortest"] as const) {
    for (let k = 1; k <= maxOptions; k++) {
      out.push({
        name: `length rank ${k} from the ${from}`,
        prefer: (o, item) => (lengthRank(item, o.text, from) === k ? 1 : 0),
      });
    }
  }
  return out;
}

/** Pick the options that carry a fixed cue word, or those that do not. */
export function wordCueStrategies(): CueStrategy[] {
  return (Object.keys(WORD_CUES) as WordCue[]).flatMap((cue) => [
    { name: `pick ${cue}`, prefer: (o) => (hasCue(o.text, cue) ? 1 : 0) },
    { name: `skip ${cue}`, prefer: (o) => (hasCue(o.text, cue) ? 0 : 1) },
  ]);
}

/** The distinct lower-case words of a text (code spans included, punctuation dropped). */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9'-]+/)
      .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
      .filter((w) => w.length > 0),
  );
}

/** Words of at least four letters an option shares with its stem. */
function sharedWithStem(text: string, stem: string): number {
  const inStem = wordsOf(stem);
  return [...wordsOf(text)].filter((w) => w.length >= 4 && inStem.has(w)).length;
}

/** Code spans in an option: the backticked names and values that make it look specific. */
function codeSpans(text: string): number {
  return (text.match(/`[^`]+`/g) ?? []).length;
}

/** Strategies that read the stem or the look of the options, each way round. */
export function surfaceStrategies(): CueStrategy[] {
  return [
    { name: "most words shared with the stem", prefer: (o, i) => sharedWithStem(o.text, i.stem) },
    {
      name: "fewest words shared with the stem",
      prefer: (o, i) => -sharedWithStem(o.text, i.stem),
    },
    { name: "most code spans (most specific)", prefer: (o) => codeSpans(o.text) },
    { name: "fewest code spans (least specific)", prefer: (o) => -codeSpans(o.text) },
  ];
}

/** What a learner takes from the training half: each word's count in keys and in distractors. */
interface WordTally {
  inKeys: Map<string, number>;
  inDistractors: Map<string, number>;
}

/** Counts, option by option, in how many keys and how many distractors each word stands. */
function tallyWords(items: readonly ChoiceItem[]): WordTally {
  const inKeys = new Map<string, number>();
  const inDistractors = new Map<string, number>();
  for (const item of items) {
    for (const o of item.options) {
      const into = o.id === item.answer ? inKeys : inDistractors;
      for (const w of wordsOf(o.text)) into.set(w, (into.get(w) ?? 0) + 1);
    }
  }
  return { inKeys, inDistractors };
}

/** The words seen at least `minSeen` times that stood only in keys, or only in distractors. */
function oneSidedWords(
  tally: WordTally,
  minSeen: number,
): { keyOnly: Set<string>; distractorOnly: Set<string> } {
  const keyOnly = new Set<string>();
  const distractorOnly = new Set<string>();
  const words = new Set([...tally.inKeys.keys(), ...tally.inDistractors.keys()]);
  for (const w of words) {
    const k = tally.inKeys.get(w) ?? 0;
    const d = tally.inDistractors.get(w) ?? 0;
    if (k + d < minSeen) continue;
    if (d === 0) keyOnly.add(w);
    if (k === 0) distractorOnly.add(w);
  }
  return { keyOnly, distractorOnly };
}

/**
 * Strategies learnt from `train`: the words seen at least `minSeen` times only in keys or only in
 * distractors (picked, or avoided), and every such word's smoothed share of appearances in keys
 * (the option whose words score best, or worst).
 */
export function learntStrategies(train: readonly ChoiceItem[], minSeen = 5): CueStrategy[] {
  const tally = tallyWords(train);
  const { keyOnly, distractorOnly } = oneSidedWords(tally, minSeen);
  const count = (set: Set<string>) => (text: string) =>
    [...wordsOf(text)].filter((w) => set.has(w)).length;
  const keyWords = count(keyOnly);
  const distractorWords = count(distractorOnly);
  const base = chanceOf(train);
  const share = (w: string) => {
    const k = tally.inKeys.get(w) ?? 0;
    const seen = k + (tally.inDistractors.get(w) ?? 0);
    return seen < minSeen ? base : (k + base) / (seen + 1);
  };
  const meanShare = (text: string) => {
    const ws = [...wordsOf(text)];
    return ws.reduce((sum, w) => sum + share(w), 0) / Math.max(1, ws.length);
  };
  return [
    { name: "pick key-only words", prefer: (o) => keyWords(o.text) },
    { name: "avoid key-only words", prefer: (o) => -keyWords(o.text) },
    { name: "pick distractor-only words", prefer: (o) => distractorWords(o.text) },
    { name: "avoid distractor-only words", prefer: (o) => -distractorWords(o.text) },
    { name: "best learnt word shares", prefer: (o) => meanShare(o.text) },
    { name: "worst learnt word shares", prefer: (o) => -meanShare(o.text) },
  ];
}

/** The bank split in two halves by a fixed seed, so a learnt list is tried on unseen items. */
export function splitHalves(
  items: readonly ChoiceItem[],
  seed: string,
): [ChoiceItem[], ChoiceItem[]] {
  const shuffled = shuffle(items, createRng(seed));
  const half = Math.ceil(shuffled.length / 2);
  return [shuffled.slice(0, half), shuffled.slice(half)];
}

/** The key's length rank from the longest, counted over the items (rank → items). */
export function keyLengthRanks(items: readonly ChoiceItem[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of items) {
    const key = item.options.find((o) => o.id === item.answer)!;
    const r = lengthRank(item, key.text, "longest");
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => a[0] - b[0]));
}

/** Options that point at other options ("all of the above"), which no shuffled quiz can show. */
export function pointsAtOtherOptions(text: string): boolean {
  return /\b(?:all|none|both|neither) of the (?:above|others|options|answers|these)\b/i.test(text);
}
