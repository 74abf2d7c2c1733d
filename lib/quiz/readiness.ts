import type { DrillResult, QuestionStats } from "./records";
import type { StoredCard } from "./card";
import type { Drawable } from "./exam";

// Readiness: how ready a learner is, per topic and for the exam, as a figure they can check
// against their own numbers. Two halves, multiplied:
//   recall   — FSRS's estimate, now, of the chance the learner recalls each reviewed card of the
//              topic (the topic's question cards and the drill cards of its rules), averaged;
//   accuracy — the share right of their last RECENT_ANSWERS answers in the topic (the last try at
//              each bank question, and each drilled item on the topic or resting on one of its
//              rules), newest first.
// readiness = recall % × right / answered, rounded, and never more than the share of the topic
// seen (bank questions answered and items drilled, out of the topic's bank questions): recall and
// accuracy measure only what was answered, so one right answer must not read as a topic mastered
// (issue 36: "100 %" after one drilled item, beside "0 of 43" in Mastery by topic). The sentence
// shows every number, so the figure can be worked out by hand. Pure: the caller passes FSRS's
// retrievability in, so pages load the scheduler only when they show the figure.

/** How many of the latest answers in a topic make its "recent accuracy". */
export const RECENT_ANSWERS = 10;

export interface ReadinessSources {
  /** The bank's questions (id and topic); answers to anything else are not counted. */
  questions: readonly Drawable[];
  answers: Readonly<Record<string, QuestionStats>>;
  /** Question id → review card. */
  cards: Readonly<Record<string, StoredCard>>;
  /** Rule ID → drill card. */
  ruleCards?: Readonly<Record<string, StoredCard>>;
  drillResults?: Readonly<Record<string, DrillResult>>;
}

/** FSRS retrievability of a card at a moment, 0–1 (lib/quiz/review's `retrievability`). */
export type Recall = (card: StoredCard, now: Date) => number;

export interface TopicReadiness {
  topic: string;
  /** Of the last RECENT_ANSWERS answers in the topic: how many, and how many right. */
  answered: number;
  right: number;
  /** Reviewed cards counted in recall, and how many of them are due now. */
  cards: number;
  due: number;
  /** Average recall in whole percent; null without a reviewed card. */
  recall: number | null;
  /** Bank questions answered plus items drilled in the topic, and its bank questions. */
  seen: number;
  size: number;
  /** Whole percent; null when the topic is not started (no answer and no reviewed card). */
  readiness: number | null;
  /** How the figure was reached, with the learner's own numbers. */
  sentence: string;
}

/** The group of a rule ID ("CSP-3" → "CSP"), which is its topic. */
const ruleTopic = (rule: string) => rule.slice(0, rule.lastIndexOf("-"));

const pct = (x: number) => Math.round(x * 100);

