import { isCorrect, type Response } from "../content/quiz-grading";
import type { Question } from "../content/quiz-schema";
import { PASS_MARK } from "./exam";

export interface TopicScore {
  topic: string;
  correct: number;
  total: number;
}

export interface ExamScore {
  correct: number;
  total: number;
  /** correct / total, 0 for an empty exam. */
  ratio: number;
  passMark: number;
  passed: boolean;
  /** Weakest topic first (lowest ratio; on a tie, the topic with more questions; then by name). */
  byTopic: TopicScore[];
  /** Ids answered wrong or not at all, in exam order. */
  missed: string[];
  unanswered: string[];
}

/** The share of a topic answered right; 0 for a topic with no questions. */
export function topicRatio(t: TopicScore): number {
  return t.total === 0 ? 0 : t.correct / t.total;
}

/** Weakest first: see ExamScore.byTopic. */
export function sortWeakestFirst<T extends TopicScore>(topics: readonly T[]): T[] {
  return [...topics].sort(
    (a, b) => topicRatio(a) - topicRatio(b) || b.total - a.total || (a.topic < b.topic ? -1 : 1),
  );
}

/**
 * Scores a submitted exam. An unanswered question counts as wrong; it passes when the share of
 * right answers reaches `passMark` (70 % by default), inclusive.
 */
export function scoreExam(
  questions: readonly Question[],
  responses: Readonly<Record<string, Response>>,
  passMark: number = PASS_MARK,
): ExamScore {
  const topics = new Map<string, TopicScore>();
  const missed: string[] = [];
  const unanswered: string[] = [];
  let correct = 0;
  for (const q of questions) {
    const t = topics.get(q.topic) ?? { topic: q.topic, correct: 0, total: 0 };
    topics.set(q.topic, t);
    t.total++;
    const response = responses[q.id];
    if (!response) unanswered.push(q.id);
    if (response && isCorrect(q, response)) {
      t.correct++;
      correct++;
    } else {
      missed.push(q.id);
    }
  }
  const total = questions.length;
  const ratio = total === 0 ? 0 : correct / total;
  return {
    correct,
    total,
    ratio,
    passMark,
    passed: total > 0 && ratio >= passMark,
    byTopic: sortWeakestFirst([...topics.values()]),
    missed,
    unanswered,
  };
}

/**
 * A ratio as a percentage with at most one decimal (35 of 40 is 87.5, not 87), rounded down so a
 * near miss such as 69.96 % never reads as a pass mark of 70 %.
 */
export function percent(ratio: number): number {
  return Math.floor(ratio * 1000 + 1e-6) / 10;
}
