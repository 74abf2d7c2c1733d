import type { StateCreator, StoreApi } from "zustand/vanilla";
import type { Response } from "../content/quiz-grading";
import type { Question } from "../content/quiz-schema";
import type { PathId } from "../paths/progress";
import type { Drawable } from "../quiz/exam";
import type { Grade } from "../quiz/review";
import type { ExamKind, ExamRecord } from "../quiz/session";
import type { ThemePreference } from "./basics";
import type { KeptAside, NoticeKind } from "./safe-storage";
import type { PersistedProgress } from "./schema";

// The store's shape: each slice's state and actions, the whole state and the store. Types only,
// so the slices (quiz-slices.ts, status.ts) and the store that combines them (store.ts) share
// them without importing one another.

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

/** What the learner answered and the seed its options were shown in, kept with the answer. */
export interface Attempt {
  response: Response;
  seed: string;
}

export interface QuizSlice {
  quiz: PersistedProgress["quiz"];
  /**
   * Records one answer in the question's stats at once. A question without a review card gets
   * one (see `firstCard`), rated by this answer and dated now, or, past today's limit on new cards,
   * a place in the queue for a later day; it is saved when the scheduler has loaded, which the
   * returned promise waits for. After that only `reviewCard` reschedules it.
   */
  recordAnswer(questionId: string, correct: boolean, attempt?: Attempt): Promise<void>;
  /** Remembers where practice on `topic` stands (and, for the mixed set, its order's seed). */
  setPracticePosition(topic: string, questionId: string, seed?: string): void;
  /**
   * Rates the drill card of every rule a generated item rests on: Good when the answer was right,
   * Again when it was wrong (so the rule is due again within minutes). A rule's first drill makes
   * its card. Waits for the scheduler chunk. The answer is also kept in `drillResults` under
   * `topic` (the item's topic; the first rule's group when absent), the newest DRILL_RESULTS_LIMIT.
   */
  recordDrill(ruleIds: readonly string[], correct: boolean, topic?: string): Promise<void>;
  /**
   * Keeps the answer to an item drilled on a real host in `hostDrillResults` (the newest
   * HOST_DRILL_RESULTS_LIMIT): a topic apart, so no rule's card is rated and no exam topic moves.
   */
  recordHostDrill(host: string, ruleIds: readonly string[], correct: boolean): void;
}

export interface ReviewSlice {
  /** Rates a card in the review queue; FSRS sets its next due date. Unknown ids are ignored. */
  reviewCard(questionId: string, grade: Grade): Promise<void>;
  /**
   * Makes queued questions cards, as far as today's limit on new cards allows (see
   * lib/quiz/new-cards). Pages that show the review queue call it; it loads FSRS only when a
   * queued question can be introduced.
   */
  introduceQueuedCards(): Promise<void>;
}

interface StartExamOptions {
  /** A full exam, a retake of missed questions, or one topic's: kept with the exam and its record. */
  kind: ExamKind;
  seed: string;
  size?: number;
  durationMs?: number;
  /** How many of `size` are generated items drawn from the seed (see drawExam); none by default. */
  generated?: number;
}

export interface ExamSlice {
  /** Draws and starts an exam from `pool` unless one is already running (which is kept). */
  startExam(pool: readonly Drawable[], options: StartExamOptions): void;
  /** Sets (or, with null, clears) the response to one question of the running exam. */
  setExamResponse(questionId: string, response: Response | null): void;
  toggleExamFlag(questionId: string): void;
  goToExamQuestion(index: number): void;
  setExamReviewing(reviewing: boolean): void;
  /**
   * Scores the running exam, adds it to the history (newest first), records every answered
   * question's stats (and, once the scheduler has loaded, its first card) and ends it. `lookup`
   * resolves ids to questions; ids it cannot resolve (a question removed from the bank mid-exam)
   * are left out of the score.
   */
  submitExam(
    lookup: (id: string) => Question | undefined,
    options?: { auto?: boolean },
  ): ExamRecord | null;
  /** Ends the running exam without scoring it or keeping it. */
  abandonExam(): void;
}

/** What became of a replacement of the whole progress (an import). */
export type ReplaceOutcome =
  | { ok: true }
  | {
      ok: false;
      reason: "quota" | "unavailable" | "unverified";
      /** Bytes the new saved value takes (UTF-16, as browsers count), when storage was full. */
      bytesNeeded?: number;
      message: string;
    };

export interface ProgressIoSlice {
  /**
   * Replaces every saved part of the progress at once, as an import does: saved first, and read
   * back; only then shown. On any failure the previous progress stays, in storage and on screen.
   */
  replaceProgress(progress: PersistedProgress): ReplaceOutcome;
}

export interface PreferencesSlice {
  preferences: PersistedProgress["preferences"];
  setTheme(theme: ThemePreference): void;
  /** Remembers which learning path the home page shows. */
  setPath(path: PathId): void;
}

/** Transient: what the learner must be told about their saved data. Never persisted. */
export interface StatusSlice {
  hydrated: boolean;
  notices: Notice[];
  keptAside: KeptAside[];
  dismissNotice(id: number): void;
  discardKeptAside(key: string): void;
}

export type AppState = LessonsSlice &
  QuizSlice &
  ReviewSlice &
  ExamSlice &
  ProgressIoSlice &
  PreferencesSlice &
  StatusSlice;
export type AppStore = StoreApi<AppState> & {
  persist: { rehydrate(): Promise<void> | void; hasHydrated(): boolean };
  /**
   * Merges what another tab saved into this one (call it on the `storage` event). Items this tab
   * changed since it last saw storage are kept; see `mergeProgress`.
   */
  syncFromStorage(): void;
};

export type Slice<T> = StateCreator<AppState, [], [], T>;
