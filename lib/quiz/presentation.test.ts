import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optionOrder, orderedOptions, startingOrder } from "./presentation";

const choice = (n: number, id = "q") => ({
  id,
  options: Array.from({ length: n }, (_, i) => ({ id: `o${i}`, text: `option ${i}` })),
});
const ordering = (n: number, id = "q") => ({
  id,
  steps: Array.from({ length: n }, (_, i) => ({ id: `s${i}` })),
});

describe("optionOrder", () => {
  it("is a permutation of the option ids, the same for the same seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.string(), (n, seed) => {
        const q = choice(n);
        const order = optionOrder(q, seed);
        expect([...order].sort()).toEqual(q.options.map((o) => o.id).sort());
        expect(optionOrder(q, seed)).toEqual(order);
      }),
    );
  });

  it("puts the first option of the file in every position about equally often", () => {
    const q = choice(4);
    const at = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) at[optionOrder(q, `seed-${i}`).indexOf("o0")]!++;
    for (const n of at) expect(n).toBeGreaterThan(850);
    for (const n of at) expect(n).toBeLessThan(1150);
  });

  it("shows two questions of one exam in independent orders", () => {
    const same = Array.from({ length: 200 }, (_, i) =>
      optionOrder(choice(4, "a"), `s${i}`).join() === optionOrder(choice(4, "b"), `s${i}`).join()
        ? 1
        : 0,
    ).reduce<number>((a, b) => a + b, 0);
    expect(same).toBeLessThan(30);
  });

  it("gives the options themselves in that order", () => {
    const q = choice(5);
    expect(orderedOptions(q, "x").map((o) => o.id)).toEqual(optionOrder(q, "x"));
  });
});

describe("startingOrder", () => {
  it("never starts an ordering question in the right order, whatever the seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.string(), (n, seed) => {
        const q = ordering(n);
        const start = startingOrder(q, seed);
        expect(start).not.toEqual(q.steps.map((s) => s.id));
        expect([...start].sort()).toEqual(q.steps.map((s) => s.id).sort());
        expect(startingOrder(q, seed)).toEqual(start);
      }),
      { numRuns: 500 },
    );
  });

  it("starts from many different wrong orders, not one fixed scramble", () => {
    const q = ordering(4);
    const seen = new Set(
      Array.from({ length: 400 }, (_, i) => startingOrder(q, `seed-${i}`).join()),
    );
    // 4! - 1 = 23 wrong orders; 400 draws reach every one of them.
    expect(seen.size).toBe(23);
  });
});
