import type { QuestionStats } from "./records";
import type { Drawable } from "./exam";

export interface TopicMastery {
  topic: string;
  /** Questions in the bank for this topic. */
  total: number;
  /** Of those, answered at least once. */
  answered: number;
  /** Of those, answered right on the last try. */
  right: number;
}

/**
 * Mastery per topic: how many of a topic's questions the learner got right on their last try,
 * out of all the topic's questions (so unanswered ones count against it). Topics keep the order
 * of `topics`.
 */
export function topicMastery(
  topics: readonly string[],
  questions: readonly Drawable[],
  answers: Readonly<Record<string, QuestionStats>>,
): TopicMastery[] {
  const byTopic = new Map(
    topics.map((topic) => [topic, { topic, total: 0, answered: 0, right: 0 }]),
  );
  for (const q of questions) {
    const m = byTopic.get(q.topic);
    if (!m) continue;
    m.total++;
    const a = answers[q.id];
    if (a) {
      m.answered++;
      if (a.lastCorrect) m.right++;
    }
  }
  return [...byTopic.values()];
}
