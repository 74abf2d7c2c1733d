import type { Question } from "../content/quiz-schema";
import { isGeneratedId } from "../quiz/exam";
import { generateDrillItem, type DrillItem } from "./generator";

// Generated items in the timed exam. The exam saves only their ids (`gen:<exam seed>:<n>`, see
// lib/quiz/exam's generatedIds); each is drawn again from its id wherever the exam needs it
// (running, scoring, results, history), so the same seed always gives the same items and keys.

const cache = new Map<string, DrillItem | null>();

/**
 * The generated item an exam id names, its question carrying that id (so responses, flags and
 * scores key on it like a bank question's); undefined for any other id.
 */
export function generatedExamItem(id: string): DrillItem | undefined {
  if (!cache.has(id)) cache.set(id, drawGeneratedExamItem(id) ?? null);
  return cache.get(id) ?? undefined;
}

/** generatedExamItem without the cache: draws the item from its id every time. */
export function drawGeneratedExamItem(id: string): DrillItem | undefined {
  const m = isGeneratedId(id) ? /^gen:(.+):(\d+)$/.exec(id) : null;
  if (!m) return undefined;
  const drawn = generateDrillItem({ seed: `exam-${m[1]}-${m[2]}` });
  return { ...drawn, question: { ...drawn.question, id } };
}

/** A lookup that resolves generated exam ids first, then `bank`. */
export function examLookup(
  bank: (id: string) => Question | undefined,
): (id: string) => Question | undefined {
  return (id) => (isGeneratedId(id) ? generatedExamItem(id)?.question : bank(id));
}
