import { createRng, randomSeed, shuffle } from "./random";

// How a question is laid out for one attempt. The banks list every key in a fixed place (the
// issue that brought this in found it first in 84 of 84 single-choice questions), so the file
// order must never reach the screen: options are shown in an order drawn from the attempt's seed,
// and an ordering question starts from a seeded permutation that is never the answer. Grading
// works on option ids, so none of this changes what counts as right.

/** The part of a choice question that presentation needs. */
export interface WithOptions {
  id: string;
  options: readonly { id: string }[];
}

/** The part of an ordering question that presentation needs. */
export interface WithSteps {
  id: string;
  steps: readonly { id: string }[];
}

/**
 * The option ids of `question` in the order one attempt shows them, determined by `seed` and the
 * question's id: the same seed shows the same order after a reload, on the exam's review screen
 * and in its results; another seed almost always shows another.
 */
export function optionOrder(question: WithOptions, seed: string): string[] {
  return shuffle(
    question.options.map((o) => o.id),
    createRng(`${seed}:${question.id}:options`),
  );
}

/** `question.options` in the order `optionOrder` gives. */
export function orderedOptions<O extends { id: string }>(
  question: { id: string; options: readonly O[] },
  seed: string,
): O[] {
  const byId = new Map(question.options.map((o) => [o.id, o]));
  return optionOrder(question, seed).map((id) => byId.get(id)!);
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The order an ordering question starts from in one attempt: a seeded random permutation of its
 * steps that is never the correct order (for two steps or more). Draws again while the shuffle
 * lands on the answer, so every wrong order is equally likely; the last resort, a rotation, is
 * never the answer either and keeps the function total.
 */
export function startingOrder(question: WithSteps, seed: string): string[] {
  const ids = question.steps.map((s) => s.id);
  if (ids.length < 2) return ids;
  const rng = createRng(`${seed}:${question.id}:steps`);
  for (let i = 0; i < 32; i++) {
    const order = shuffle(ids, rng);
    if (!sameOrder(order, ids)) return order;
  }
  return [...ids.slice(1), ids[0]!];
}

/** A fresh seed for one practice, review or self-check attempt. */
export function attemptSeed(): string {
  return randomSeed();
}
