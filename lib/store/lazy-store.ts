import type { AppState, AppStore, ReplaceOutcome } from "./state";
import { defaultProgress } from "./basics";

/**
 * The app store as every page sees it, loaded after the page instead of with it (issue 23: the
 * store's slices, shapes and merging were about 9 KiB of every route's first-load JS).
 *
 * Until the real store (store.ts) has loaded and read the saved progress, pages see the empty
 * progress with `hydrated: false`, which is what they saw before it was read anyway: they show
 * "loading" where they did then. Actions called in that window wait and run, in order, once the
 * saved progress has been read; one that must answer at once (`replaceProgress`) says the
 * progress is still loading. Each action is one function for the page's whole life, before and
 * after the load, so no effect that depends on one runs again when the store arrives.
 *
 * No React here: the provider (app/_components/store-provider.tsx) creates one per tab and
 * starts it after the first render.
 */

type ActionName = {
  [K in keyof AppState]: AppState[K] extends (...args: never[]) => unknown ? K : never;
}[keyof AppState];
export type AppData = Omit<AppState, ActionName>;
type Listener = (state: AppState, previous: AppState) => void;

// Every action of AppState, listed so the compiler fails when one is added and not here.
const ACTIONS: Record<ActionName, true> = {
  markLessonComplete: true,
  markLessonIncomplete: true,
  recordAnswer: true,
  recordDrill: true,
  recordHostDrill: true,
  setPracticePosition: true,
  introduceQueuedCards: true,
  reviewCard: true,
  startExam: true,
  setExamResponse: true,
  toggleExamFlag: true,
  goToExamQuestion: true,
  setExamReviewing: true,
  submitExam: true,
  abandonExam: true,
  replaceProgress: true,
  setTheme: true,
  setPath: true,
  dismissNotice: true,
  discardKeptAside: true,
};
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

/** What the store holds before the saved progress is read (the server renders this too). */
export function initialData(): AppData {
  return { ...defaultProgress(), hydrated: false, notices: [], keptAside: [] };
}

/** `replaceProgress` before the store has loaded: nothing was replaced, and the page says why. */
export const STILL_LOADING: ReplaceOutcome = {
  ok: false,
  reason: "unavailable",
  message: "Your saved progress is still being read: nothing was replaced. Try again in a moment.",
};

/** Shown when the store's code could not be loaded at all: the page works, its progress unread. */
export const LOAD_FAILED_MESSAGE =
  "Your saved progress could not be read: part of this page did not load. Reload the page to try again; nothing was lost.";

/** How often, and how far apart, a failed load of the store's code is tried again. */
const LOAD_ATTEMPTS = 3;
const RETRY_MS = 1500;

export interface LazyAppStore {
  getState(): AppState;
  getInitialState(): AppState;
  subscribe(listener: Listener): () => void;
  /** Loads the store, reads the saved progress, then runs the actions that waited. */
  start(): Promise<void>;
  /** Another tab saved (the `storage` event): merged once the store is ready. */
  syncFromStorage(): void;
}

export function createLazyStore(
  load: () => Promise<AppStore>,
  { retryMs = RETRY_MS }: { retryMs?: number } = {},
): LazyAppStore {
  let real: AppStore | undefined;
  let ready = false;
  const waiting: ((run: boolean) => void)[] = [];
  const listeners = new Set<Listener>();

  const actions = {} as Pick<AppState, ActionName>;
  for (const name of ACTION_NAMES) {
    const call = (args: unknown[]) =>
      (real!.getState()[name] as (...a: unknown[]) => unknown)(...args);
    (actions as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (ready) return call(args);
      if (failed) return name === "dismissNotice" ? dismissFailure() : undefined;
      if (name === "replaceProgress") return STILL_LOADING;
      return new Promise((resolve, reject) =>
        waiting.push((run) => {
          // Not run (the store never loaded): it settles, having done nothing.
          if (!run) return resolve(undefined);
          try {
            resolve(call(args));
          } catch (error) {
            reject(error);
          }
        }),
      );
    };
  }
  let placeholder: AppState = { ...initialData(), ...actions };
  const initial = placeholder;
  // The real store's states, each with the stable actions in place of its own; one view per state,
  // so a selector that returns the whole state gets the same object until the state changes.
  const views = new WeakMap<AppState, AppState>();
  const view = (s: AppState) => {
    let v = views.get(s);
    if (!v) views.set(s, (v = { ...s, ...actions }));
    return v;
  };
  const getState = () => (real ? view(real.getState()) : placeholder);
  const emit = (state: AppState, previous: AppState) => {
    for (const l of [...listeners]) l(state, previous);
  };

  // Three failed loads: the page says so (a notice), and actions do nothing from then on.
  let failed = false;
  const fail = () => {
    failed = true;
    for (const settle of waiting.splice(0)) settle(false);
    const previous = placeholder;
    placeholder = {
      ...placeholder,
      notices: [{ id: 1, kind: "unavailable", message: LOAD_FAILED_MESSAGE }],
    };
    emit(placeholder, previous);
  };
  const dismissFailure = () => {
    const previous = placeholder;
    placeholder = { ...placeholder, notices: [] };
    emit(placeholder, previous);
  };

  let starting: Promise<void> | undefined;
  const start = async () => {
    let store: AppStore | undefined;
    for (let attempt = 1; !store; attempt++) {
      try {
        store = await load();
      } catch (error) {
        // A chunk that failed to load (a flaky network) may load the next time.
        if (attempt >= LOAD_ATTEMPTS) {
          fail();
          throw error;
        }
        await new Promise((r) => setTimeout(r, retryMs * attempt));
      }
    }
    real = store;
    store.subscribe((s, p) => emit(view(s), view(p)));
    emit(getState(), initial);
    await store.persist.rehydrate();
    ready = true;
    for (const settle of waiting.splice(0)) settle(true);
  };

  return {
    getState,
    getInitialState: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: () => (starting ??= start()),
    syncFromStorage() {
      if (ready) real!.syncFromStorage();
    },
  };
}
