import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConsentQueue } from "./consent-queue";
import { withPausableTimeout } from "./timeout";

/** The queue's "a prompt is on screen" as a pause source, as runInBrowser uses it. */
const promptOpen = (q: ConsentQueue) => ({
  get paused() {
    return q.state.asking;
  },
  subscribe: (l: () => void) => q.subscribe(l),
});

describe("withPausableTimeout", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("does not count the time a consent prompt is open against the view", async () => {
    const q = new ConsentQueue();
    let answer!: (a: "allow") => void;
    let settle!: () => void;
    const view = new Promise<void>((r) => (settle = r));
    const run = withPausableTimeout(view, 4000, " waiting for the view", promptOpen(q));
    let outcome = "pending";
    run.then(
      () => (outcome = "settled"),
      (e: Error) => (outcome = e.message),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const call = q.ask(() => new Promise((r) => (answer = r)));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome).toBe("pending");
    answer("allow");
    await call;
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome).toBe("pending");
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBe("settled");
  });

  it("still times out a view that never settles, counting only its own time", async () => {
    const q = new ConsentQueue();
    let answer!: (a: "deny") => void;
    const run = withPausableTimeout(
      new Promise(() => {}),
      4000,
      " waiting for the view",
      promptOpen(q),
    );
    let outcome = "pending";
    run.catch((e: Error) => (outcome = e.message));
    await vi.advanceTimersByTimeAsync(3000);
    const call = q.ask(() => new Promise((r) => (answer = r)));
    await vi.advanceTimersByTimeAsync(10_000);
    answer("deny");
    await call;
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(
      "timed out after 4000 ms waiting for the view (not counting 10 s while a person answered a prompt)",
    );
  });
});
