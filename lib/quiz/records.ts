import { responseShape } from "./session";
import * as S from "../shape";

// What practice leaves behind in the learner's progress: one record per answered question and one
// per drilled item. The quiz logic (mastery, readiness) reads them; the store saves them.

export const questionStatsShape = S.refine(
  S.object({
    attempts: S.handCount,
    correct: S.handCount,
    lastAnsweredAt: S.isoDateTime,
    lastCorrect: S.boolean,
    /**
     * The last response, so a revisited question shows the answer given rather than a new attempt
     * (absent for answers saved before it was kept, and for the simulator's predictions).
     */
    lastResponse: S.optional(responseShape),
    /** The seed the options were shown in for that response (see lib/quiz/presentation). */
    seed: S.optional(S.string()),
  }),
  (stats) => stats.correct <= stats.attempts,
  (stats) => `correct (${stats.correct}) cannot exceed attempts (${stats.attempts})`,
);
export type QuestionStats = S.Infer<typeof questionStatsShape>;

/** One drilled item's result: its topic, the rules it rests on, and whether it was right. */
export const drillResultShape = S.object({
  at: S.isoDateTime,
  topic: S.string({ min: 1 }),
  rules: S.array(S.string({ min: 1 }), { min: 1 }),
  correct: S.boolean,
  /**
   * The generated item's id, for one answered in an exam: a retake answers the same item again,
   * which readiness must not count as another item seen. Absent for the drill page's items (each
   * a new one) and for results saved before it was kept.
   */
  item: S.optional(S.string({ min: 1 })),
});
export type DrillResult = S.Infer<typeof drillResultShape>;

/**
 * One answer to an item drilled on a real host (issue 33): kept apart from `DrillResult`, so that
 * it never counts towards an exam topic, a rule's card or the exam's readiness.
 */
export const hostDrillResultShape = S.object({
  at: S.isoDateTime,
  /** The host profile's id (content/host-profiles/<id>.json). */
  host: S.string({ min: 1 }),
  rules: S.array(S.string({ min: 1 }), { min: 1 }),
  correct: S.boolean,
});
export type HostDrillResult = S.Infer<typeof hostDrillResultShape>;
