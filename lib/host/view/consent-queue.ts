import type { Consent } from "../../decide";

/**
 * What a person can answer on one consent prompt for an app-initiated `tools/call` (BRG-5):
 * allow or deny this call; "block": deny it and refuse every further call from this view without a
 * prompt; "close": deny it and every queued call, and close the view.
 */
export type ConsentAnswer = Consent | "block" | "close";

/**
 * When a prompt starts to offer "Block further calls from this view": once the view has asked for
 * this many calls within this many ms. Host policy (BRG-5 lets a host block a view's calls or ask
 * first), not a spec number: a view that asks at will must not be able to keep a person answering.
 */
export const BLOCK_OFFER = { calls: 3, withinMs: 10_000 } as const;

/** How one call's consent was settled. */
export interface ConsentVerdict {
  consent: Consent;
  /**
   * "person": answered on its own prompt; "blocked" / "closed": refused without a prompt, because
   * the person had blocked this view's calls or closed the view.
   */
  by: "person" | "blocked" | "closed";
  /** The person's answer, when `by` is "person". */
  answer?: ConsentAnswer;
}

/** What a prompt shows of the queue; a new object on every change (a snapshot). */
export interface ConsentState {
  /** Calls waiting for an answer, the one on screen included. */
  waiting: number;
  /** A prompt is on screen: the person's time, which must not count against the view. */
  asking: boolean;
  /** The view has asked BLOCK_OFFER.calls times within BLOCK_OFFER.withinMs: offer to block it. */
  offerBlock: boolean;
  /** Further calls are refused without a prompt for the rest of the run. */
  blocked: boolean;
  /** The person closed the view: every call is refused, none is asked. */
  closed: boolean;
}

/** The queue as a prompt sees it: its state, and a way to follow it. */
export interface ConsentQueueView {
  readonly state: ConsentState;
  subscribe(listener: (state: ConsentState) => void): () => void;
}

const INITIAL: ConsentState = {
  waiting: 0,
  asking: false,
  offerBlock: false,
  blocked: false,
  closed: false,
};

/**
 * BRG-5: one view's consent questions. Each is put to the person on its own, only once the
 * previous one is answered, so a second call can never take the place of the first: every request
 * gets exactly one verdict. Once the person blocks the view or closes it, later and queued calls
 * get a refusal at once and no prompt, so a view that queues hundreds of calls cannot hold the
 * person in its prompts. Pure: no DOM, no React; the host and the page both follow `state`.
 */
export class ConsentQueue implements ConsentQueueView {
  private tail: Promise<unknown> = Promise.resolve();
  private arrivals: number[] = [];
  private current: ConsentState = INITIAL;
  private listeners = new Set<(state: ConsentState) => void>();
  private readonly now: () => number;
  private readonly offer: { calls: number; withinMs: number };

  constructor(options: { now?: () => number; offer?: { calls: number; withinMs: number } } = {}) {
    this.now = options.now ?? Date.now;
    this.offer = options.offer ?? BLOCK_OFFER;
  }

  get state(): ConsentState {
    return this.current;
  }

  subscribe(listener: (state: ConsentState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues one call's question. `question` is called when its turn comes (never if the view was
   * blocked or closed by then); a question that fails counts as "deny".
   */
  ask(question: () => Promise<ConsentAnswer>): Promise<ConsentVerdict> {
    const refused = this.refusal();
    if (refused) return Promise.resolve(refused);
    this.arrive();
    const turn = this.tail
      .then(async (): Promise<ConsentVerdict> => {
        const late = this.refusal();
        if (late) return late;
        this.set({ asking: true });
        let answer: ConsentAnswer;
        try {
          answer = await question();
        } catch {
          answer = "deny";
        }
        this.set({ asking: false });
        if (answer === "block") this.block();
        if (answer === "close") this.close();
        return { consent: answer === "allow" ? "allow" : "deny", by: "person", answer };
      })
      .finally(() => this.set({ waiting: this.current.waiting - 1 }));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /** Refuses every queued and later call without a prompt, for the rest of the run. */
  block(): void {
    if (!this.current.blocked) this.set({ blocked: true });
  }

  /** The view is gone: every queued and later call is refused, none is asked. */
  close(): void {
    if (!this.current.closed) this.set({ closed: true });
  }

  private refusal(): ConsentVerdict | undefined {
    if (this.current.closed) return { consent: "deny", by: "closed" };
    if (this.current.blocked) return { consent: "deny", by: "blocked" };
    return undefined;
  }

  private arrive() {
    const at = this.now();
    this.arrivals = this.arrivals.filter((t) => at - t < this.offer.withinMs);
    this.arrivals.push(at);
    // Once offered, offered for the rest of the run: the view has shown it asks at will.
    const offerBlock = this.current.offerBlock || this.arrivals.length >= this.offer.calls;
    this.set({ waiting: this.current.waiting + 1, offerBlock });
  }

  private set(change: Partial<ConsentState>) {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener(this.current);
  }
}

/** One consent prompt: the call, and the queue it waits in (how many wait, whether to offer Block). */
export interface ConsentRequest {
  tool: string;
  arguments: Record<string, unknown>;
  queue: ConsentQueueView;
  /**
   * Aborted when the view withdraws the call (`notifications/cancelled`) while it waits: the
   * prompt closes and says so, and the call is not sent (issue #37).
   */
  withdrawn?: AbortSignal;
}
