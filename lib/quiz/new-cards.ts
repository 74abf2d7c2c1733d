/**
 * A daily limit on new review cards, as Anki has one: a question answered for the first time
 * becomes a card only while fewer than NEW_CARDS_PER_DAY cards have been introduced on the
 * learner's calendar day. The rest wait in a queue, oldest first, and are introduced on later days
 * within the same limit. Without it one 40-question exam turns into 40 cards due the same day.
 *
 * Pure: the store keeps the two maps (`introduced`, `queued`) and asks this module what to do.
 */

/** New review cards introduced per calendar day, at most (Anki's default is also 20). */
export const NEW_CARDS_PER_DAY = 20;

/** The learner's local calendar day of `at`, as YYYY-MM-DD. */
function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** How many cards were introduced on `now`'s local day. */
function introducedToday(introduced: Readonly<Record<string, string>>, now: Date): number {
  const today = localDay(now);
  return Object.values(introduced).filter((at) => localDay(new Date(at)) === today).length;
}

export interface NewCardPlan {
  /** Queued question ids (from earlier answers) that become cards now, oldest first. */
  fromQueue: string[];
  /** Newly answered question ids that become cards now, in answer order. */
  fresh: string[];
  /** Newly answered question ids that join the queue. */
  toQueue: string[];
}

/**
 * Which questions become cards now and which wait. The queue goes first (it was answered earlier),
 * then this batch in the order it was answered, until today's allowance is spent. Ids that already
 * have a card, or appear twice, are left out; an id already queued stays queued where it is.
 */
export function planNewCards(
  state: {
    cards: Readonly<Record<string, unknown>>;
    introduced: Readonly<Record<string, string>>;
    queued: Readonly<Record<string, string>>;
  },
  answered: readonly string[],
  now: Date,
  limit: number = NEW_CARDS_PER_DAY,
): NewCardPlan {
  let room = Math.max(0, limit - introducedToday(state.introduced, now));
  const take = () => {
    if (room === 0) return false;
    room--;
    return true;
  };
  const fromQueue: string[] = [];
  for (const id of queueOrder(state.queued)) {
    if (state.cards[id]) continue;
    if (!take()) break;
    fromQueue.push(id);
  }
  const fresh: string[] = [];
  const toQueue: string[] = [];
  const seen = new Set<string>();
  for (const id of answered) {
    if (seen.has(id) || state.cards[id] || Object.hasOwn(state.queued, id)) continue;
    seen.add(id);
    if (take()) fresh.push(id);
    else toQueue.push(id);
  }
  return { fromQueue, fresh, toQueue };
}

/** The queue's ids, oldest first (ties by id, so every tab agrees). */
function queueOrder(queued: Readonly<Record<string, string>>): string[] {
  return Object.entries(queued)
    .sort(([a, ta], [b, tb]) => Date.parse(ta) - Date.parse(tb) || (a < b ? -1 : 1))
    .map(([id]) => id);
}
