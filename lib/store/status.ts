import type { StoreApi } from "zustand/vanilla";
import type { KeptAside, NoticeKind } from "./safe-storage";
import type { AppState, Notice, Slice, StatusSlice } from "./state";

// What the learner must be told about their saved data: the notices' words, the queue that holds
// notices and kept-aside copies while saved progress is read, and the transient status slice.

function noticeMessage(kind: NoticeKind, detail?: string): string {
  switch (kind) {
    case "corrupted":
      return "Your saved progress could not be read, so the app started fresh. A copy of it was saved apart from your progress: export or discard it on the Progress page.";
    case "invalid":
      return `Your saved progress was not in a shape this app understands${detail ? ` (${detail})` : ""}, so the app started fresh. A copy of the old data was saved apart from your progress: export or discard it on the Progress page.`;
    case "future-version":
      return `Your saved progress was written by a newer version of this app (format ${detail ?? "?"}). A copy of it was saved, untouched, apart from your progress, and the app started fresh.`;
    case "quota":
      return "Your browser's storage is full: what you do now will not be saved.";
    case "unavailable":
      return "This browser does not let the app save anything: progress lasts only until you close the tab.";
  }
}

/**
 * The status slice's queue: notices and copies kept aside reach the store's state once it exists
 * and is not being read from storage (`hold` … `open`); one notice per kind is shown at a time,
 * and one entry per kept-aside key.
 */
export function createStatusQueue(
  store: () => StoreApi<AppState> | undefined,
  silently: (write: () => void) => void,
) {
  let nextId = 1;
  let held = false;
  const notices: Notice[] = [];
  const kept: KeptAside[] = [];
  const flush = () => {
    const s = store();
    if (!s || held || (!notices.length && !kept.length)) return;
    const newNotices = notices.splice(0);
    const newKept = kept.splice(0);
    silently(() =>
      s.setState((st) => ({
        notices: [
          ...st.notices,
          ...newNotices.filter((n) => !st.notices.some((o) => o.kind === n.kind)),
        ],
        // One entry per key: a fresh copy is also found again when storage is listed.
        keptAside: [...new Map([...st.keptAside, ...newKept].map((k) => [k.key, k])).values()],
      })),
    );
  };
  return {
    notice(kind: NoticeKind, detail?: string) {
      notices.push({ id: nextId++, kind, message: noticeMessage(kind, detail) });
      flush();
    },
    keptAside(entry: KeptAside) {
      kept.push(entry);
      flush();
    },
    /** Copies found in storage go before those kept aside meanwhile. */
    keptAsideFirst(entries: KeptAside[]) {
      kept.unshift(...entries);
    },
    hold() {
      held = true;
    },
    open() {
      held = false;
    },
    flush,
  };
}

/** The transient status slice: whether saved progress has been read, notices, copies kept aside. */
export const createStatusSlice =
  (
    getStorage: () => Storage | undefined,
    silently: (write: () => void) => void,
  ): Slice<StatusSlice> =>
  (set) => ({
    hydrated: false,
    notices: [],
    keptAside: [],
    dismissNotice: (id) =>
      silently(() => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }))),
    discardKeptAside: (key) => {
      try {
        getStorage()?.removeItem(key);
      } catch {
        // The copy stays in storage; the list below still drops it for this session.
      }
      silently(() => set((s) => ({ keptAside: s.keptAside.filter((k) => k.key !== key) })));
    },
  });
