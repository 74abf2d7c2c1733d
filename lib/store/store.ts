import { persist } from "zustand/middleware";
import { createStore, type StateCreator, type StoreApi } from "zustand/vanilla";
import type { Response } from "../content/quiz-grading";
import type { Question } from "../content/quiz-schema";
import { drawExam, EXAM_DURATION_MS, isGeneratedId, PASS_MARK, type Drawable } from "../quiz/exam";
import type { PathId } from "../paths/progress";
import { loadScheduler } from "../quiz/load-scheduler";
import { planNewCards } from "../quiz/new-cards";
import type { Grade } from "../quiz/review";
import { scoreExam } from "../quiz/scoring";
import {
  createExamRecord,
  EXAM_HISTORY_LIMIT,
  type ExamRecord,
  type ExamSession,
} from "../quiz/session";
import { STORAGE_NAME } from "./basics";
import { mergeProgress, same } from "./merge";
import { check } from "../shape";
import {
  createSafeStorage,
  formatBytes,
  isQuotaError,
  listKeptAside,
  parseEnvelope,
  type KeptAside,
  type NoticeKind,
} from "./safe-storage";
import { defaultProgress, type ThemePreference } from "./basics";
import type { DrillResult } from "../quiz/records";
import {
  DRILL_RESULTS_LIMIT,
  migrateProgress,
  persistedProgressShape,
  PROGRESS_VERSION,
  type PersistedProgress,
} from "./schema";

/** Answers kept under ids with this prefix are the simulator's predictions (`simulator:<preset>`). */
const PREDICTION_PREFIX = "simulator:";

export { STORAGE_NAME };

interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
}

interface LessonsSlice {
  lessons: PersistedProgress["lessons"];
  markLessonComplete(slug: string): void;
  markLessonIncomplete(slug: string): void;
}

/** What the learner answered and the seed its options were shown in, kept with the answer. */
interface Attempt {
  response: Response;
  seed: string;
}

interface QuizSlice {
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
}

interface ReviewSlice {
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
  seed: string;
  size?: number;
  durationMs?: number;
  /** How many of `size` are generated items drawn from the seed (see drawExam); none by default. */
  generated?: number;
}

