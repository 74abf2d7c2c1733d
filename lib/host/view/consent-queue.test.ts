import { describe, expect, it } from "vitest";
import { BLOCK_OFFER, ConsentQueue, type ConsentAnswer, type ConsentState } from "./consent-queue";

/** A question the test answers by hand, and a record of which questions were put. */
function person() {
  const asked: { n: number; answer: (a: ConsentAnswer) => void }[] = [];
  let n = 0;
  const question = () => {
    const mine = ++n;
    return () => new Promise<ConsentAnswer>((resolve) => asked.push({ n: mine, answer: resolve }));
  };
  return { asked, question };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("ConsentQueue (BRG-5)", () => {
  it("puts one question at a time, in order, and gives each call exactly one verdict", async () => {
    const q = new ConsentQueue();
    const p = person();
    const first = q.ask(p.question());
    const second = q.ask(p.question());
    await tick();
    expect(p.asked.map((a) => a.n)).toEqual([1]);
    expect(q.state).toMatchObject({ waiting: 2, asking: true });
    p.asked[0]!.answer("allow");
    await expect(first).resolves.toEqual({ consent: "allow", by: "person", answer: "allow" });
    await tick();
    expect(p.asked.map((a) => a.n)).toEqual([1, 2]);
    p.asked[1]!.answer("deny");
    await expect(second).resolves.toEqual({ consent: "deny", by: "person", answer: "deny" });
    expect(q.state).toMatchObject({ waiting: 0, asking: false });
  });

  it("a question that fails counts as deny, and the next one is still asked", async () => {
    const q = new ConsentQueue();
    const first = q.ask(() => Promise.reject(new Error("the page went away")));
    const second = q.ask(async () => "allow");
    await expect(first).resolves.toMatchObject({ consent: "deny", by: "person" });
    await expect(second).resolves.toMatchObject({ consent: "allow", by: "person" });
  });

  it("'close' denies this call and every queued call without asking, and refuses later ones", async () => {
    const q = new ConsentQueue();
    const p = person();
    const calls = Array.from({ length: 300 }, () => q.ask(p.question()));
    await tick();
    p.asked[0]!.answer("close");
    const verdicts = await Promise.all(calls);
    expect(verdicts[0]).toEqual({ consent: "deny", by: "person", answer: "close" });
    expect(verdicts.slice(1).every((v) => v.consent === "deny" && v.by === "closed")).toBe(true);
    // Only the first question was ever put to the person.
    expect(p.asked).toHaveLength(1);
    await expect(q.ask(p.question())).resolves.toEqual({ consent: "deny", by: "closed" });
    expect(p.asked).toHaveLength(1);
    expect(q.state).toMatchObject({ waiting: 0, asking: false, closed: true });
  });

  it("'block' refuses queued and later calls without a prompt, for the rest of the run", async () => {
    const q = new ConsentQueue();
    const p = person();
    const first = q.ask(p.question());
    const queued = q.ask(p.question());
    await tick();
    p.asked[0]!.answer("block");
    await expect(first).resolves.toEqual({ consent: "deny", by: "person", answer: "block" });
    await expect(queued).resolves.toEqual({ consent: "deny", by: "blocked" });
    await expect(q.ask(p.question())).resolves.toEqual({ consent: "deny", by: "blocked" });
    expect(p.asked).toHaveLength(1);
    expect(q.state.blocked).toBe(true);
  });

  it(`offers to block once the view asks ${BLOCK_OFFER.calls} times within ${BLOCK_OFFER.withinMs / 1000} s, not before`, async () => {
    let now = 0;
    const q = new ConsentQueue({ now: () => now });
    const seen: ConsentState[] = [];
    q.subscribe((s) => seen.push(s));
    // Two calls, then a third 10 s after the first: never 3 within 10 s.
    void q.ask(async () => "allow");
    now = 5_000;
    void q.ask(async () => "allow");
    now = 10_000;
    void q.ask(async () => "allow");
    await tick();
    expect(q.state.offerBlock).toBe(false);
    expect(seen.some((s) => s.offerBlock)).toBe(false);
    // A fourth at 10.5 s: three (5 s, 10 s, 10.5 s) within 10 s.
    now = 10_500;
    void q.ask(async () => "allow");
    expect(q.state.offerBlock).toBe(true);
    // Once offered, it stays offered for the run, however slowly the view asks afterwards.
    now = 60_000;
    void q.ask(async () => "allow");
    await tick();
    expect(q.state.offerBlock).toBe(true);
  });

  it("says when a prompt is on screen, so a host can stop the view's clock meanwhile", async () => {
    const q = new ConsentQueue();
    const p = person();
    const asking: boolean[] = [];
    q.subscribe((s) => {
      if (asking.at(-1) !== s.asking) asking.push(s.asking);
    });
    const call = q.ask(p.question());
    await tick();
    expect(q.state.asking).toBe(true);
    p.asked[0]!.answer("allow");
    await call;
    expect(asking).toEqual([false, true, false]);
  });
});
