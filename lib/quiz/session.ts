import type { Response } from "../content/quiz-grading";
import * as S from "../shape";
import { EXAM_SIZE } from "./exam";
import type { ExamScore } from "./scoring";

/** A learner's response as saved mid-exam; mirrors `Response` in quiz-grading. */
export const responseShape: S.Shape<Response> = S.tagged("type", {
  single: S.object({ type: S.oneOf(["single"]), choice: S.string() }),
  multi: S.object({ type: S.oneOf(["multi"]), choices: S.array(S.string()) }),
  "true-false": S.object({ type: S.oneOf(["true-false"]), value: S.boolean }),
  order: S.object({ type: S.oneOf(["order"]), order: S.array(S.string()) }),
  "fill-in": S.object({ type: S.oneOf(["fill-in"]), text: S.string() }),
});

/**
 * Which exam it is: the full exam (EXAM_SIZE questions from every topic), a retake of the missed
 * questions of an earlier one, or one topic's questions. Kept so the history tells a one-question
 * retake apart from a full exam.
 */
const EXAM_KINDS = ["full", "retake", "topic"] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

/** Optional: exams started and records saved before the kind was kept have none. */
const examKind = S.optional(S.oneOf(EXAM_KINDS));

const passMark = S.number({ min: 0, max: 1 });
const duration = S.number({ integer: true, positive: true });

/**
 * An exam in progress. It is saved with the rest of the progress, so a reload (or a closed tab)
 * resumes it with the same questions, answers, flags and deadline.
 */
export const examSessionShape = S.object({
  id: S.string({ min: 1 }),
  seed: S.string(),
  kind: examKind,
  questionIds: S.array(S.string(), { min: 1 }),
  startedAt: S.isoDateTime,
  durationMs: duration,
  passMark,
  responses: S.record(responseShape),
  flagged: S.array(S.string()),
  /** Index of the question on screen. */
  current: S.count,
  /** True on the review screen that comes before submitting. */
  reviewing: S.boolean,
});
export type ExamSession = S.Infer<typeof examSessionShape>;

const topicScoreShape = S.object({
  topic: S.string(),
  correct: S.count,
  total: S.count,
});

/** A submitted exam, kept in the history with its answers so its results can be shown again. */
export const examRecordShape = S.object({
  id: S.string({ min: 1 }),
  seed: S.string(),
  kind: examKind,
  questionIds: S.array(S.string()),
  startedAt: S.isoDateTime,
  submittedAt: S.isoDateTime,
  durationMs: duration,
  /** Submitted by the countdown reaching zero rather than by the learner. */
  autoSubmitted: S.boolean,
  responses: S.record(responseShape),
  correct: S.count,
  total: S.count,
  passMark,
  passed: S.boolean,
  /** Weakest first, as scored when submitted. */
  byTopic: S.array(topicScoreShape),
  missed: S.array(S.string()),
  /** The questions flagged for another look when it was submitted (absent in older records). */
  flagged: S.optional(S.array(S.string())),
});
export type ExamRecord = S.Infer<typeof examRecordShape>;

/** How many submitted exams the history keeps (newest first); older ones are dropped. */
export const EXAM_HISTORY_LIMIT = 50;

/** The history entry for `session`, scored as `score`, submitted at `now`. */
export function createExamRecord(
  session: ExamSession,
  score: ExamScore,
  now: Date,
  autoSubmitted: boolean,
): ExamRecord {
  return {
    id: session.id,
    seed: session.seed,
    ...(session.kind ? { kind: session.kind } : {}),
    questionIds: session.questionIds,
    startedAt: session.startedAt,
    submittedAt: now.toISOString(),
    durationMs: session.durationMs,
    autoSubmitted,
    responses: session.responses,
    correct: score.correct,
    total: score.total,
    passMark: score.passMark,
    passed: score.passed,
    byTopic: score.byTopic.map(({ topic, correct, total }) => ({ topic, correct, total })),
    missed: score.missed,
    flagged: session.flagged,
  };
}

/**
 * What the history calls a submitted exam: its kind, or for a record saved before kinds were kept,
 * "shorter" when it has fewer questions than any full exam has drawn (so a retake or a topic exam)
 * and "unrecorded" otherwise (a retake of EXAM_SIZE missed questions is as long as a full exam).
 */
export function examKindOf(
  record: Pick<ExamRecord, "kind" | "questionIds">,
): ExamKind | "shorter" | "unrecorded" {
  if (record.kind) return record.kind;
  return record.questionIds.length < EXAM_SIZE ? "shorter" : "unrecorded";
}

/**
 * How many full exams the history holds: those saved as full, and those saved without a kind that
 * had a full exam's length. Retakes and topic exams are practice, not the exam itself.
 */
export function fullExamsTaken(
  records: readonly Pick<ExamRecord, "kind" | "questionIds">[],
): number {
  return records.filter((r) => {
    const kind = examKindOf(r);
    return kind === "full" || kind === "unrecorded";
  }).length;
}

/** How long the learner took: from the start to the submission, at most the time allowed. */
export function timeTaken(record: Pick<ExamRecord, "startedAt" | "submittedAt">): number {
  return Math.max(0, Date.parse(record.submittedAt) - Date.parse(record.startedAt));
}

/** Time allowed for a shorter exam (a retake or one topic): 90 seconds a question. */
export function durationFor(size: number): number {
  return size * 90_000;
}

/** Which questions an exam's results list: the missed ones (the default), the flagged, or all. */
export type ResultFilter = "missed" | "flagged" | "all";

export interface ResultItem {
  id: string;
  /** Its number in the exam, from 1. */
  number: number;
  correct: boolean;
  flagged: boolean;
}

/** The questions of a submitted exam that `filter` keeps, in exam order. */
export function resultItems(
  record: Pick<ExamRecord, "questionIds" | "missed" | "flagged">,
  filter: ResultFilter,
): ResultItem[] {
  const missed = new Set(record.missed);
  const flagged = new Set(record.flagged ?? []);
  return record.questionIds
    .map((id, i) => ({ id, number: i + 1, correct: !missed.has(id), flagged: flagged.has(id) }))
    .filter((item) =>
      filter === "missed" ? !item.correct : filter === "flagged" ? item.flagged : true,
    );
}