interface ExamSlice {
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

interface ProgressIoSlice {
  /**
   * Replaces every saved part of the progress at once, as an import does: saved first, and read
   * back; only then shown. On any failure the previous progress stays, in storage and on screen.
   */
  replaceProgress(progress: PersistedProgress): ReplaceOutcome;
}

interface PreferencesSlice {
  preferences: PersistedProgress["preferences"];
  setTheme(theme: ThemePreference): void;
  /** Remembers which learning path the home page shows. */
  setPath(path: PathId): void;
}

/** Transient: what the learner must be told about their saved data. Never persisted. */
interface StatusSlice {
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

type Slice<T> = StateCreator<AppState, [], [], T>;

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

type QuizState = PersistedProgress["quiz"];

/** An answer whose question may still need its first review card. */
interface FirstAnswer {
  questionId: string;
  correct: boolean;
  at: Date;
  attempt?: Attempt;
}

/** `quiz` with one more answer recorded in the question's stats. */
function withAnswer(quiz: QuizState, { questionId, correct, at, attempt }: FirstAnswer): QuizState {
  const before = quiz.answers[questionId];
  return {
    ...quiz,
    answers: {
      ...quiz.answers,
      [questionId]: {
        attempts: (before?.attempts ?? 0) + 1,
        correct: (before?.correct ?? 0) + (correct ? 1 : 0),
        lastAnsweredAt: at.toISOString(),
        lastCorrect: correct,
        ...(attempt ? { lastResponse: attempt.response, seed: attempt.seed } : {}),
      },
    },
  };
}

/**
 * Gives answered questions without a card their first card, once the scheduler is loaded, within
 * the daily limit on new cards (lib/quiz/new-cards): questions queued on earlier days go first, as
 * cards due at once; then this batch, each rated by its first answer; the rest join the queue.
 * Answers are applied in the order they were given, so the earliest answer rates the card. If the
 * scheduler cannot load (offline), the stats are kept and the next answer tries again.
 */
async function addFirstCards(
  get: () => AppState,
  set: (change: (s: AppState) => Partial<AppState>) => void,
  answers: readonly FirstAnswer[],
  now: () => Date,
): Promise<void> {
  const ids = answers.map((a) => a.questionId);
  const plan = (quiz: QuizState) =>
    planNewCards(
      { cards: quiz.cards, introduced: quiz.introduced ?? {}, queued: quiz.queued ?? {} },
      ids,
      now(),
    );
  const first = plan(get().quiz);
  if (!first.fromQueue.length && !first.fresh.length && !first.toQueue.length) return;
  let scheduler: Awaited<ReturnType<typeof loadScheduler>>;
  try {
    scheduler = await loadScheduler();
  } catch {
    return;
  }
  const byId = new Map<string, FirstAnswer>();
  for (const a of answers) if (!byId.has(a.questionId)) byId.set(a.questionId, a);
  set((s) => {
    // Planned again: another answer may have made some of these cards while FSRS loaded.
    const { fromQueue, fresh, toQueue } = plan(s.quiz);
    if (!fromQueue.length && !fresh.length && !toQueue.length) return {};
    const at = now();
    const cards = { ...s.quiz.cards };
    const introduced = { ...s.quiz.introduced };
    const queued = { ...s.quiz.queued };
    for (const id of fromQueue) {
      cards[id] = scheduler.newCard(at);
      introduced[id] = at.toISOString();
      delete queued[id];
    }
    for (const id of fresh) {
      const a = byId.get(id)!;
      cards[id] = scheduler.firstCard(a.correct, a.at);
      introduced[id] = a.at.toISOString();
    }
    for (const id of toQueue) queued[id] = byId.get(id)!.at.toISOString();
    return { quiz: { ...s.quiz, cards, introduced, queued } };
  });
}

/**
 * `results` with one more, keyed by its time (a suffix keeps two answers in one millisecond apart),
 * and only the newest DRILL_RESULTS_LIMIT kept.
 */
function withDrillResult(
  results: Readonly<Record<string, DrillResult>> | undefined,
  result: DrillResult,
): Record<string, DrillResult> {
  const all = { ...results };
  let key = result.at;
  for (let i = 1; Object.hasOwn(all, key); i++) key = `${result.at}~${i}`;
  all[key] = result;
  const keys = Object.keys(all);
  if (keys.length <= DRILL_RESULTS_LIMIT) return all;
  const newest = keys
    .sort((a, b) => (all[b]!.at < all[a]!.at ? -1 : all[b]!.at > all[a]!.at ? 1 : a < b ? 1 : -1))
    .slice(0, DRILL_RESULTS_LIMIT);
  return Object.fromEntries(newest.map((k) => [k, all[k]!]));
}

/**
 * Rates the drill card of every rule each drilled item rests on (Good when right, Again when
 * wrong) and keeps each result, all dated `at`; waits for the scheduler chunk.
 */
async function recordDrills(
  set: (change: (s: AppState) => Partial<AppState>) => void,
  drills: readonly { rules: readonly string[]; correct: boolean; topic?: string }[],
  at: Date,
): Promise<void> {
  const { newCard, rateCard, Rating } = await loadScheduler();
  set((s) => {
    const ruleCards = { ...s.quiz.ruleCards };
    let drillResults = s.quiz.drillResults;
    for (const { rules, correct, topic } of drills) {
      const grade = correct ? Rating.Good : Rating.Again;
      for (const id of rules) ruleCards[id] = rateCard(ruleCards[id] ?? newCard(at), grade, at);
      drillResults = withDrillResult(drillResults, {
        at: at.toISOString(),
        topic: topic ?? rules[0]?.split("-")[0] ?? "",
        rules: [...rules],
        correct,
      });
    }
    return { quiz: { ...s.quiz, ruleCards, drillResults } };
  });
}

const createQuizSlice =
  (now: () => Date): Slice<QuizSlice> =>
  (set, get) => ({
    quiz: defaultProgress().quiz,
    recordAnswer: (questionId, correct, attempt) => {
      const answer = { questionId, correct, at: now(), attempt };
      set((s) => ({ quiz: withAnswer(s.quiz, answer) }));
      // A simulator prediction is no question of a bank: the review could never show its card,
      // yet the card would count as due and use up the day's allowance of new cards.
      if (questionId.startsWith(PREDICTION_PREFIX)) return Promise.resolve();
      return addFirstCards(get, set, [answer], now);
    },
    recordDrill: (rules, correct, topic) => recordDrills(set, [{ rules, correct, topic }], now()),
    setPracticePosition: (topic, questionId, seed) =>
      set((s) => ({
        quiz: {
          ...s.quiz,
          practice: {
            ...s.quiz.practice,
            [topic]: seed === undefined ? { questionId } : { questionId, seed },
          },
        },
      })),
  });

const createReviewSlice =
  (now: () => Date): Slice<ReviewSlice> =>
  (set, get) => ({
    introduceQueuedCards: () => addFirstCards(get, set, [], now),
    reviewCard: async (questionId, grade) => {
      if (!get().quiz.cards[questionId]) return;
      const at = now();
      const { rateCard } = await loadScheduler();
      set((s) => {
        const card = s.quiz.cards[questionId];
        if (!card) return {};
        return {
          quiz: { ...s.quiz, cards: { ...s.quiz.cards, [questionId]: rateCard(card, grade, at) } },
        };
      });
    },
  });

const createExamSlice =
  (now: () => Date): Slice<ExamSlice> =>
  (set, get) => {
    /** Applies `change` to the running exam; does nothing when there is none. */
    const update = (change: (exam: ExamSession) => Partial<ExamSession>) =>
      set((s) =>
        s.quiz.exam
          ? { quiz: { ...s.quiz, exam: { ...s.quiz.exam, ...change(s.quiz.exam) } } }
          : {},
      );
    return {
      startExam: (pool, { seed, size, durationMs = EXAM_DURATION_MS, generated = 0 }) => {
        if (get().quiz.exam) return;
        const questionIds = drawExam(pool, seed, size, generated);
        if (questionIds.length === 0) return;
        const startedAt = now().toISOString();
        set((s) => ({
          quiz: {
            ...s.quiz,
            exam: {
              id: `${startedAt}-${seed}`,
              seed,
              questionIds,
              startedAt,
              durationMs,
              passMark: PASS_MARK,
              responses: {},
              flagged: [],
              current: 0,
              reviewing: false,
            },
          },
        }));
      },
      setExamResponse: (questionId, response) =>
        update((exam) => {
          if (!exam.questionIds.includes(questionId)) return {};
          const responses = { ...exam.responses };
          if (response) responses[questionId] = response;
          else delete responses[questionId];
          return { responses };
        }),
      toggleExamFlag: (questionId) =>
        update((exam) => ({
          flagged: exam.flagged.includes(questionId)
            ? exam.flagged.filter((id) => id !== questionId)
            : exam.questionIds.includes(questionId)
              ? [...exam.flagged, questionId]
              : exam.flagged,
        })),
      goToExamQuestion: (index) =>
        update((exam) => ({
          current: Math.min(Math.max(0, Math.trunc(index)), exam.questionIds.length - 1),
          reviewing: false,
        })),
      setExamReviewing: (reviewing) => update(() => ({ reviewing })),
      submitExam: (lookup, options = {}) => {
        const exam = get().quiz.exam;
        if (!exam) return null;
        const questions = exam.questionIds
          .map(lookup)
          .filter((q): q is Question => q !== undefined);
        const score = scoreExam(questions, exam.responses, exam.passMark);
        const at = now();
        const record = createExamRecord(exam, score, at, options.auto ?? false);
        // A generated item is rated as a drill (its rules' cards and a drill result), as in the
        // Drill page: it has no review card of its own, since no bank holds it.
        const drills = questions
          .filter((q) => exam.responses[q.id] && isGeneratedId(q.id))
          .map((q) => ({ rules: q.rules, topic: q.topic, correct: !score.missed.includes(q.id) }));
        const answers = questions
          .filter((q) => exam.responses[q.id] && !isGeneratedId(q.id))
          .map((q) => ({
            questionId: q.id,
            correct: !score.missed.includes(q.id),
            at,
            attempt: { response: exam.responses[q.id]!, seed: exam.seed },
          }));
        set((s) => {
          const quiz = answers.reduce(withAnswer, s.quiz);
          return {
            quiz: {
              ...quiz,
              exam: null,
              exams: [record, ...quiz.exams].slice(0, EXAM_HISTORY_LIMIT),
            },
          };
        });
        void addFirstCards(get, set, answers, now);
        if (drills.length) void recordDrills(set, drills, at).catch(() => {});
        return record;
      },
      abandonExam: () => set((s) => ({ quiz: { ...s.quiz, exam: null } })),
    };
  };

const createPreferencesSlice: Slice<PreferencesSlice> = (set) => ({
  preferences: defaultProgress().preferences,
  setTheme: (theme) => set((s) => ({ preferences: { ...s.preferences, theme } })),
  setPath: (path) => set((s) => ({ preferences: { ...s.preferences, path } })),
});

/**
 * The status slice's queue: notices and copies kept aside reach the store's state once it exists
 * and is not being read from storage (`hold` … `open`); one notice per kind is shown at a time,
 * and one entry per kept-aside key.
 */
function createStatusQueue(
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

/** Saved text (from another tab) read as progress, or why it cannot be. */
function readSaved(
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

/** The transient status slice: whether saved progress has been read, notices, copies kept aside. */
const createStatusSlice =
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

const UNCHANGED = " Nothing was imported and your progress is unchanged.";

/**
 * Writes an import over the saved progress and reads it back: the saved text once it reads back
 * as written, or why the import was not saved (nothing else is changed then, in storage or on
 * screen: replaceProgress shows an import only once it is saved).
 */
function saveImport(
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
