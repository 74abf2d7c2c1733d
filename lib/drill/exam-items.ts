import type { Question } from "../content/quiz-schema";
import { GENERATED_VERSION, isGeneratedId } from "../quiz/exam";
import { generateDrillItem, type DrillItem } from "./generator";

// Generated items in the timed exam. The exam saves only their ids (`gen:v<version>:<exam seed>:<n>`, see
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

/**
 * generatedExamItem without the cache: draws the item from its id every time. An id of another
 * generator version draws nothing (this generator would give a different item for it).
 */
export function drawGeneratedExamItem(id: string): DrillItem | undefined {
  const m = isGeneratedId(id) ? /^gen:v(\d+):(.+):(\d+)$/.exec(id) : null;
  if (!m || Number(m[1]) !== GENERATED_VERSION) return undefined;
  const drawn = generateDrillItem({ seed: `exam-${m[2]}-${m[3]}` });
  return { ...drawn, question: { ...drawn.question, id } };
}

/**
 * A lookup that resolves generated exam ids first, then `bank`. With `lessonOf` (see
 * lessonsByRule in lib/rules/info.ts), a generated question names the lesson of the first of its rules that has one.
 * The same id always gives the same object.
 */
export function examLookup(
  bank: (id: string) => Question | undefined,
  lessonOf: Readonly<Record<string, string>> = {},
): (id: string) => Question | undefined {
  const generated = new Map<string, Question | undefined>();
  return (id) => {
    if (!isGeneratedId(id)) return bank(id);
    if (!generated.has(id)) {
      const q = generatedExamItem(id)?.question;
      const lesson = q?.rules.map((r) => lessonOf[r]).find(Boolean);
      generated.set(id, q && lesson ? { ...q, lesson } : q);
    }
    return generated.get(id);
  };
}
