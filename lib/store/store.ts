import { persist } from "zustand/middleware";
import { createStore, type StoreApi } from "zustand/vanilla";
import { mergeProgress, same } from "./merge";
import { check } from "../shape";
import { createSafeStorage, listKeptAside, type KeptAside } from "./safe-storage";
import { defaultProgress, STORAGE_NAME } from "./basics";
import {
  migrateProgress,
  persistedProgressShape,
  PROGRESS_VERSION,
  type PersistedProgress,
} from "./schema";
import { createExamSlice, createQuizSlice, createReviewSlice } from "./quiz-slices";
import { readSaved, saveImport } from "./saved-progress";
import type {
  AppState,
  AppStore,
  LessonsSlice,
  PreferencesSlice,
  ProgressIoSlice,
  Slice,
} from "./state";
import { createStatusQueue, createStatusSlice } from "./status";

export { STORAGE_NAME };

const createLessonsSlice =
  (now: () => Date): Slice<LessonsSlice> =>
  (set) => ({
    lessons: defaultProgress().lessons,
    markLessonComplete: (slug) =>
      set((s) => ({
        lessons: { completed: { ...s.lessons.completed, [slug]: now().toISOString() } },
      })),
    markLessonIncomplete: (slug) =>
      set((s) => {
        const completed = { ...s.lessons.completed };
        delete completed[slug];
        return { lessons: { completed } };
      }),
  });

const createPreferencesSlice: Slice<PreferencesSlice> = (set) => ({
  preferences: defaultProgress().preferences,
  setTheme: (theme) => set((s) => ({ preferences: { ...s.preferences, theme } })),
  setPath: (path) => set((s) => ({ preferences: { ...s.preferences, path } })),
});

export interface CreateAppStoreOptions {
  /** Where progress is saved; `undefined` (as on the server) means nothing is saved. */
  getStorage?: () => Storage | undefined;
  now?: () => Date;
}

/**
 * Creates the one app store: lesson, quiz (answers, review cards, exams) and preference slices
 * persisted together under STORAGE_NAME, plus a transient status slice. Hydration is manual (`store.persist.rehydrate()`),
 * so server and first client render agree. Nothing the storage does can throw out of here.
 */
export function createAppStore(options: CreateAppStoreOptions = {}): AppStore {
  const getStorage =
    options.getStorage ?? (() => (typeof window === "undefined" ? undefined : window.localStorage));
  const now = options.now ?? (() => new Date());

  // Filled in once the store exists; storage callbacks only ever run after that.
  const ref: { store?: StoreApi<AppState> } = {};
  // Notices and kept-aside copies wait here while the saved progress is being read.
  const status = createStatusQueue(
    () => ref.store,
    (fn) => safe.silently(fn),
  );

  /**
   * The saved progress this tab last read or wrote: the common base of a merge with another tab.
   * Nothing saved yet reads as the defaults, so another tab's first exam is not taken for a
   * conflict with this tab's "no exam".
   */
  let base: PersistedProgress = defaultProgress();
  const persisted = (s: AppState): PersistedProgress => ({
    lessons: s.lessons,
    quiz: s.quiz,
    preferences: s.preferences,
  });

  const safe = createSafeStorage(
    STORAGE_NAME,
    getStorage,
    PROGRESS_VERSION,
    {
      onNotice: status.notice,
      onKeptAside: status.keptAside,
      onForeignValue(raw, value) {
        const theirs = readSaved(raw);
        if (!theirs.ok) {
          // Never overwrite what cannot be read without a copy of it.
          safe.keepAside(theirs.reason, raw);
          status.notice(theirs.reason, theirs.detail);
          return value;
        }
        const ours = value.state as PersistedProgress;
        const merged = mergeProgress(base, ours, theirs.data);
        if (merged !== ours) safe.silently(() => ref.store!.setState(merged));
        return { ...value, state: merged };
      },
      onWritten(value) {
        base = value.state as PersistedProgress;
      },
    },
    now,
  );

  const syncFromStorage = () => {
    if (!ref.store || !store.persist.hasHydrated()) return;
    let raw: string | null;
    try {
      raw = getStorage()?.getItem(STORAGE_NAME) ?? null;
    } catch {
      return;
    }
    if (raw === null || raw === safe.synced()) return;
    const theirs = readSaved(raw);
    // Unreadable: left as it is; this tab's next write keeps it aside first.
    if (!theirs.ok) return;
    const ours = persisted(ref.store.getState());
    const merged = mergeProgress(base, ours, theirs.data);
    base = theirs.data;
    safe.markSynced(raw);
    if (merged !== ours) safe.silently(() => ref.store!.setState(merged));
    // This tab had changes the other had not seen: save the union.
    if (!same(merged, theirs.data)) ref.store.setState({});
  };

  const progressIoSlice: Slice<ProgressIoSlice> = (set) => ({
    replaceProgress: (progress) => {
      const saved = saveImport(getStorage, progress);
      if (!saved.ok) return saved;
      safe.markSynced(saved.raw);
      base = progress;
      safe.silently(() =>
        set({ lessons: progress.lessons, quiz: progress.quiz, preferences: progress.preferences }),
      );
      return { ok: true };
    },
  });

  const persistent = createStore<AppState>()(
    persist(
      (...a) => ({
        ...createLessonsSlice(now)(...a),
        ...createQuizSlice(now)(...a),
        ...createReviewSlice(now)(...a),
        ...createExamSlice(now)(...a),
        ...progressIoSlice(...a),
        ...createPreferencesSlice(...a),
        ...createStatusSlice(getStorage, (fn) => safe.silently(fn))(...a),
      }),
      {
        name: STORAGE_NAME,
        version: PROGRESS_VERSION,
        storage: safe,
        skipHydration: true,
        partialize: persisted,
        migrate: (state, version) => migrateProgress(state, version) as AppState,
        merge: (persisted, current) => {
          if (persisted === undefined || persisted === null) return current;
          const parsed = check(persistedProgressShape, persisted);
          if (!parsed.success) {
            safe.keepAside("invalid");
            status.notice("invalid", `${parsed.path.join(".")}: ${parsed.message}`);
            return current;
          }
          base = parsed.data;
          return { ...current, ...parsed.data };
        },
        onRehydrateStorage: () => {
          status.hold();
          return (_state, error) => {
            if (error) {
              // A failed migration: keep the saved value rather than overwrite it with defaults.
              safe.keepAside("invalid");
              status.notice("invalid");
            }
            status.open();
            let stored: KeptAside[] = [];
            try {
              const s = getStorage();
              if (s) stored = listKeptAside(s, STORAGE_NAME);
            } catch {
              stored = [];
            }
            status.keptAsideFirst(stored);
            safe.silently(() => ref.store!.setState({ hydrated: true }));
            status.flush();
          };
        },
      },
    ),
  );
  const store: AppStore = Object.assign(persistent, { syncFromStorage });
  ref.store = store;
  return store;
}
