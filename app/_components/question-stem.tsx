"use client";

// The question as asked: its stem, with its type's instruction (how many to select, how to order).
import type { Question } from "@/lib/content/quiz-schema";
import { RichText } from "./rich-text";

/** The question's scenario, with its type's instruction when the stem does not carry one. */
export function QuestionStem({ question, id }: { question: Question; id?: string }) {
  return (
    <div className="stem" id={id}>
      <RichText text={question.stem} />
      {question.type === "multi" ? (
        <p className="muted">Select {question.answer.length}.</p>
      ) : question.type === "order" ? (
        <p className="muted">Put the steps in order with the Move buttons.</p>
      ) : null}
    </div>
  );
}
