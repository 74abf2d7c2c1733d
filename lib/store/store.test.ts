import { describe, expect, it } from "vitest";
import { MemoryStorage } from "./memory-storage";
import { listKeptAside, measureStorage } from "./safe-storage";
import { defaultProgress } from "./basics";
import { migrateProgress, MIGRATIONS, PROGRESS_VERSION } from "./schema";
import { STORAGE_NAME, createAppStore } from "./store";

const NOW = new Date("2026-11-29T12:00:00.000Z");

async function storeOver(storage: Storage) {
  const store = createAppStore({ getStorage: () => storage, now: () => NOW });
  await store.persist.rehydrate();
  return store;
}

function saved(state: unknown, version = PROGRESS_VERSION) {
  return JSON.stringify({ state, version });
}

describe("app store persistence", () => {
  it("saves lesson, quiz and theme progress and restores it in a new store", async () => {
    const storage = new MemoryStorage();
    const first = await storeOver(storage);
    first.getState().markLessonComplete("who-may-call-a-tool");
    await first.getState().recordAnswer("vis-empty-list", false);
    await first.getState().recordAnswer("vis-empty-list", true);
    first.getState().setTheme("dark");

    const second = await storeOver(storage);
    const s = second.getState();
    expect(s.hydrated).toBe(true);
    expect(s.lessons.completed).toEqual({ "who-may-call-a-tool": NOW.toISOString() });
    expect(s.quiz.answers["vis-empty-list"]).toEqual({
      attempts: 2,
      correct: 1,
      lastAnsweredAt: NOW.toISOString(),
      lastCorrect: true,
    });
    expect(s.preferences.theme).toBe("dark");
    expect(s.notices).toEqual([]);
  });

  it("persists data only: no actions, notices or kept-aside copies in the saved value", async () => {
    const storage = new MemoryStorage();
    const store = await storeOver(storage);
    store.getState().setTheme("light");
    const value = JSON.parse(storage.getItem(STORAGE_NAME)!);
    expect(value.version).toBe(PROGRESS_VERSION);
    expect(Object.keys(value.state).sort()).toEqual(["lessons", "preferences", "quiz"]);
  });

  it("keeps corrupted JSON aside, starts fresh and tells the learner", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, "{not json");
    const store = await storeOver(storage);
    const s = store.getState();
    expect(s.lessons.completed).toEqual({});
    expect(s.notices.map((n) => n.kind)).toEqual(["corrupted"]);
    expect(s.keptAside).toHaveLength(1);
    expect(s.keptAside[0]).toMatchObject({
      raw: "{not json",
      reason: "corrupted",
      savedInStorage: true,
    });
    expect(storage.getItem(s.keptAside[0]!.key)).toBe("{not json");

    // New progress overwrites the main key, but the kept-aside copy survives, also across reloads.
    store.getState().markLessonComplete("x");
    const again = await storeOver(storage);
    expect(again.getState().keptAside.map((k) => k.raw)).toEqual(["{not json"]);
    expect(again.getState().notices).toEqual([]);
  });

  it("keeps a newer version's data aside untouched", async () => {
    const storage = new MemoryStorage();
    const future = saved({ lessons: { done: ["a"] } }, PROGRESS_VERSION + 1);
    storage.setItem(STORAGE_NAME, future);
    const store = await storeOver(storage);
    const s = store.getState();
    expect(s.notices[0]).toMatchObject({ kind: "future-version" });
    expect(s.notices[0]!.message).toContain(`format ${PROGRESS_VERSION + 1}`);
    expect(s.keptAside[0]).toMatchObject({ reason: "future-version", raw: future });
  });

  it("keeps a current-version value of the wrong shape aside", async () => {
    const storage = new MemoryStorage();
    const wrong = saved({ ...defaultProgress(), preferences: { theme: "purple" } });
    storage.setItem(STORAGE_NAME, wrong);
    const store = await storeOver(storage);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(["invalid"]);
    expect(store.getState().keptAside[0]?.raw).toBe(wrong);
    expect(store.getState().preferences.theme).toBe("system");
  });

  it("keeps aside an old version that no migration can read", async () => {
    const storage = new MemoryStorage();
    const old = saved({ anything: true }, 0);
    storage.setItem(STORAGE_NAME, old);
    const store = await storeOver(storage);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(["invalid"]);
    expect(store.getState().keptAside[0]?.raw).toBe(old);
  });

  it("reports a full storage once, keeps working in memory, and never throws", async () => {
    const storage = new MemoryStorage(200);
    const store = await storeOver(storage);
    expect(() => {
      for (let i = 0; i < 20; i++) store.getState().markLessonComplete(`lesson-number-${i}`);
    }).not.toThrow();
    expect(Object.keys(store.getState().lessons.completed)).toHaveLength(20);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(["quota"]);
  });

  it("holds a kept-aside copy in memory when even the copy cannot be written", async () => {
    const raw = "x".repeat(150);
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, raw);
    storage.quota = storage.getItem(STORAGE_NAME)!.length + STORAGE_NAME.length;
    const store = await storeOver(storage);
    expect(store.getState().keptAside[0]).toMatchObject({ raw, savedInStorage: false });
  });

  it("works without storage at all, telling the learner nothing is saved", async () => {
    const store = await storeOver(new MemoryStorage(Infinity, true));
    expect(store.getState().notices.map((n) => n.kind)).toEqual(["unavailable"]);
    store.getState().markLessonComplete("a");
    expect(store.getState().lessons.completed).toHaveProperty("a");
  });

  it("discards a kept-aside copy from storage and from the list", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, "garbage");
    const store = await storeOver(storage);
    const key = store.getState().keptAside[0]!.key;
    store.getState().discardKeptAside(key);
    expect(store.getState().keptAside).toEqual([]);
    expect(storage.getItem(key)).toBeNull();
  });
});