/** Readiness per topic, in the order of `topics` (see the top of this file). */
export function topicReadiness(
  topics: readonly string[],
  sources: ReadinessSources,
  recall: Recall,
  now: Date,
): TopicReadiness[] {
  const topicOf = new Map(sources.questions.map((q) => [q.id, q.topic]));
  const recent = new Map<string, { at: string; correct: boolean }[]>(topics.map((t) => [t, []]));
  for (const [id, a] of Object.entries(sources.answers)) {
    recent.get(topicOf.get(id) ?? "")?.push({ at: a.lastAnsweredAt, correct: a.lastCorrect });
  }
  // A drilled item counts in its own topic and in the topic of every rule it rests on, as its
  // rules' cards do: otherwise a topic whose rule was drilled inside another topic's item would
  // have recall and no accuracy, and read as ready on recall alone.
  for (const r of Object.values(sources.drillResults ?? {}))
    for (const t of new Set([r.topic, ...r.rules.map(ruleTopic)])) recent.get(t)?.push(r);

  // Coverage: distinct bank questions answered, plus the items drilled, counted in the topics they
  // count in for accuracy; out of the topic's bank questions. A drill page item is new each time;
  // an exam's generated item keeps its id, and one answered again in a retake counts once.
  const seen = new Map<string, number>(topics.map((t) => [t, 0]));
  const size = new Map<string, number>(topics.map((t) => [t, 0]));
  for (const q of sources.questions)
    if (size.has(q.topic)) size.set(q.topic, size.get(q.topic)! + 1);
  for (const id of Object.keys(sources.answers)) {
    const t = topicOf.get(id);
    if (t !== undefined && seen.has(t)) seen.set(t, seen.get(t)! + 1);
  }
  const counted = new Set<string>();
  for (const r of Object.values(sources.drillResults ?? {})) {
    if (r.item !== undefined) {
      if (counted.has(r.item)) continue;
      counted.add(r.item);
    }
    for (const t of new Set([r.topic, ...r.rules.map(ruleTopic)]))
      if (seen.has(t)) seen.set(t, seen.get(t)! + 1);
  }

  const reviewed = new Map<string, StoredCard[]>(topics.map((t) => [t, []]));
  // A card never rated (state 0: a queued question brought in at once) has no recall to estimate.
  for (const [id, c] of Object.entries(sources.cards))
    if (c.state !== 0) reviewed.get(topicOf.get(id) ?? "")?.push(c);
  for (const [rule, c] of Object.entries(sources.ruleCards ?? {}))
    if (c.state !== 0) reviewed.get(ruleTopic(rule))?.push(c);

  return topics.map((topic) => {
    const last = recent
      .get(topic)!
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, RECENT_ANSWERS);
    const answered = last.length;
    const right = last.filter((a) => a.correct).length;
    const cards = reviewed.get(topic)!;
    const due = cards.filter((c) => Date.parse(c.due) <= now.getTime()).length;
    const recallPct = cards.length
      ? pct(cards.reduce((sum, c) => sum + recall(c, now), 0) / cards.length)
      : null;
    const n = seen.get(topic)!;
    const m = size.get(topic)!;
    const base = {
      topic,
      answered,
      right,
      cards: cards.length,
      due,
      recall: recallPct,
      seen: n,
      size: m,
    };
    // Floored, so the figure is at most seen ÷ size (a topic without bank questions has no cap).
    const cap = m ? Math.floor((100 * Math.min(n, m)) / m) : 100;
    const seenWords = `${n} item${n === 1 ? "" : "s"} seen (bank questions answered and items drilled) against its ${m} question${m === 1 ? "" : "s"}`;
    /** The figure, capped by coverage, with its sentence. */
    const capped = (figure: number, how: string) =>
      figure > cap
        ? {
            ...base,
            readiness: cap,
            sentence: `${cap} % = how much of this topic you have seen, ${seenWords}, which caps ${how}.`,
          }
        : {
            ...base,
            readiness: figure,
            sentence: `${how}; ${seenWords}.`,
          };
    const cardWords = `${cards.length} reviewed card${cards.length === 1 ? "" : "s"}${due ? `, ${due} due now` : ""}`;
    const accuracyWords = `${right} of your ${answered < RECENT_ANSWERS ? "" : "last "}${answered} answer${answered === 1 ? "" : "s"} here right`;
    if (!answered && recallPct === null) {
      return {
        ...base,
        readiness: null,
        sentence: "Not started: no answer and no reviewed card in this topic yet.",
      };
    }
    if (recallPct === null) {
      const figure = Math.round((100 * right) / answered);
      return capped(
        figure,
        `${figure} % = your accuracy alone (${accuracyWords}); no card here has been reviewed yet`,
      );
    }
    if (!answered) {
      return capped(
        recallPct,
        `${recallPct} % = your recall alone (FSRS's average chance you recall the ${cardWords}); no recent answer here`,
      );
    }
    const figure = Math.round((recallPct * right) / answered);
    return capped(
      figure,
      `${figure} % = recall ${recallPct} % (FSRS's average chance you recall the ${cardWords}) × accuracy ${right}/${answered} (${accuracyWords})`,
    );
  });
}

/**
 * Readiness for the exam, which draws evenly from every topic: the average of the topics'
 * figures, a topic not started counting 0.
 */
export function examReadiness(topics: readonly TopicReadiness[]): {
  readiness: number;
  sentence: string;
} {
  const sum = topics.reduce((s, t) => s + (t.readiness ?? 0), 0);
  const readiness = topics.length ? Math.round(sum / topics.length) : 0;
  const notStarted = topics.filter((t) => t.readiness === null).length;
  return {
    readiness,
    sentence: `${readiness} % = the average of the ${topics.length} topics' readiness (${sum} / ${topics.length})${
      notStarted ? `, the ${notStarted} not started counting 0` : ""
    }: the exam draws evenly from every topic.`,
  };
}

