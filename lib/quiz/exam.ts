import { createRng, shuffle } from "./random";

/** How many questions an exam has, how long it lasts and what it takes to pass. */
export const EXAM_SIZE = 40;
export const EXAM_DURATION_MS = 60 * 60 * 1000;
/** The share of right answers needed to pass, stated to the learner before they start. */
export const PASS_MARK = 0.7;

/**
 * How many of an exam's questions are generated predict-the-host items (lib/drill) rather than
 * bank questions: drawn from the exam's seed, keyed by running the host engine.
 */
export const EXAM_GENERATED = 5;

/**
 * Generated items in an exam have ids `gen:v<version>:<exam seed>:<n>`, from which they are drawn
 * again. A saved exam keeps only the ids, so when the drill generator changes what a seed gives,
 * an old id would redraw a different item in the history. The version is the generator output's:
 * an id of another version (or of none, as ids were before) draws nothing, and the history says
 * the item came from an earlier generator. lib/drill/exam-items.test.ts holds the output at this
 * version with a fingerprint, so a change to it fails until this number is raised.
 */
export const GENERATED_VERSION = 4;
const GENERATED_PREFIX = "gen:";

/** The ids of an exam's `count` generated items: the seed alone makes them. */
function generatedIds(seed: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${GENERATED_PREFIX}v${GENERATED_VERSION}:${seed}:${i + 1}`,
  );
}

/** Whether `id` names a generated exam item (see generatedIds), of any version. */
export function isGeneratedId(id: string): boolean {
  return id.startsWith(GENERATED_PREFIX);
}

/**
 * What to call an id the lookup no longer resolves: a bank question that left the bank, or a
 * generated item this version of the generator cannot draw again (see GENERATED_VERSION).
 */
export function goneLabel(id: string): string {
  return isGeneratedId(id)
    ? "a generated item from an earlier version of the drills, which cannot be drawn again"
    : "removed from the bank";
}

/** The generator version a generated id names; undefined for an id from before versions. */
export function generatedIdVersion(id: string): number | undefined {
  const m = /^gen:v(\d+):/.exec(id);
  return m ? Number(m[1]) : undefined;
}

/** The part of a question that drawing needs. */
export interface Drawable {
  id: string;
  topic: string;
}

/**
 * How many questions each topic gets: the same for every topic, give or take one, except where a
 * topic has too few questions, whose share then goes to the others. Which topics get the extra
 * ones depends on the seed. Keys are the topics, in first-seen order.
 */
export function topicQuotas(
  available: ReadonlyMap<string, number>,
  size: number,
  seed: string,
): Map<string, number> {
  const quotas = new Map([...available.keys()].map((t) => [t, 0]));
  const order = shuffle([...available.keys()].sort(), createRng(`${seed}:topics`));
  let left = Math.min(
    size,
    [...available.values()].reduce((a, b) => a + b, 0),
  );
  while (left > 0) {
    for (const topic of order) {
      if (left === 0) break;
      const q = quotas.get(topic)!;
      if (q < available.get(topic)!) {
        quotas.set(topic, q + 1);
        left--;
      }
    }
  }
  return quotas;
}

/**
 * Draws an exam: `size` question ids, balanced across topics (see topicQuotas), the questions of
 * each topic picked at random, then the whole list shuffled so topics interleave. With
 * `generated`, that many of the `size` are generated items (see generatedIds), placed among the
 * others by the same shuffle. The same questions and seed always give the same exam; the input
 * order does not matter.
 */
export function drawExam(
  questions: readonly Drawable[],
  seed: string,
  size: number = EXAM_SIZE,
  generated = 0,
): string[] {
  const count = Math.min(Math.max(0, generated), size);
  if (count > 0) {
    const bank = drawExam(questions, seed, size - count);
    return shuffle([...bank, ...generatedIds(seed, count)], createRng(`${seed}:generated-order`));
  }
  const byTopic = new Map<string, string[]>();
  for (const q of questions) {
    const list = byTopic.get(q.topic) ?? [];
    list.push(q.id);
    byTopic.set(q.topic, list);
  }
  for (const list of byTopic.values()) list.sort();
  const quotas = topicQuotas(
    new Map([...byTopic].map(([t, ids]) => [t, new Set(ids).size])),
    size,
    seed,
  );
  const picked: string[] = [];
  for (const topic of [...byTopic.keys()].sort()) {
    const ids = [...new Set(byTopic.get(topic))];
    picked.push(...shuffle(ids, createRng(`${seed}:${topic}`)).slice(0, quotas.get(topic)));
  }
  return shuffle(picked, createRng(`${seed}:order`));
}

/** Every question once, in an order fixed by the seed: the "mixed" practice set. */
export function mixQuestions<T extends Drawable>(questions: readonly T[], seed: string): T[] {
  return shuffle(
    [...questions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    createRng(`${seed}:mix`),
  );
}

/** When an exam started at `startedAt` (ISO) must be submitted. */
export function examDeadline(startedAt: string, durationMs: number): number {
  return Date.parse(startedAt) + durationMs;
}

/** Milliseconds left, never below zero. */
export function timeLeft(startedAt: string, durationMs: number, now: number): number {
  return Math.max(0, examDeadline(startedAt, durationMs) - now);
}

/** `mm:ss` (or `h:mm:ss` from an hour up), rounding up so "0:00" means time is over. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * A time taken with its units named ("56 s", "1 min 5 s", "1 h 2 min"): a bare "0:56" after an
 * exam reads as minutes as easily as seconds. Seconds round up, as the countdown's do.
 */
export function formatDuration(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h > 0 ? `${h} h` : "", m > 0 ? `${m} min` : "", s > 0 ? `${s} s` : ""];
  return parts.filter(Boolean).join(" ") || "0 s";
}