/** Exactly what version 1 of the app saved: lessons, answer stats and the theme. */
const V1_STATE = {
  lessons: { completed: { "who-may-call-a-tool": "2026-11-20T08:00:00.000Z" } },
  quiz: {
    answers: {
      "vis-empty-list": {
        attempts: 3,
        correct: 2,
        lastAnsweredAt: "2026-11-21T08:00:00.000Z",
        lastCorrect: true,
      },
    },
  },
  preferences: { theme: "dark" },
};

describe("the version 1 → 2 migration", () => {
  it("loads a saved version-1 value, keeping lessons, answers and theme, with empty new fields", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, saved(V1_STATE, 1));
    const s = (await storeOver(storage)).getState();
    expect(s.notices).toEqual([]);
    expect(s.keptAside).toEqual([]);
    expect(s.lessons).toEqual(V1_STATE.lessons);
    expect(s.quiz).toEqual({
      answers: V1_STATE.quiz.answers,
      cards: {},
      exam: null,
      exams: [],
    });
    expect(s.preferences.theme).toBe("dark");
  });

  it("rewrites the saved value at the current version on the next change", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, saved(V1_STATE, 1));
    const store = await storeOver(storage);
    store.getState().markLessonComplete("permissions");
    const value = JSON.parse(storage.getItem(STORAGE_NAME)!);
    expect(value.version).toBe(PROGRESS_VERSION);
    expect(value.state.quiz.cards).toEqual({});
    expect(value.state.lessons.completed).toHaveProperty("who-may-call-a-tool");
  });

  it("passes a value not shaped like version 1 through, so it is kept aside, not guessed at", async () => {
    expect(MIGRATIONS[1]!("nonsense")).toBe("nonsense");
    const storage = new MemoryStorage();
    const odd = saved({ lessons: {}, quiz: "lots" }, 1);
    storage.setItem(STORAGE_NAME, odd);
    const store = await storeOver(storage);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(["invalid"]);
    expect(store.getState().keptAside[0]?.raw).toBe(odd);
  });
});

describe("migrateProgress", () => {
  it("applies each step in order up to the current version", () => {
    const steps = {
      1: (s: unknown) => ({ ...(s as object), two: true }),
      2: (s: unknown) => ({ ...(s as object), three: true }),
    };
    expect(migrateProgress({ one: true }, 1, 3, steps)).toEqual({
      one: true,
      two: true,
      three: true,
    });
  });

  it("throws on a missing step and on a newer version, rather than guessing", () => {
    expect(() => migrateProgress({}, 1, 3, { 1: (s) => s })).toThrow(
      "no migration from progress version 2 to 3",
    );
    expect(() => migrateProgress({}, 4, 3, {})).toThrow("newer than 3");
  });

  it("is the identity at the current version", () => {
    const state = defaultProgress();
    expect(migrateProgress(state, PROGRESS_VERSION)).toBe(state);
  });
});

