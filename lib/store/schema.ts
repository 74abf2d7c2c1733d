import { PATH_IDS } from "../paths/progress";
import { storedCardShape } from "../quiz/card";
import { examRecordShape, examSessionShape } from "../quiz/session";
import { drillResultShape, hostDrillResultShape, questionStatsShape } from "../quiz/records";
import { THEMES } from "./themes";
import * as S from "../shape";

/** Version of the persisted progress format. Bump it and add a step to MIGRATIONS together. */
export const PROGRESS_VERSION = 2;

/** How many drill results the progress keeps (the newest); enough for every rule's last ten. */
export const DRILL_RESULTS_LIMIT = 300;

/** How many answers to drills on real hosts the progress keeps (the newest), apart from the rest. */
export const HOST_DRILL_RESULTS_LIMIT = 200;

/** What is saved in localStorage: data only, never actions or transient notices. */
export const persistedProgressShape = S.object({
  lessons: S.object({
    /** Lesson slug → when the learner marked it complete. */
    completed: S.record(S.isoDateTime),
  }),
  quiz: S.object({
    /** Question id → the learner's record on it. */
    answers: S.record(questionStatsShape),
    /** Question id → its spaced-review card (since version 2). */
    cards: S.record(storedCardShape),
    /** The exam in progress, if any (since version 2). */
    exam: S.nullable(examSessionShape),
    /** Submitted exams, newest first (since version 2). */
    exams: S.array(examRecordShape),
    /**
     * Practice topic (its URL slug) → the question on screen and, for the mixed set, the seed of
     * its order, so practice resumes where the learner left it (optional: added after version 2).
     */
    practice: S.optional(
      S.record(S.object({ questionId: S.string({ min: 1 }), seed: S.optional(S.string()) })),
    ),
    /**
     * Question id → when its review card was introduced, for the daily limit on new cards (see
     * lib/quiz/new-cards; optional: added after version 2, cards made before it have no entry).
     */
    introduced: S.optional(S.record(S.isoDateTime)),
    /** Question id → when it was answered, for questions waiting for a later day to become cards. */
    queued: S.optional(S.record(S.isoDateTime)),
    /**
     * Rule ID → its drill card (lib/drill): generated items are scheduled per rule, not per item,
     * so a rule comes back when it is forgotten and each return is a fresh item (optional: added
     * after version 2).
     */
    ruleCards: S.optional(S.record(storedCardShape)),
    /**
     * Drill answers, newest kept (DRILL_RESULTS_LIMIT), keyed by when they were given: the "recent
     * accuracy" half of readiness and mastery per rule (lib/quiz/readiness). A map rather than a
     * list, so two tabs' results unite per entry (optional: added after version 2).
     */
    drillResults: S.optional(S.record(drillResultShape, { max: DRILL_RESULTS_LIMIT })),
    /**
     * Answers to drills on real hosts (issue 33), newest kept (HOST_DRILL_RESULTS_LIMIT), keyed
     * like drillResults: a topic apart, which no exam topic, rule card or exam readiness reads
     * (optional: added after version 2).
     */
    hostDrillResults: S.optional(S.record(hostDrillResultShape, { max: HOST_DRILL_RESULTS_LIMIT })),
  }),
  preferences: S.object({
    theme: S.oneOf(THEMES),
    /** The learning path chosen on the home page (optional: added after version 2). */
    path: S.optional(S.oneOf(PATH_IDS)),
  }),
});
export type PersistedProgress = S.Infer<typeof persistedProgressShape>;

/** One step per old version: MIGRATIONS[n] turns a version-n state into a version-(n+1) state. */
export type Migrations = Readonly<Record<number, (state: unknown) => unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Version 1 saved lessons, per-question answer stats and the theme. Version 2 adds review cards,
 * the exam in progress and the exam history under `quiz`.
 */
export const MIGRATIONS: Migrations = {
  /**
   * v1 → v2: keep everything and add the new quiz fields, empty. A value that is not even shaped
   * like v1 passes through unchanged, so the schema check refuses it and it is kept aside.
   */
  1: (state) => {
    if (!isRecord(state) || !isRecord(state.quiz)) return state;
    return { ...state, quiz: { ...state.quiz, cards: {}, exam: null, exams: [] } };
  },
};

/**
 * Brings a saved state from `fromVersion` up to `toVersion`, one step at a time. Throws when a
 * step is missing; the caller keeps the saved value aside rather than guessing at its meaning.
 */
export function migrateProgress(
  state: unknown,
  fromVersion: number,
  toVersion: number = PROGRESS_VERSION,
  migrations: Migrations = MIGRATIONS,
): unknown {
  if (fromVersion > toVersion) {
    throw new Error(`saved progress has version ${fromVersion}, newer than ${toVersion}`);
  }
  let current = state;
  for (let v = fromVersion; v < toVersion; v++) {
    const step = migrations[v];
    if (!step) throw new Error(`no migration from progress version ${v} to ${v + 1}`);
    current = step(current);
  }
  return current;
}
