import { persist } from "zustand/middleware";
import { createStore, type StateCreator, type StoreApi } from "zustand/vanilla";
import { createSafeStorage, listKeptAside, type KeptAside, type NoticeKind } from "./safe-storage";
import {
  defaultProgress,
  migrateProgress,
  persistedProgressSchema,
  PROGRESS_VERSION,
  type PersistedProgress,
  type ThemePreference,
} from "./schema";

/** The localStorage key of the learner's progress. */
export const STORAGE_NAME = "mcp-apps-academy:progress";

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
}

export interface LessonsSlice {
  lessons: PersistedProgress["lessons"];
  markLessonComplete(slug: string): void;
  markLessonIncomplete(slug: string): void;
}

export interface QuizSlice {
  quiz: PersistedProgress["quiz"];
  recordAnswer(questionId: string, correct: boolean): void;
}

export interface PreferencesSlice {
  preferences: PersistedProgress["preferences"];
  setTheme(theme: ThemePreference): void;
}

/** Transient: what the learner must be told about their saved data. Never persisted. */
export interface StatusSlice {
  hydrated: boolean;
  notices: Notice[];
  keptAside: KeptAside[];
  dismissNotice(id: number): void;
  discardKeptAside(key: string): void;
}

export type AppState = LessonsSlice & QuizSlice & PreferencesSlice & StatusSlice;
export type AppStore = StoreApi<AppState> & {
  persist: { rehydrate(): Promise<void> | void; hasHydrated(): boolean };
};

type Slice<T> = StateCreator<AppState, [], [], T>;

export function noticeMessage(kind: NoticeKind, detail?: string): string {
  switch (kind) {
    case "corrupted":
      return "Your saved progress could not be read, so the app started fresh. The unreadable data was kept aside: export it from the Progress page.";
    case "invalid":
      return "Your saved progress was not in a shape this app understands, so the app started fresh. The old data was kept aside: export it from the Progress page.";
    case "future-version":
      return `Your saved progress was written by a newer version of this app (format ${detail ?? "?"}). It was kept aside untouched and the app started fresh.`;
    case "quota":
      return "Your browser's storage is full: what you do now will not be saved.";
    case "unavailable":
      return "This browser does not let the app save anything: progress lasts only until you close the tab.";
  }
}

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

const createQuizSlice =
  (now: () => Date): Slice<QuizSlice> =>
  (set) => ({
    quiz: defaultProgress().quiz,
    recordAnswer: (questionId, correct) =>
      set((s) => {
        const before = s.quiz.answers[questionId];
        return {
          quiz: {
            answers: {
              ...s.quiz.answers,
              [questionId]: {
                attempts: (before?.attempts ?? 0) + 1,
                correct: (before?.correct ?? 0) + (correct ? 1 : 0),
                lastAnsweredAt: now().toISOString(),
                lastCorrect: correct,
              },
            },
          },
        };
      }),
  });

const createPreferencesSlice: Slice<PreferencesSlice> = (set) => ({
  preferences: defaultProgress().preferences,
  setTheme: (theme) => set({ preferences: { theme } }),
});

export interface CreateAppStoreOptions {
  /** Where progress is saved; `undefined` (as on the server) means nothing is saved. */
  getStorage?: () => Storage | undefined;
  now?: () => Date;
}

/**
 * Creates the one app store: lesson, quiz and preference slices persisted together under
 * STORAGE_NAME, plus a transient status slice. Hydration is manual (`store.persist.rehydrate()`),
 * so server and first client render agree. Nothing the storage does can throw out of here.
 */
export function createAppStore(options: CreateAppStoreOptions = {}): AppStore {
  const getStorage =
    options.getStorage ?? (() => (typeof window === "undefined" ? undefined : window.localStorage));
  const now = options.now ?? (() => new Date());

  // Filled in once the store exists; storage callbacks only ever run after that.
  const ref: { store?: StoreApi<AppState> } = {};
  let nextNoticeId = 1;
  let hydrating = false;
  const pendingNotices: Notice[] = [];
  const pendingKeptAside: KeptAside[] = [];

  const flush = () => {
    if (!ref.store || hydrating || (!pendingNotices.length && !pendingKeptAside.length)) return;
    const notices = pendingNotices.splice(0);
    const kept = pendingKeptAside.splice(0);
    safe.silently(() =>
      ref.store!.setState((s) => ({
        notices: [
          ...s.notices,
          ...notices.filter((n) => !s.notices.some((o) => o.kind === n.kind)),
        ],
        // One entry per key: a fresh copy is also found again when storage is listed.
        keptAside: [...new Map([...s.keptAside, ...kept].map((k) => [k.key, k])).values()],
      })),
    );
  };

  const safe = createSafeStorage(
    STORAGE_NAME,
    getStorage,
    PROGRESS_VERSION,
    {
      onNotice(kind, detail) {
        pendingNotices.push({ id: nextNoticeId++, kind, message: noticeMessage(kind, detail) });
        flush();
      },
      onKeptAside(entry) {
        pendingKeptAside.push(entry);
        flush();
      },
    },
    now,
  );

  const statusSlice: Slice<StatusSlice> = (set) => ({
    hydrated: false,
    notices: [],
    keptAside: [],
    dismissNotice: (id) =>
      safe.silently(() => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }))),
    discardKeptAside: (key) => {
      try {
        getStorage()?.removeItem(key);
      } catch {
        // The copy stays in storage; the list below still drops it for this session.
      }
      safe.silently(() => set((s) => ({ keptAside: s.keptAside.filter((k) => k.key !== key) })));
    },
  });

  const store = createStore<AppState>()(
    persist(
      (...a) => ({
        ...createLessonsSlice(now)(...a),
        ...createQuizSlice(now)(...a),
        ...createPreferencesSlice(...a),
        ...statusSlice(...a),
      }),
      {
        name: STORAGE_NAME,
        version: PROGRESS_VERSION,
        storage: safe,
        skipHydration: true,
        partialize: (s): PersistedProgress => ({
          lessons: s.lessons,
          quiz: s.quiz,
          preferences: s.preferences,
        }),
        migrate: (state, version) => migrateProgress(state, version) as AppState,
        merge: (persisted, current) => {
          if (persisted === undefined || persisted === null) return current;
          const parsed = persistedProgressSchema.safeParse(persisted);
          if (!parsed.success) {
            safe.keepAside("invalid");
            pendingNotices.push({
              id: nextNoticeId++,
              kind: "invalid",
              message: noticeMessage("invalid"),
            });
            return current;
          }
          return { ...current, ...parsed.data };
        },
        onRehydrateStorage: () => {
          hydrating = true;
          return (_state, error) => {
            if (error) {
              // A failed migration: keep the saved value rather than overwrite it with defaults.
              safe.keepAside("invalid");
              pendingNotices.push({
                id: nextNoticeId++,
                kind: "invalid",
                message: noticeMessage("invalid"),
              });
            }
            hydrating = false;
            let stored: KeptAside[] = [];
            try {
              const s = getStorage();
              if (s) stored = listKeptAside(s, STORAGE_NAME);
            } catch {
              stored = [];
            }
            pendingKeptAside.unshift(...stored);
            safe.silently(() => ref.store!.setState({ hydrated: true }));
            flush();
          };
        },
      },
    ),
  ) as AppStore;
  ref.store = store;
  return store;
}
