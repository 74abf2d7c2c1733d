import { drawExam, EXAM_DURATION_MS, isGeneratedId, PASS_MARK } from "../quiz/exam";
import type { Question } from "../content/quiz-schema";
import { loadScheduler } from "../quiz/load-scheduler";
import { planNewCards } from "../quiz/new-cards";
import { scoreExam } from "../quiz/scoring";
import { createExamRecord, EXAM_HISTORY_LIMIT, type ExamSession } from "../quiz/session";
import { defaultProgress } from "./basics";
import { DRILL_RESULTS_LIMIT, HOST_DRILL_RESULTS_LIMIT, type PersistedProgress } from "./schema";
import type { AppState, Attempt, ExamSlice, QuizSlice, ReviewSlice, Slice } from "./state";

// The quiz progress's slices: answers and their first review cards, drills, the review queue and
// the exam. Each takes the clock, so tests can move time.

/** Answers kept under ids with this prefix are the simulator's predictions (`simulator:<preset>`). */
const PREDICTION_PREFIX = "simulator:";

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
 * and only the newest `limit` kept.
 */
function withResult<R extends { at: string }>(
  results: Readonly<Record<string, R>> | undefined,
  result: R,
  limit: number,
): Record<string, R> {
  const all = { ...results };
  let key = result.at;
  for (let i = 1; Object.hasOwn(all, key); i++) key = `${result.at}~${i}`;
  all[key] = result;
  const keys = Object.keys(all);
  if (keys.length <= limit) return all;
  const newest = keys
    .sort((a, b) => (all[b]!.at < all[a]!.at ? -1 : all[b]!.at > all[a]!.at ? 1 : a < b ? 1 : -1))
    .slice(0, limit);
  return Object.fromEntries(newest.map((k) => [k, all[k]!]));
}

/**
 * Rates the drill card of every rule each drilled item rests on (Good when right, Again when
 * wrong) and keeps each result, all dated `at`; waits for the scheduler chunk.
 */
async function recordDrills(
  set: (change: (s: AppState) => Partial<AppState>) => void,
  drills: readonly { rules: readonly string[]; correct: boolean; topic?: string; item?: string }[],
  at: Date,
): Promise<void> {
  const { newCard, rateCard, Rating } = await loadScheduler();
  set((s) => {
    const ruleCards = { ...s.quiz.ruleCards };
    let drillResults = s.quiz.drillResults;
    for (const { rules, correct, topic, item } of drills) {
      const grade = correct ? Rating.Good : Rating.Again;
      for (const id of rules) ruleCards[id] = rateCard(ruleCards[id] ?? newCard(at), grade, at);
      drillResults = withResult(
        drillResults,
        {
          at: at.toISOString(),
          topic: topic ?? rules[0]?.split("-")[0] ?? "",
          rules: [...rules],
          correct,
          ...(item ? { item } : {}),
        },
        DRILL_RESULTS_LIMIT,
      );
    }
    return { quiz: { ...s.quiz, ruleCards, drillResults } };
  });
}

export const createQuizSlice =
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
    recordHostDrill: (host, rules, correct) =>
      set((s) => ({
        quiz: {
          ...s.quiz,
          hostDrillResults: withResult(
            s.quiz.hostDrillResults,
            { at: now().toISOString(), host, rules: [...rules], correct },
            HOST_DRILL_RESULTS_LIMIT,
          ),
        },
      })),
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

export const createReviewSlice =
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

export const createExamSlice =
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
      startExam: (pool, { kind, seed, size, durationMs = EXAM_DURATION_MS, generated = 0 }) => {
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
              kind,
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
          .map((q) => ({
            rules: q.rules,
            topic: q.topic,
            correct: !score.missed.includes(q.id),
            item: q.id,
          }));
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
