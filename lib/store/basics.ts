import type { PersistedProgress } from "./schema";

// What every page needs of the store before the store itself has loaded (lazy-store.ts): the
// storage key, the theme choices and the empty progress. Nothing here imports code, so the
// layout's first load carries these few lines and not the store's slices, shapes and merging.

/** The localStorage key of the learner's progress. */
export const STORAGE_NAME = "mcp-apps-academy:progress";

export { THEMES, type ThemePreference } from "./themes";

/** Progress with nothing in it: a first visit, and every page before its saved progress is read. */
export function defaultProgress(): PersistedProgress {
  return {
    lessons: { completed: {} },
    quiz: { answers: {}, cards: {}, exam: null, exams: [] },
    preferences: { theme: "system" },
  };
}
