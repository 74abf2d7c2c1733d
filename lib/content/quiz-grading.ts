// Type-only: grading runs in the browser, which must not pull in the zod schemas.
import type { Question } from "./quiz-schema";

/** Whitespace-only normalisation for fill-in answers: case and punctuation are part of the answer. */
function normalizeFillIn(answer: string): string {
  return answer.trim().replace(/\s+/g, " ");
}

/** What a learner submitted, per question type. A "predict" question is answered like "single". */
export type Response =
  | { type: "single"; choice: string }
  | { type: "multi"; choices: readonly string[] }
  | { type: "true-false"; value: boolean }
  | { type: "order"; order: readonly string[] }
  | { type: "fill-in"; text: string };

/** True when `response` answers `question` correctly. A response of another type is wrong. */
export function isCorrect(question: Question, response: Response): boolean {
  switch (question.type) {
    case "single":
    case "predict":
      return response.type === "single" && response.choice === question.answer;
    case "multi": {
      if (response.type !== "multi") return false;
      const chosen = new Set(response.choices);
      return chosen.size === question.answer.length && question.answer.every((a) => chosen.has(a));
    }
    case "true-false":
      return response.type === "true-false" && response.value === question.answer;
    case "order":
      return (
        response.type === "order" &&
        response.order.length === question.steps.length &&
        question.steps.every((s, i) => response.order[i] === s.id)
      );
    case "fill-in":
      return (
        response.type === "fill-in" &&
        question.accepted.some((a) => normalizeFillIn(a) === normalizeFillIn(response.text))
      );
  }
}
