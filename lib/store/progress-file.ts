import { mergeProgress, same } from "./merge";
import { check, isoDateTime } from "../shape";
import {
  migrateProgress,
  persistedProgressShape,
  PROGRESS_VERSION,
  type PersistedProgress,
} from "./schema";

/** The `format` every export carries; a file without it is not ours. */
export const EXPORT_FORMAT = "mcp-apps-academy/progress";
/** Far above any real export (a full history is well under 1 MB); refuses other big files fast. */
export const MAX_IMPORT_BYTES = 5_000_000;

interface ProgressExport {
  format: typeof EXPORT_FORMAT;
  /** PROGRESS_VERSION of the app that wrote it: an import migrates older ones. */
  version: number;
  exportedAt: string;
  progress: PersistedProgress;
}

/** The JSON text of an export of `progress`, as the Progress page downloads it. */
export function createProgressExport(progress: PersistedProgress, now: Date): string {
  const file: ProgressExport = {
    format: EXPORT_FORMAT,
    version: PROGRESS_VERSION,
    exportedAt: now.toISOString(),
    progress,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name for an export made at `now`, e.g. `mcp-apps-academy-progress-2026-11-29.json`. */
export function exportFileName(now: Date): string {
  return `mcp-apps-academy-progress-${now.toISOString().slice(0, 10)}.json`;
}

const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Why a file of `size` bytes is refused before it is read, or null. The page checks this on the
 * `File` first: a 50 MB file used to be read whole into memory before the length check.
 */
export function importFileTooLarge(size: number): string | null {
  if (size <= MAX_IMPORT_BYTES) return null;
  return (
    `This file is too large to be a progress export (${MB(size)}; an export is at most ${MB(MAX_IMPORT_BYTES)}).` +
    " Nothing was imported and your progress is unchanged."
  );
}

/** No progress can predate the course; a date before this is damage, not history. */
const EARLIEST = Date.parse("2025-01-01T00:00:00.000Z");
/** Clocks differ between machines: an event up to a day ahead is still believed. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
/** A review card may be due far ahead (the scheduler's longest interval is 100 years). */
const LONGEST_DUE_MS = 101 * 365 * 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The first date in `progress` that cannot be true, as a sentence naming its path, or null.
 * Merging keeps the newest item, so a date in the year 9999 would win every future merge: events
 * (answers, completions, exams, reviews) may not lie in the future, a card's `due` may lie only
 * within the scheduler's range, and nothing may predate the course.
 */
function implausibleDate(progress: unknown, now: Date): string | null {
  const walk = (value: unknown, path: string[]): string | null => {
    if (typeof value === "string" && ISO.test(value)) {
      const at = Date.parse(value);
      const key = path[path.length - 1];
      const latest = now.getTime() + (key === "due" ? LONGEST_DUE_MS : CLOCK_SKEW_MS);
      const where = ["progress", ...path].join(".");
      if (at > latest) return `${where} is ${value}, in the future`;
      if (at < EARLIEST) return `${where} is ${value}, before the course existed`;
      return null;
    }
    if (typeof value !== "object" || value === null) return null;
    for (const [k, v] of Object.entries(value)) {
      const found = walk(v, [...path, k]);
      if (found) return found;
    }
    return null;
  };
  return walk(progress, []);
}

export type ImportResult =
  | { ok: true; progress: PersistedProgress; version: number; exportedAt: string | null }
  | { ok: false; message: string };

const refuse = (why: string): ImportResult => ({
  ok: false,
  message: `${why} Nothing was imported and your progress is unchanged.`,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an export back. Pure: it never touches the store, so a refused file overwrites nothing;
 * the caller replaces the progress only on `ok: true`. Refuses, with a message a learner can act
 * on: text that is not JSON, JSON that is not an export of this app (a foreign file), an export
 * from a newer version, and an export whose content does not validate. Older versions are
 * migrated the same way saved progress is.
 */
export function parseProgressImport(
  text: string,
  currentVersion: number = PROGRESS_VERSION,
  now: Date = new Date(),
): ImportResult {
  if (text.length > MAX_IMPORT_BYTES) {
    return refuse("This file is too large to be a progress export.");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse("This file is not valid JSON, so it cannot be a progress export.");
  }
  if (!isRecord(raw) || raw.format !== EXPORT_FORMAT) {
    return refuse(
      `This file is not an MCP Apps Academy progress export (it lacks "format": "${EXPORT_FORMAT}").`,
    );
  }
  const version = raw.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    return refuse("This export has no valid format version.");
  }
  if (version > currentVersion) {
    return refuse(
      `This export was made by a newer version of the app (format ${version}; this one reads up to ${currentVersion}).`,
    );
  }
  let migrated: unknown;
  try {
    migrated = migrateProgress(raw.progress, version, currentVersion);
  } catch (error) {
    return refuse(`This export cannot be upgraded: ${(error as Error).message}.`);
  }
  const parsed = check(persistedProgressShape, migrated);
  if (!parsed.success) {
    const where = ["progress", ...parsed.path.map(String)].join(".");
    return refuse(`This export is damaged: ${where}: ${parsed.message}.`);
  }
  const implausible = implausibleDate(parsed.data, now);
  if (implausible) return refuse(`This export holds a date that cannot be right: ${implausible}.`);
  return {
    ok: true,
    progress: parsed.data,
    version,
    // Only a real date-time is shown; anything else reads as "unknown date", never "Invalid Date".
    exportedAt: check(isoDateTime, raw.exportedAt).success ? (raw.exportedAt as string) : null,
  };
}

/** How an import meets the progress already saved: united with it, or instead of it. */
export type ImportMode = "merge" | "replace";

/** The progress an import in `mode` leaves: merge is the union, newest wins per item. */
export function importedProgress(
  current: PersistedProgress,
  imported: PersistedProgress,
  mode: ImportMode,
): PersistedProgress {
  return mode === "replace" ? imported : mergeProgress(undefined, current, imported);
}

function countChanges<T>(
  label: string,
  before: Readonly<Record<string, T>>,
  after: Readonly<Record<string, T>>,
): string | null {
  let added = 0;
  let updated = 0;
  let removed = 0;
  for (const id of Object.keys(after)) {
    if (!Object.hasOwn(before, id)) added++;
    else if (!same(before[id], after[id])) updated++;
  }
  for (const id of Object.keys(before)) if (!Object.hasOwn(after, id)) removed++;
  const parts = [
    added ? `${added} added` : "",
    updated ? `${updated} updated` : "",
    removed ? `${removed} removed` : "",
  ].filter(Boolean);
  return parts.length ? `${label}: ${parts.join(", ")}` : null;
}

/**
 * What going from `before` to `after` changes, one line per kind of item ("Completed lessons: 2
 * added, 1 removed"); kinds that stay the same are left out. Shown before an import is applied.
 */
export function describeChanges(before: PersistedProgress, after: PersistedProgress): string[] {
  const byId = (list: readonly { id: string }[]) => Object.fromEntries(list.map((e) => [e.id, e]));
  const lines = [
    countChanges("Completed lessons", before.lessons.completed, after.lessons.completed),
    countChanges("Answers", before.quiz.answers, after.quiz.answers),
    countChanges("Review cards", before.quiz.cards, after.quiz.cards),
    countChanges("Drill cards (per rule)", before.quiz.ruleCards ?? {}, after.quiz.ruleCards ?? {}),
    countChanges("Drill results", before.quiz.drillResults ?? {}, after.quiz.drillResults ?? {}),
    countChanges("Exam history", byId(before.quiz.exams), byId(after.quiz.exams)),
    same(before.quiz.exam, after.quiz.exam)
      ? null
      : !after.quiz.exam
        ? "Exam in progress: removed"
        : before.quiz.exam
          ? "Exam in progress: replaced by the file's"
          : "Exam in progress: added",
    before.preferences.theme === after.preferences.theme
      ? null
      : `Theme: ${before.preferences.theme} → ${after.preferences.theme}`,
  ];
  return lines.filter((l): l is string => l !== null);
}
