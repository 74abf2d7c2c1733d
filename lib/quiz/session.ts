import { z } from "zod";
import type { Response } from "../content/quiz-grading";
import type { ExamScore } from "./scoring";

const isoDate = z.iso.datetime();

/** A learner's response as saved mid-exam; mirrors `Response` in quiz-grading. */
export const responseSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("single"), choice: z.string() }),
  z.strictObject({ type: z.literal("multi"), choices: z.array(z.string()).readonly() }),
  z.strictObject({ type: z.literal("true-false"), value: z.boolean() }),
  z.strictObject({ type: z.literal("order"), order: z.array(z.string()).readonly() }),
  z.strictObject({ type: z.literal("fill-in"), text: z.string() }),
]) satisfies z.ZodType<Response>;

/**
 * An exam in progress. It is saved with the rest of the progress, so a reload (or a closed tab)
 * resumes it with the same questions, answers, flags and deadline.
 */
export const examSessionSchema = z.strictObject({
  id: z.string().min(1),
  seed: z.string(),
  questionIds: z.array(z.string()).min(1),
  startedAt: isoDate,
  durationMs: z.number().int().positive(),
  passMark: z.number().min(0).max(1),
  responses: z.record(z.string(), responseSchema),
  flagged: z.array(z.string()),
  /** Index of the question on screen. */
  current: z.number().int().nonnegative(),
  /** True on the review screen that comes before submitting. */
  reviewing: z.boolean(),
});
export type ExamSession = z.infer<typeof examSessionSchema>;

const topicScoreSchema = z.strictObject({
  topic: z.string(),
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/** A submitted exam, kept in the history with its answers so its results can be shown again. */
export const examRecordSchema = z.strictObject({
  id: z.string().min(1),
  seed: z.string(),
  questionIds: z.array(z.string()),
  startedAt: isoDate,
  submittedAt: isoDate,
  durationMs: z.number().int().positive(),
  /** Submitted by the countdown reaching zero rather than by the learner. */
  autoSubmitted: z.boolean(),
  responses: z.record(z.string(), responseSchema),
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  passMark: z.number().min(0).max(1),
  passed: z.boolean(),
  /** Weakest first, as scored when submitted. */
  byTopic: z.array(topicScoreSchema),
  missed: z.array(z.string()),
});
export type ExamRecord = z.infer<typeof examRecordSchema>;

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
  };
}
