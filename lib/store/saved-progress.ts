import { check } from "../shape";
import { STORAGE_NAME } from "./basics";
import { formatBytes, isQuotaError, parseEnvelope, type NoticeKind } from "./safe-storage";
import {
  migrateProgress,
  persistedProgressShape,
  PROGRESS_VERSION,
  type PersistedProgress,
} from "./schema";
import type { ReplaceOutcome } from "./state";

// The saved progress as text: another tab's read as progress, and an import written over it and
// read back before anything is shown.

/** Saved text (from another tab) read as progress, or why it cannot be. */
export function readSaved(
  raw: string,
): { ok: true; data: PersistedProgress } | { ok: false; reason: NoticeKind; detail?: string } {
  const envelope = parseEnvelope(raw, PROGRESS_VERSION);
  if (!envelope.ok) return envelope;
  let migrated: unknown;
  try {
    migrated = migrateProgress(envelope.value.state, envelope.value.version ?? 0);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const parsed = check(persistedProgressShape, migrated);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, reason: "invalid", detail: `${parsed.path.join(".")}: ${parsed.message}` };
}

const UNCHANGED = " Nothing was imported and your progress is unchanged.";

/**
 * Writes an import over the saved progress and reads it back: the saved text once it reads back
 * as written, or why the import was not saved (nothing else is changed then, in storage or on
 * screen: replaceProgress shows an import only once it is saved).
 */
export function saveImport(
  getStorage: () => Storage | undefined,
  progress: PersistedProgress,
): { ok: true; raw: string } | Extract<ReplaceOutcome, { ok: false }> {
  let storage: Storage | undefined;
  try {
    storage = getStorage();
  } catch {
    storage = undefined;
  }
  if (!storage) {
    return {
      ok: false,
      reason: "unavailable",
      message: `This browser does not let the app save anything.${UNCHANGED}`,
    };
  }
  const raw = JSON.stringify({ state: progress, version: PROGRESS_VERSION });
  let before: string | null = null;
  try {
    before = storage.getItem(STORAGE_NAME);
    storage.setItem(STORAGE_NAME, raw);
  } catch (error) {
    if (!isQuotaError(error)) {
      return {
        ok: false,
        reason: "unavailable",
        message: `The browser refused to save the import.${UNCHANGED}`,
      };
    }
    const bytesNeeded = (STORAGE_NAME.length + raw.length) * 2;
    const more = bytesNeeded - (before === null ? 0 : (STORAGE_NAME.length + before.length) * 2);
    return {
      ok: false,
      reason: "quota",
      bytesNeeded,
      message: `Your browser's storage is full: this import needs ${formatBytes(bytesNeeded)} (${formatBytes(Math.max(0, more))} more than your progress takes now). Free some space, for example by discarding data kept aside below, and try again.${UNCHANGED}`,
    };
  }
  let back: string | null = null;
  try {
    back = storage.getItem(STORAGE_NAME);
  } catch {
    back = null;
  }
  if (back !== raw) {
    return {
      ok: false,
      reason: "unverified",
      message: `The saved data did not read back as the import.${UNCHANGED}`,
    };
  }
  return { ok: true, raw };
}