export interface DrillSuggestion {
  topic: string;
  /** A rule to drill within the topic, when one stands out. */
  rule?: string;
  reason: string;
}

/**
 * What to drill next, among the topics a drill can generate items for: a drilled rule due again
 * now (the earliest due), else the drill topic with the lowest readiness (one not started counts
 * 0, and comes first on a tie), with its earliest-due drilled rule if it has one.
 */
export function drillNext(
  readiness: readonly TopicReadiness[],
  drillTopics: readonly string[],
  ruleCards: Readonly<Record<string, StoredCard>>,
  now: Date,
): DrillSuggestion | null {
  const drilled = Object.entries(ruleCards)
    .filter(([rule]) => drillTopics.includes(ruleTopic(rule)))
    .sort(([a, x], [b, y]) => Date.parse(x.due) - Date.parse(y.due) || (a < b ? -1 : 1));
  const dueNow = drilled.find(([, c]) => Date.parse(c.due) <= now.getTime());
  if (dueNow) {
    const [rule] = dueNow;
    return {
      topic: ruleTopic(rule),
      rule,
      reason: `${rule} is due again now: the scheduler brings it back before you forget it.`,
    };
  }
  const candidates = readiness
    .filter((t) => drillTopics.includes(t.topic))
    .map((t, i) => ({ t, i }))
    .sort(
      (a, b) =>
        (a.t.readiness ?? 0) - (b.t.readiness ?? 0) ||
        Number(a.t.readiness !== null) - Number(b.t.readiness !== null) ||
        a.i - b.i,
    );
  const pick = candidates[0]?.t;
  if (!pick) return null;
  const rule = drilled.find(([r]) => ruleTopic(r) === pick.topic)?.[0];
  return {
    topic: pick.topic,
    ...(rule ? { rule } : {}),
    reason:
      pick.readiness === null
        ? "Not started yet, and a topic not started counts 0 towards the exam."
        : `The lowest readiness of the drill topics (${pick.readiness} %)${rule ? `; ${rule} is its rule due soonest` : ""}.`,
  };
}

export interface RuleMastery {
  rule: string;
  /** Drilled items resting on the rule, and how many were right. */
  attempts: number;
  right: number;
  /** Of its last RECENT_ANSWERS drilled items: how many, and how many right. */
  recentAnswered: number;
  recentRight: number;
  /** When its drill card is due again (absent without a card). */
  due?: string;
}

/**
 * Mastery per rule from drill results: every rule a drilled item rested on, weakest first (the
 * lowest recent share right, then the fewest drills, then by ID).
 */
export function ruleMastery(
  drillResults: Readonly<Record<string, DrillResult>>,
  ruleCards: Readonly<Record<string, StoredCard>>,
): RuleMastery[] {
  const byRule = new Map<string, DrillResult[]>();
  for (const r of Object.values(drillResults))
    for (const rule of new Set(r.rules)) byRule.set(rule, [...(byRule.get(rule) ?? []), r]);
  for (const rule of Object.keys(ruleCards)) if (!byRule.has(rule)) byRule.set(rule, []);
  const share = (m: RuleMastery) => (m.recentAnswered ? m.recentRight / m.recentAnswered : 0);
  return [...byRule]
    .map(([rule, results]) => {
      const last = [...results]
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
        .slice(0, RECENT_ANSWERS);
      const card = ruleCards[rule];
      return {
        rule,
        attempts: results.length,
        right: results.filter((r) => r.correct).length,
        recentAnswered: last.length,
        recentRight: last.filter((r) => r.correct).length,
        ...(card ? { due: card.due } : {}),
      };
    })
    .sort(
      (a, b) =>
        share(a) - share(b) ||
        a.attempts - b.attempts ||
        a.rule.localeCompare(b.rule, "en", { numeric: true }),
    );
}

/** The rules whose newest drill result is a miss. */
export function lastMissedRules(drillResults: Readonly<Record<string, DrillResult>>): Set<string> {
  const newest = new Map<string, DrillResult>();
  for (const r of Object.values(drillResults))
    for (const rule of r.rules) {
      const seen = newest.get(rule);
      if (!seen || r.at >= seen.at) newest.set(rule, r);
    }
  return new Set([...newest].filter(([, r]) => !r.correct).map(([rule]) => rule));
}
