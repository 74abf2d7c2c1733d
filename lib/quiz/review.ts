import { createEmptyCard, fsrs, Rating, type Card, type Grade } from "ts-fsrs";
import { z } from "zod";

/**
 * Spaced review with FSRS (ts-fsrs, default parameters): learning steps of 1 and 10 minutes, then
 * intervals in days. Fuzz is off, so the same history always gives the same schedule and the
 * intervals shown on the rating buttons are the ones a rating really sets.
 */
const scheduler = fsrs({ enable_fuzz: false });

/**
 * A card as saved in the learner's progress: ts-fsrs's own fields and names, with dates as ISO
 * strings so the value survives JSON. One card per question id.
 */
export const storedCardSchema = z.strictObject({
  due: z.iso.datetime(),
  stability: z.number().nonnegative(),
  difficulty: z.number().nonnegative(),
  elapsed_days: z.number().nonnegative(),
  scheduled_days: z.number().nonnegative(),
  learning_steps: z.number().int().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs `State`). */
  state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  last_review: z.iso.datetime().optional(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A delay in the largest whole unit that fits: "1 min", "6 min", "2 h", "1 day", "3 mo", "2 yr". */
export function formatInterval(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  if (days < 31) return plural(days, "day");
  if (days < 365) return `${Math.round(days / 30)} mo`;
  return `${Math.round((days / 365) * 10) / 10} yr`;
}

/** The last millisecond of `now`'s local calendar day. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

export interface DueCard {
  id: string;
  due: string;
  /** Due already (not just later today). */
  overdue: boolean;
}

/**
 * The "due today" queue: every card due before the end of the learner's day, earliest first
 * (ties by id). Cards due later today may be reviewed early; FSRS accounts for the shorter gap.
 */
export function dueToday(cards: Readonly<Record<string, StoredCard>>, now: Date): DueCard[] {
  const limit = endOfDay(now).getTime();
  return Object.entries(cards)
    .filter(([, c]) => Date.parse(c.due) <= limit)
    .map(([id, c]) => ({ id, due: c.due, overdue: Date.parse(c.due) <= now.getTime() }))
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || (a.id < b.id ? -1 : 1));
}
