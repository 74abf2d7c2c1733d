import type { PersistStorage, StorageValue } from "zustand/middleware";

export type NoticeKind = "corrupted" | "future-version" | "invalid" | "quota" | "unavailable";

/** A value taken out of the way instead of being overwritten, so the learner can export it. */
export interface KeptAside {
  key: string;
  reason: NoticeKind;
  at: string;
  raw: string;
  /** False when even the copy could not be written (storage full): it then lives in memory only. */
  savedInStorage: boolean;
  /** Identifies the content (see `hashText`): the same value is kept aside once. */
  hash: string;
}

/** A short hash of `text` (cyrb53, 53 bits, base 36): equal texts, equal hashes. Not for secrets. */
function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export interface StorageUsage {
  /** Bytes of the saved progress (key and value, UTF-16 as browsers count them). */
  progress: number;
  /** Bytes of every kept-aside copy. */
  keptAside: number;
  /** Bytes of everything this site keeps in this storage, the app's and anything else. */
  total: number;
}

/** How much of `storage` the progress saved under `name` and its kept-aside copies take. */
export function measureStorage(storage: Storage, name: string): StorageUsage {
  const prefix = keptAsidePrefix(name);
  const usage: StorageUsage = { progress: 0, keptAside: 0, total: 0 };
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null) continue;
    const bytes = (key.length + (storage.getItem(key)?.length ?? 0)) * 2;
    usage.total += bytes;
    if (key === name) usage.progress += bytes;
    else if (key.startsWith(prefix)) usage.keptAside += bytes;
  }
  return usage;
}

export interface SafeStorageEvents {
  onNotice(kind: NoticeKind, detail?: string): void;
  onKeptAside(entry: KeptAside): void;
  /**
   * Called before a write when the saved value is no longer the one last read or written here
   * (another tab saved since): returns what to write instead, typically both merged.
   */
  onForeignValue?(raw: string, value: StorageValue<unknown>): StorageValue<unknown>;
  /** Called after `value` was written. */
  onWritten?(value: StorageValue<unknown>): void;
}

export type ParsedEnvelope =
  | { ok: true; value: StorageValue<unknown> }
  | { ok: false; reason: "corrupted" | "invalid" | "future-version"; detail?: string };

/** Reads a saved value's envelope (`{ state, version }`), without judging the state itself. */
export function parseEnvelope(raw: string, currentVersion: number): ParsedEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "corrupted" };
  }
  const envelope = parsed as Partial<StorageValue<unknown>> | null;
  if (
    typeof envelope !== "object" ||
    envelope === null ||
    typeof envelope.version !== "number" ||
    typeof envelope.state !== "object" ||
    envelope.state === null
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (envelope.version > currentVersion) {
    return { ok: false, reason: "future-version", detail: String(envelope.version) };
  }
  return { ok: true, value: { state: envelope.state, version: envelope.version } };
}

function keptAsidePrefix(name: string): string {
  return `${name}:kept-aside:`;
}

