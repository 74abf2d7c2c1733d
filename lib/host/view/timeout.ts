/**
 * Resolves as `p` does, or rejects with "timed out after N ms<suffix>" once `ms` pass: the
 * simulator ends a run with a clear time-out, never a hang. The timer is always cleared.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, suffix: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms${suffix}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Something that says when the clock must stop, e.g. while a person answers a prompt. */
export interface PauseSource {
  readonly paused: boolean;
  subscribe(listener: () => void): () => void;
}

/**
 * A one-shot timer whose clock stops while `pause` says so: `onExpire` runs once `ms` of unpaused
 * time have passed. Time a person spends on a consent prompt is theirs, not the view's (BRG-5).
 */
export class PausableTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remaining: number;
  private since = 0;
  private done = false;
  private readonly unsubscribe: () => void;
  /** The ms the clock has stood still so far. */
  pausedMs = 0;
  private pausedAt = 0;

  constructor(
    ms: number,
    private readonly onExpire: () => void,
    private readonly pause: PauseSource,
    private readonly now: () => number = Date.now,
  ) {
    this.remaining = ms;
    this.unsubscribe = pause.subscribe(() => this.follow());
    if (pause.paused) this.pausedAt = now();
    else this.run();
  }

  private run() {
    this.since = this.now();
    this.timer = setTimeout(() => {
      this.done = true;
      this.unsubscribe();
      this.onExpire();
    }, this.remaining);
  }

  private follow() {
    if (this.done) return;
    const running = this.timer !== undefined;
    if (this.pause.paused && running) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.remaining = Math.max(0, this.remaining - (this.now() - this.since));
      this.pausedAt = this.now();
    } else if (!this.pause.paused && !running) {
      this.pausedMs += this.now() - this.pausedAt;
      this.run();
    }
  }

  /** Stops the timer for good; `onExpire` will not run. */
  clear() {
    this.done = true;
    clearTimeout(this.timer);
    this.unsubscribe();
  }
}

/**
 * withTimeout, but the clock stops while `pause` says so: a run waiting on a person's answer is
 * not timed out for it. The message says how long the clock stood still.
 */
export function withPausableTimeout<T>(
  p: Promise<T>,
  ms: number,
  suffix: string,
  pause: PauseSource,
): Promise<T> {
  let timer: PausableTimer | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = new PausableTimer(
        ms,
        () => {
          const paused = timer?.pausedMs
            ? ` (not counting ${Math.round(timer.pausedMs / 1000)} s while a person answered a prompt)`
            : "";
          reject(new Error(`timed out after ${ms} ms${suffix}${paused}`));
        },
        pause,
      );
    }),
  ]).finally(() => timer?.clear());
}
