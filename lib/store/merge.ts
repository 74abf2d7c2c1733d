import { EXAM_HISTORY_LIMIT } from "../quiz/session";
import type { PersistedProgress } from "./schema";

/**
 * Merging the learner's progress as two tabs (or a tab and an imported file) saw it.
 *
 * Three-way, per item: `base` is the saved value both sides last agreed on (undefined: none, as
 * for an import, which makes this a plain union). For each item — a completed lesson, a question's
 * answer record (simulator predictions included), a review card, an exam in the history — a side
 * that left it as it was in `base` gives way to the side that changed it, so a deletion or a
 * re-rated card in one tab is not undone by the other's stale copy. When both changed it, the
 * newer timestamp wins; equal timestamps fall back to the larger canonical JSON text, so both tabs
 * reach the same result. A present item beats a deleted one (nothing is lost on a conflict).
 * Items are compared whole, so a new field on a record needs no new code here. Items without a
 * timestamp (the exam in progress, preferences) keep `ours` on a conflict: an exam running in this
 * tab is never replaced by another tab's copy of it.
 */

type Stamp = (item: unknown) => string | undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && same(ra[k], rb[k]));
}

/** JSON text with object keys sorted: the same value gives the same text in every tab. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The newer of two conflicting items by `stamp`; ties (and no stamps) by canonical text. */
function newer<T>(o: T, t: T, stamp: Stamp): T {
  const so = stamp(o) ?? "";
  const st = stamp(t) ?? "";
  if (so !== st) return so > st ? o : t;
  return canonical(o) >= canonical(t) ? o : t;
}

/** One item, three ways; `onConflict` decides when both sides changed it differently. */
function mergeItem<T>(
  b: T | undefined,
  o: T | undefined,
  t: T | undefined,
  onConflict: (o: T, t: T) => T,
) {
  if (same(o, t)) return o;
  if (same(o, b)) return t;
  if (same(t, b)) return o;
  if (o === undefined) return t;
  if (t === undefined) return o;
  return onConflict(o, t);
}

/** A map of items (id → item), merged per id. Returns `ours` itself when nothing changes it. */
function mergeMap<T>(
  base: Readonly<Record<string, T>> | undefined,
  ours: Readonly<Record<string, T>>,
  theirs: Readonly<Record<string, T>>,
  stamp: Stamp,
): Record<string, T> {
  const out: Record<string, T> = {};
  let changed = false;
  for (const id of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    const o = Object.hasOwn(ours, id) ? ours[id] : undefined;
    const t = Object.hasOwn(theirs, id) ? theirs[id] : undefined;
    const b = base && Object.hasOwn(base, id) ? base[id] : undefined;
    const m = mergeItem(b, o, t, (x, y) => newer(x, y, stamp));
    if (m !== o) changed = true;
    if (m !== undefined) out[id] = m;
  }
  return changed ? out : (ours as Record<string, T>);
}

/** A list of items with an `id`, merged as a map, then sorted by `stamp`, newest first. */
function mergeList<T extends { id: string }>(
  base: readonly T[] | undefined,
  ours: readonly T[],
  theirs: readonly T[],
  stamp: Stamp,
  limit: number,
): T[] {
  const byId = (list: readonly T[]) => Object.fromEntries(list.map((x) => [x.id, x]));
  const merged = mergeMap(base && byId(base), byId(ours), byId(theirs), stamp);
  const list = Object.values(merged)
    .sort((x, y) => {
      const sx = stamp(x) ?? "";
      const sy = stamp(y) ?? "";
      return sx !== sy ? (sx > sy ? -1 : 1) : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
    })
    .slice(0, limit);
  return list.length === ours.length && list.every((x, i) => x === ours[i]) ? (ours as T[]) : list;
}

const field =
  (...names: string[]): Stamp =>
  (item) => {
    if (!isPlainObject(item)) return typeof item === "string" ? item : undefined;
    for (const n of names) if (typeof item[n] === "string") return item[n];
    return undefined;
  };

/** How each kind of item is dated. Unknown maps under `quiz` use the generic names. */
const STAMPS = {
  completed: field(),
  answers: field("lastAnsweredAt"),
  cards: field("last_review"),
  exams: field("submittedAt"),
  other: field("updatedAt", "lastAnsweredAt", "at"),
};

const keepOurs = <T>(o: T) => o;

/**
 * `ours` and `theirs` merged against their common `base` (see the top of this file). With no base,
 * the union, newest wins per item: what an import in "merge" mode does.
 */
export function mergeProgress(
  base: PersistedProgress | undefined,
  ours: PersistedProgress,
  theirs: PersistedProgress,
): PersistedProgress {
  const bq = base?.quiz as Record<string, unknown> | undefined;
  const oq = ours.quiz as Record<string, unknown>;
  const tq = theirs.quiz as Record<string, unknown>;
  const quiz: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(oq), ...Object.keys(tq)])) {
    const [b, o, t] = [bq?.[key], oq[key], tq[key]];
    if (key === "exams" && Array.isArray(o) && Array.isArray(t)) {
      quiz[key] = mergeList(
        Array.isArray(b) ? b : undefined,
        o,
        t,
        STAMPS.exams,
        EXAM_HISTORY_LIMIT,
      );
    } else if (key !== "exam" && isPlainObject(o) && isPlainObject(t)) {
      const stamp =
        key === "answers"
          ? STAMPS.answers
          : key === "cards" || key === "ruleCards"
            ? STAMPS.cards
            : STAMPS.other;
      quiz[key] = mergeMap(isPlainObject(b) ? b : undefined, o, t, stamp);
    } else {
      quiz[key] = mergeItem(b, o, t, keepOurs);
    }
  }
  const merged: PersistedProgress = {
    lessons: {
      ...ours.lessons,
      completed: mergeMap(
        base?.lessons.completed,
        ours.lessons.completed,
        theirs.lessons.completed,
        STAMPS.completed,
      ),
    },
    quiz: quiz as PersistedProgress["quiz"],
    preferences: mergeItem(base?.preferences, ours.preferences, theirs.preferences, keepOurs)!,
  };
  return same(merged, ours) ? ours : merged;
}
