import { z } from "zod";
import { storedCardSchema } from "../quiz/review";
import { examRecordSchema, examSessionSchema } from "../quiz/session";

/** Version of the persisted progress format. Bump it and add a step to MIGRATIONS together. */
export const PROGRESS_VERSION = 2;

export const THEMES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEMES)[number];

const isoDate = z.iso.datetime();

export const questionStatsSchema = z.strictObject({
  attempts: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  lastAnsweredAt: isoDate,
  lastCorrect: z.boolean(),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;

/** What is saved in localStorage: data only, never actions or transient notices. */
export const persistedProgressSchema = z.strictObject({
  lessons: z.strictObject({
    /** Lesson slug → when the learner marked it complete. */
    completed: z.record(z.string(), isoDate),
  }),
  quiz: z.strictObject({
    /** Question id → the learner's record on it. */
    answers: z.record(z.string(), questionStatsSchema),
    /** Question id → its spaced-review card (since version 2). */
    cards: z.record(z.string(), storedCardSchema),
    /** The exam in progress, if any (since version 2). */
    exam: examSessionSchema.nullable(),
    /** Submitted exams, newest first (since version 2). */
    exams: z.array(examRecordSchema),
  }),
  preferences: z.strictObject({
    theme: z.enum(THEMES),
  }),
});
export type PersistedProgress = z.infer<typeof persistedProgressSchema>;

export function defaultProgress(): PersistedProgress {
  return {
    lessons: { completed: {} },
    quiz: { answers: {}, cards: {}, exam: null, exams: [] },
    preferences: { theme: "system" },
  };
}

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