/** Every value kept aside under `name` in this storage, oldest first. */
export function listKeptAside(storage: Storage, name: string): KeptAside[] {
  const prefix = keptAsidePrefix(name);
  const out: KeptAside[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    // `<reason>@<time>#<hash>`; copies from before hashes lack the `#<hash>`.
    const [reason, rest = ""] = key.slice(prefix.length).split("@");
    const [at = "", hash] = rest.split("#");
    const raw = storage.getItem(key);
    if (raw === null) continue;
    out.push({
      key,
      reason: (reason ?? "corrupted") as NoticeKind,
      at,
      raw,
      savedInStorage: true,
      hash: hash ?? hashText(raw),
    });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export interface SafeStorage extends PersistStorage<unknown> {
  /** Keeps the raw saved value (or `raw`) aside, under its own key, with the reason. */
  keepAside(reason: NoticeKind, raw?: string): void;
  /** The saved text as last read or written by this storage (null: none yet). */
  synced(): string | null;
  /** Records `raw` as read: the next write merges only what changes after it. */
  markSynced(raw: string): void;
  /** Runs `fn` with writes suppressed (notices must not persist, nor recurse on a full disk). */
  silently(fn: () => void): void;
}

/**
 * A zustand PersistStorage over localStorage that never throws. Unreadable JSON, a malformed
 * envelope and a newer format are kept aside under their own key (once per content, found again by
 * its hash; the unreadable value then leaves the progress key) before the app starts fresh;
 * a full or blocked storage becomes a notice. Invariant: a saved value is never overwritten
 * unless it was read successfully or a copy of it was taken (in storage, or else in memory).
 */
export function createSafeStorage(
  name: string,
  getStorage: () => Storage | undefined,
  currentVersion: number,
  events: SafeStorageEvents,
  now: () => Date = () => new Date(),
): SafeStorage {
  let lastRaw: string | null = null;
  /** The saved text as last read or written here: anything else was written by another tab. */
  let syncedRaw: string | null = null;
  let muted = 0;
  let quotaReported = false;

  const storage = (): Storage | undefined => {
    try {
      return getStorage();
    } catch {
      return undefined;
    }
  };

  /** With a copy in storage, the unreadable value itself can go: later loads start clean. */
  const dropSaved = (raw: string) => {
    try {
      const s = storage();
      if (s?.getItem(name) === raw) s.removeItem(name);
      if (syncedRaw === raw) syncedRaw = null;
    } catch {
      // It stays; the next load finds the copy by its hash and makes no other.
    }
  };

  const keepAside = (reason: NoticeKind, raw?: string) => {
    if (raw !== undefined) lastRaw = raw;
    if (lastRaw === null) return;
    const at = now().toISOString();
    const hash = hashText(lastRaw);
    const entry: KeptAside = {
      key: `${keptAsidePrefix(name)}${reason}@${at}#${hash}`,
      reason,
      at,
      raw: lastRaw,
      savedInStorage: false,
      hash,
    };
    try {
      const s = storage();
      const copy = s && listKeptAside(s, name).find((k) => k.hash === hash && k.raw === lastRaw);
      if (copy) {
        // Already kept aside (on an earlier load): one copy is enough.
        dropSaved(lastRaw);
        lastRaw = null;
        events.onKeptAside(copy);
        return;
      }
      s?.setItem(entry.key, lastRaw);
      entry.savedInStorage = s !== undefined;
      if (entry.savedInStorage) dropSaved(lastRaw);
    } catch {
      entry.savedInStorage = false;
    }
    lastRaw = null;
    events.onKeptAside(entry);
  };

  const safe: SafeStorage = {
    getItem(key) {
      const s = storage();
      if (!s) {
        events.onNotice("unavailable");
        return null;
      }
      let raw: string | null;
      try {
        raw = s.getItem(key);
      } catch {
        events.onNotice("unavailable");
        return null;
      }
      lastRaw = raw;
      if (raw === null) return null;
      const envelope = parseEnvelope(raw, currentVersion);
      if (!envelope.ok) {
        keepAside(envelope.reason);
        events.onNotice(envelope.reason, envelope.detail);
        return null;
      }
      syncedRaw = raw;
      return envelope.value;
    },
    setItem(key, value) {
      if (muted > 0) return;
      const s = storage();
      if (!s) return;
      let current: string | null = null;
      try {
        current = s.getItem(key);
      } catch {
        current = null;
      }
      if (current !== null && current !== syncedRaw && events.onForeignValue) {
        value = events.onForeignValue(current, value);
      }
      try {
        const raw = JSON.stringify(value);
        s.setItem(key, raw);
        lastRaw = null;
        syncedRaw = raw;
        events.onWritten?.(value);
      } catch (error) {
        if (!quotaReported) {
          quotaReported = true;
          events.onNotice(isQuotaError(error) ? "quota" : "unavailable");
        }
      }
    },
    removeItem(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to lose: removal only ever follows an explicit reset.
      }
    },
    keepAside,
    synced: () => syncedRaw,
    markSynced(raw) {
      syncedRaw = raw;
    },
    silently(fn) {
      muted++;
      try {
        fn();
      } finally {
        muted--;
      }
    },
  };
  return safe;
}

/** A size as people read it: "820 B", "14.2 KB", "1.3 MB" (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function isQuotaError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED")
  );
}
