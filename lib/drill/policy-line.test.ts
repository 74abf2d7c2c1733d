import { describe, expect, it } from "vitest";
import { optionOrder } from "../quiz/presentation";
import { createRng } from "../quiz/random";
import { generateDrillItem, type DrillItem } from "./generator";

// Issue 36, item 1: the host's policy is part of every item, in the same words, so that its
// presence tells a learner nothing. When a "Host policy" note appeared only where that policy
// decided, the note alone gave the key in 290 of 1,000 items.

const SEEDS = 1000;
const items: DrillItem[] = Array.from({ length: SEEDS }, (_, i) =>
  generateDrillItem({ seed: `policy-${i}` }),
);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The stem's paragraph about the host's policy (today's line, or the older conditional note). */
function policyLine(stem: string): string | undefined {
  return stem
    .split("\n\n")
    .find(
      (p) => p.startsWith("**This host:**") || p.startsWith("**Host policy, not a spec MUST:**"),
    );
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9/'-]+/)
      .filter((w) => w.length > 2),
  );

/**
 * A learner who reads only the policy line: picks the option sharing the most words with it (ties
 * broken at random), or any option when the stem has no such line.
 */
function policyLineGuess(item: DrillItem, rng: () => number): string {
  const shown = optionOrder(item.question, "policy-line");
  const line = policyLine(item.question.stem);
  if (!line) return shown[Math.floor(rng() * shown.length)]!;
  const vocabulary = words(line);
  const text = new Map(item.question.options.map((o) => [o.id, o.text]));
  const overlap = (id: string) => [...words(text.get(id)!)].filter((w) => vocabulary.has(w)).length;
  const best = Math.max(...shown.map(overlap));
  const tied = shown.filter((id) => overlap(id) === best);
  return tied[Math.floor(rng() * tied.length)]!;
}

describe("the host's policy line", () => {
  it("is in every item's stem, in the same words, and states the gate order of a view's call", () => {
    const lines = items.map((i) => policyLine(i.question.stem));
    const missing = items.filter((_, n) => !lines[n]).map((i) => i.seed);
    console.log(`Items with the policy line: ${SEEDS - missing.length} of ${SEEDS}`);
    expect(missing.slice(0, 5)).toEqual([]);
    expect(new Set(lines).size).toBe(1);
    expect(lines[0]).toMatch(/visibility, then unknown tool, then consent/);
  });

  it(`gives a learner who reads only it no more than chance ± 5 points over ${SEEDS} items`, () => {
    const rng = createRng("policy-line-strategy");
    const right = items.filter((i) => policyLineGuess(i, rng) === i.question.answer).length;
    const chance = items.reduce((s, i) => s + 1 / i.question.options.length, 0) / SEEDS;
    const score = right / SEEDS;
    console.log(`Reading only the policy line: ${pct(score)} right (chance ${pct(chance)})`);
    expect(Math.abs(score - chance)).toBeLessThanOrEqual(0.05);
  });
});

describe("the words a learner reads for a rule's source (issue #35 item 5)", () => {
  it("no generated item shows a bracketed source tag such as [seed] or [draft, SDK]: the sources page's words instead", () => {
    const TAG = /\[(seed|draft|sdk|draft, SDK)\]/i;
    const offenders = items
      .slice(0, 200)
      .map((item) => JSON.stringify([item.question, item.explanation]))
      .flatMap((text, i) => (TAG.test(text) ? [`policy-${i}: ${TAG.exec(text)![0]}`] : []));
    expect(offenders.slice(0, 5)).toEqual([]);
  });
});
