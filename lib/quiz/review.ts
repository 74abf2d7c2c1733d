import { createEmptyCard, fsrs, Rating, type Card, type Grade } from "ts-fsrs";
import { formatInterval, type StoredCard } from "./card";

/**
 * Spaced review with FSRS (ts-fsrs, default parameters): learning steps of 1 and 10 minutes, then
 * intervals in days. Fuzz is off, so the same history always gives the same schedule and the
 * intervals shown on the rating buttons are the ones a rating really sets.
 */
const scheduler = fsrs({ enable_fuzz: false });

/** The four ratings, in button order, with the names FSRS gives them. */
export const GRADES = [
  { grade: Rating.Again, label: "Again" },
  { grade: Rating.Hard, label: "Hard" },
  { grade: Rating.Good, label: "Good" },
  { grade: Rating.Easy, label: "Easy" },
] as const satisfies readonly { grade: Grade; label: string }[];
export { Rating, type Grade };

function toStored(card: Card): StoredCard {
  const stored: StoredCard = {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as StoredCard["state"],
  };
  if (card.last_review) stored.last_review = card.last_review.toISOString();
  return stored;
}

/** A card never reviewed, due at `now`. */
export function newCard(now: Date): StoredCard {
  return toStored(createEmptyCard(now));
}

/** The card after the learner rates it `grade` at `now`. */
export function rateCard(card: StoredCard, grade: Grade, now: Date): StoredCard {
  return toStored(scheduler.next(card, now, grade).card);
}

/**
 * The card a question gets when it is first answered (in practice, a lesson self-check or an
 * exam): rated Good when the answer was right and Again when it was wrong, so a miss comes back
 * within minutes and a hit after the learning step.
 */
export function firstCard(correct: boolean, now: Date): StoredCard {
  return rateCard(newCard(now), correct ? Rating.Good : Rating.Again, now);
}

export interface RatingPreview {
  grade: Grade;
  label: string;
  /** When the card would next be due. */
  due: string;
  /** That delay in words, e.g. "10 min" or "3 days". */
  interval: string;
}

/** What each rating would do to `card` now: shown on the rating buttons before the learner picks. */
export function previewRatings(card: StoredCard, now: Date): RatingPreview[] {
  const preview = scheduler.repeat(card, now);
  return GRADES.map(({ grade, label }) => {
    const due = preview[grade].card.due;
    return {
      grade,
      label,
      due: due.toISOString(),
      interval: formatInterval(due.getTime() - now.getTime()),
    };
  });
}

/**
 * FSRS's estimate of the chance the learner recalls `card` at `now`, 0–1 (0 for a card never
 * rated). ts-fsrs counts the time since the last review in whole days, so it is 1 on the day of a
 * review.
 */
export function retrievability(card: StoredCard, now: Date): number {
  return scheduler.get_retrievability(card, now, false);
}

/**
 * The rules a learner knows least, weakest first: rules missed on their last drill (`lastMissed`,
 * see lib/quiz/readiness's lastMissedRules) before the others, since a graduated rule missed now
 * goes to FSRS's 10-minute relearning step and would otherwise trail a hit from a few minutes
 * earlier; then their drill cards in the order the scheduler would bring them back (earliest due first: a rule missed a minute ago, due again in a minute,
 * comes before one answered right, due in ten), then by FSRS retrievability now (the estimated
 * chance of recalling the rule today), lapses and id. Within a session every card is still
 * close to 1 in retrievability, so the schedule, not that figure, tells a miss from a hit.
 * Rules never drilled are left out: there is nothing to say about them yet.
 */
export function weakestRules(
  ruleCards: Readonly<Record<string, StoredCard>>,
  now: Date,
  limit = 5,
  lastMissed: ReadonlySet<string> = new Set(),
): { rule: string; due: string; retrievability: number; lapses: number }[] {
  const missed = (rule: string) => (lastMissed.has(rule) ? 0 : 1);
  return Object.entries(ruleCards)
    .map(([rule, card]) => ({
      rule,
      due: card.due,
      retrievability: scheduler.get_retrievability(card, now, false),
      lapses: card.lapses,
    }))
    .sort(
      (a, b) =>
        missed(a.rule) - missed(b.rule) ||
        Date.parse(a.due) - Date.parse(b.due) ||
        a.retrievability - b.retrievability ||
        b.lapses - a.lapses ||
        a.rule.localeCompare(b.rule),
    )
    .slice(0, limit);
}