describe("replaceProgress: an import is reported only once it is saved", () => {
  const imported = () => {
    const p = defaultProgress();
    for (let i = 0; i < 40; i++) p.lessons.completed[`lesson-${i}`] = NOW.toISOString();
    return p;
  };

  it("says it succeeded after the saved value reads back as the import", async () => {
    const storage = new MemoryStorage();
    const store = await storeOver(storage);
    const outcome = store.getState().replaceProgress(imported());
    expect(outcome).toEqual({ ok: true });
    expect(JSON.parse(storage.getItem(STORAGE_NAME)!).state).toEqual(imported());
  });

  it("refuses when storage is full, with the size needed, and leaves the progress as it was", async () => {
    const storage = new MemoryStorage();
    const store = await storeOver(storage);
    store.getState().markLessonComplete("mine");
    const before = storage.getItem(STORAGE_NAME)!;
    storage.quota = STORAGE_NAME.length + before.length + 10;

    const outcome = store.getState().replaceProgress(imported());
    expect(outcome).toMatchObject({ ok: false, reason: "quota" });
    if (outcome.ok) return;
    const needed =
      (STORAGE_NAME.length + JSON.stringify({ state: imported(), version: 2 }).length) * 2;
    expect(outcome.bytesNeeded).toBe(needed);
    expect(outcome.message).toMatch(/storage is full/);
    expect(outcome.message).toMatch(/progress is unchanged/);
    expect(Object.keys(store.getState().lessons.completed)).toEqual(["mine"]);
    expect(storage.getItem(STORAGE_NAME)).toBe(before);
    expect((await storeOver(storage)).getState().lessons.completed).toHaveProperty("mine");
  });
});

describe("kept-aside copies", () => {
  it("keeps the same unreadable value aside once, however often it is loaded", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, "{not json");
    let t = NOW.getTime();
    const load = async () => {
      const store = createAppStore({
        getStorage: () => storage,
        now: () => new Date((t += 60_000)),
      });
      await store.persist.rehydrate();
      return store;
    };
    await load();
    // With the copy safe, the unreadable value leaves the progress key: the next load is clean.
    expect(storage.getItem(STORAGE_NAME)).toBeNull();
    expect((await load()).getState().notices).toEqual([]);
    // The same value saved again (by a tab of an older version, say) is recognised by its hash.
    storage.setItem(STORAGE_NAME, "{not json");
    await load();
    storage.setItem(STORAGE_NAME, "{not json");
    const third = await load();
    expect(listKeptAside(storage, STORAGE_NAME).map((k) => k.raw)).toEqual(["{not json"]);
    expect(third.getState().keptAside).toHaveLength(1);
    expect(third.getState().notices.map((n) => n.kind)).toEqual(["corrupted"]);

    // A different unreadable value is a new copy.
    storage.setItem(STORAGE_NAME, "{other");
    await load();
    expect(listKeptAside(storage, STORAGE_NAME).map((k) => k.raw)).toEqual(["{not json", "{other"]);
  });

  it("measures what the app keeps in storage", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_NAME, "garbage");
    storage.setItem("someone-else", "1234");
    const store = await storeOver(storage);
    store.getState().markLessonComplete("a");
    const usage = measureStorage(storage, STORAGE_NAME);
    const progress = (STORAGE_NAME.length + storage.getItem(STORAGE_NAME)!.length) * 2;
    const kept = store.getState().keptAside[0]!;
    expect(usage).toEqual({
      progress,
      keptAside: (kept.key.length + "garbage".length) * 2,
      total: progress + (kept.key.length + 7) * 2 + ("someone-else".length + 4) * 2,
    });
  });
});

describe("odd keys in saved progress", () => {
  it("refuses a saved map with a __proto__ key with a notice naming it, keeping the value aside", async () => {
    const storage = new MemoryStorage();
    // An object literal cannot hold an own __proto__ key, so the saved text is written by hand.
    const raw = saved({
      ...defaultProgress(),
      lessons: { completed: { intro: NOW.toISOString() } },
    }).replace('"intro":', `"__proto__":"${NOW.toISOString()}","intro":`);
    expect(raw).toContain("__proto__");
    storage.setItem(STORAGE_NAME, raw);
    const store = await storeOver(storage);
    const notices = store.getState().notices;
    expect(notices.map((n) => n.kind)).toEqual(["invalid"]);
    expect(notices[0]!.message).toContain(
      'lessons.completed.__proto__: the key "__proto__" is not allowed',
    );
    expect(store.getState().keptAside[0]?.raw).toBe(raw);
    expect(store.getState().lessons.completed).toEqual({});
  });
});
