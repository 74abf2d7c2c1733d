import { describe, expect, it } from "vitest";
import { firstCard, Rating, rateCard, weakestRules } from "./review";

describe("weakestRules", () => {
  const t0 = new Date("2026-06-01T12:00:00Z");
  const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);

  it("puts a missed rule before rules recalled, and a rule recalled often last", () => {
    const missed = firstCard(false, t0);
    const once = firstCard(true, t0);
    let often = firstCard(true, t0);
    for (const d of [1, 4, 12]) often = rateCard(often, Rating.Good, later(d));
    const ranked = weakestRules({ "CSP-2": often, "SBX-5": missed, "NEG-1": once }, later(13));
    expect(ranked.map((r) => r.rule)).toEqual(["SBX-5", "NEG-1", "CSP-2"]);
    // Each figure is a probability, lower for the weaker rule.
    for (const r of ranked) expect(r.retrievability).toBeGreaterThanOrEqual(0);
    for (const r of ranked) expect(r.retrievability).toBeLessThanOrEqual(1);
    expect(ranked[0]!.retrievability).toBeLessThan(ranked[2]!.retrievability);
  });

  it("within a session, a rule just missed comes before one answered right a little earlier", () => {
    // Answered right first, then another missed 30 s later: both recall figures are near 1, and
    // the earlier answer's is the lower one; the schedule still puts the miss first.
    const right = firstCard(true, t0);
    const missed = firstCard(false, new Date(t0.getTime() + 30_000));
    const now = new Date(t0.getTime() + 60_000);
    const ranked = weakestRules({ "CSP-3": right, "NEG-6": missed }, now);
    expect(ranked.map((r) => r.rule)).toEqual(["NEG-6", "CSP-3"]);
  });

  it("puts a rule missed on its last drill first, even when an earlier hit is due before its relearning step", () => {
    // NEG-6 graduated (right twice), CSP-1 answered right once, then NEG-6 missed: FSRS's
    // relearning step (10 min) puts NEG-6 due after CSP-1's learning step, set five minutes
    // earlier. The scheduler's order alone ranked CSP-1 weakest; the e2e's learner, who had just
    // missed NEG-6, was offered CSP-1.
    const min = (m: number) => new Date(t0.getTime() + m * 60_000);
    let neg = rateCard(firstCard(true, t0), Rating.Good, min(10));
    const csp = firstCard(true, min(20));
    neg = rateCard(neg, Rating.Again, min(25));
    const cards = { "CSP-1": csp, "NEG-6": neg };
    expect(weakestRules(cards, min(26)).map((r) => r.rule)).toEqual(["CSP-1", "NEG-6"]);
    expect(weakestRules(cards, min(26), 5, new Set(["NEG-6"])).map((r) => r.rule)).toEqual([
      "NEG-6",
      "CSP-1",
    ]);
  });

  it("leaves out rules never drilled, and keeps to the limit", () => {
    expect(weakestRules({}, t0)).toEqual([]);
    const cards = Object.fromEntries(
      ["A-1", "A-2", "A-3"].map((id) => [id, firstCard(false, t0)] as const),
    );
    expect(weakestRules(cards, later(1), 2).map((r) => r.rule)).toEqual(["A-1", "A-2"]);
  });
});
