import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  createLazyStore,
  initialData,
  LOAD_FAILED_MESSAGE,
  STILL_LOADING,
} from "./lazy-store";
import { MemoryStorage } from "./memory-storage";
import { PROGRESS_VERSION } from "./schema";
import { createAppStore, STORAGE_NAME } from "./store";
import type { AppStore } from "./state";

const NOW = new Date("2026-12-02T12:00:00.000Z");

/** A store over `storage` whose load the test releases. */
function deferredLoad(storage: Storage) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let loads = 0;
  const load = async (): Promise<AppStore> => {
    loads++;
    await gate;
    return createAppStore({ getStorage: () => storage, now: () => NOW });
  };
  return { load, release, loads: () => loads };
}

const savedProgress = (completed: Record<string, string>) =>
  JSON.stringify({
    state: {
      lessons: { completed },
      quiz: { answers: {}, cards: {}, exam: null, exams: [] },
      preferences: { theme: "dark" },
    },
    version: PROGRESS_VERSION,
  });

/** A lazy store whose storage holds one completed lesson ("intro") and the dark theme. */
function overSavedIntro() {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_NAME, savedProgress({ intro: NOW.toISOString() }));
  const gate = deferredLoad(storage);
  return { storage, gate, lazy: createLazyStore(gate.load) };
}

describe("the lazy app store", () => {
  it("starts from exactly the real store's first state, and lists every one of its actions", () => {
    const real = createAppStore({ getStorage: () => undefined }).getState();
    const data = Object.fromEntries(
      Object.entries(real).filter(([, v]) => typeof v !== "function"),
    );
    expect(initialData()).toEqual(data);
    const actions = Object.keys(real).filter(
      (k) => typeof real[k as keyof typeof real] === "function",
    );
    expect([...ACTION_NAMES].sort()).toEqual(actions.sort());
  });

  it("before the load shows the empty progress, not hydrated, to the server and the page alike", () => {
    const lazy = createLazyStore(deferredLoad(new MemoryStorage()).load);
    expect(lazy.getState()).toBe(lazy.getInitialState());
    expect(lazy.getState()).toMatchObject({ hydrated: false, lessons: { completed: {} } });
  });

  it("reads the saved progress once loaded, telling subscribers, with the same action functions", async () => {
    const { gate, lazy } = overSavedIntro();
    const before = lazy.getState();
    const seen: boolean[] = [];
    lazy.subscribe((s) => seen.push(s.hydrated));
    const started = lazy.start();
    expect(lazy.start()).toBe(started); // one load, however often it is asked
    gate.release();
    await started;
    const after = lazy.getState();
    expect(after.hydrated).toBe(true);
    expect(after.lessons.completed).toEqual({ intro: NOW.toISOString() });
    expect(after.preferences.theme).toBe("dark");
    expect(seen.at(-1)).toBe(true);
    for (const name of ACTION_NAMES) expect(after[name], name).toBe(before[name]);
    expect(lazy.getState()).toBe(after); // the same object until the state changes
    expect(gate.loads()).toBe(1);
  });

  it("runs actions called before the load once the saved progress is read, in order, and keeps them", async () => {
    const { storage, gate, lazy } = overSavedIntro();
    const early = lazy.getState();
    early.markLessonComplete("csp");
    early.setTheme("light");
    early.markLessonIncomplete("csp");
    early.markLessonComplete("csp");
    // Not applied yet: the page still shows the empty progress.
    expect(lazy.getState().lessons.completed).toEqual({});
    const started = lazy.start();
    gate.release();
    await started;
    const s = lazy.getState();
    // The saved lesson is kept (the waiting actions ran after the read, not before it).
    expect(Object.keys(s.lessons.completed).sort()).toEqual(["csp", "intro"]);
    expect(s.preferences.theme).toBe("light");
    expect(JSON.parse(storage.getItem(STORAGE_NAME)!).state.preferences.theme).toBe("light");
    // After the load an action runs at once.
    s.markLessonIncomplete("intro");
    expect(Object.keys(lazy.getState().lessons.completed)).toEqual(["csp"]);
  });

  it("a Promise-returning action called early settles when it has run", async () => {
    const gate = deferredLoad(new MemoryStorage());
    const lazy = createLazyStore(gate.load);
    let done = false;
    const answered = lazy
      .getState()
      .recordAnswer("q1", true)
      .then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    const started = lazy.start();
    gate.release();
    await started;
    await answered;
    expect(lazy.getState().quiz.answers.q1).toMatchObject({ correct: 1 });
  });

  it("replaceProgress before the load replaces nothing and says the progress is still loading", () => {
    const lazy = createLazyStore(deferredLoad(new MemoryStorage()).load);
    const outcome = lazy.getState().replaceProgress({
      lessons: { completed: { x: NOW.toISOString() } },
      quiz: { answers: {}, cards: {}, exam: null, exams: [] },
      preferences: { theme: "system" },
    });
    expect(outcome).toEqual(STILL_LOADING);
  });

  it("tries a failed load again, and gives up after three", async () => {
    let calls = 0;
    const flaky = createLazyStore(
      async () => {
        if (++calls < 3) throw new Error("chunk failed");
        return createAppStore({ getStorage: () => new MemoryStorage(), now: () => NOW });
      },
      { retryMs: 1 },
    );
    await flaky.start();
    expect(calls).toBe(3);
    expect(flaky.getState().hydrated).toBe(true);

    const broken = createLazyStore(
      async () => {
        throw new Error("offline");
      },
      { retryMs: 1 },
    );
    const early = broken.getState().markLessonComplete("csp");
    await expect(broken.start()).rejects.toThrow("offline");
    expect(broken.getState().hydrated).toBe(false);
    // The page says so, and the notice can be dismissed; what waited settles, having done nothing.
    await expect(early).resolves.toBeUndefined();
    expect(broken.getState().notices).toEqual([
      { id: 1, kind: "unavailable", message: LOAD_FAILED_MESSAGE },
    ]);
    broken.getState().dismissNotice(1);
    expect(broken.getState().notices).toEqual([]);
    expect(broken.getState().lessons.completed).toEqual({});
  });
});
