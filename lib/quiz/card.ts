import * as S from "../shape";

// What the rest of the app needs to know about review cards without loading the FSRS scheduler:
// the saved shape and the "due today" queue. The scheduler itself (ts-fsrs) is in ./review, which
// pages load when the learner answers or rates a question, not with every page.

/**
 * A card as saved in the learner's progress: ts-fsrs's own fields and names, with dates as ISO
 * strings so the value survives JSON. One card per question id.
 */
export const storedCardShape = S.object({
  due: S.isoDateTime,
  // ts-fsrs caps an interval at 36,500 days; a stability far past it is no schedule's.
  stability: S.number({ min: 0, max: 100_000 }),
  difficulty: S.number({ min: 0 }),
  elapsed_days: S.number({ min: 0 }),
  scheduled_days: S.number({ min: 0 }),
  learning_steps: S.count,
  reps: S.count,
  lapses: S.count,
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs `State`). */
  state: S.oneOf([0, 1, 2, 3]),
  last_review: S.optional(S.isoDateTime),
});
export type StoredCard = S.Infer<typeof storedCardShape>;

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
