"use client";

import { useMemo, useRef, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { mixQuestions } from "@/lib/quiz/exam";
import { randomSeed } from "@/lib/quiz/random";
import { QuestionCard } from "../_components/question-card";
import { useAppStore } from "../_components/store-provider";
import { topicName } from "./topics";

/**
 * Practice mode: one question at a time, instant feedback with every option's explanation and a
 * link to the lesson. A mixed set starts in a fixed order (so server and browser agree) and can
 * be reshuffled.
 */
export function Practice({ questions, mixed = false }: { questions: Question[]; mixed?: boolean }) {
  const [seed, setSeed] = useState("practice");
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const answers = useAppStore((s) => s.quiz.answers);
  const hydrated = useAppStore((s) => s.hydrated);
  const ordered = useMemo(
    () => (mixed ? mixQuestions(questions, seed) : questions),
    [mixed, questions, seed],
  );
  const question = ordered[index];
  if (!question) return null;

  const go = (next: number) => {
    setIndex(next);
    // Keyboard and screen-reader users land on the new question, not at the end of the old one.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const answered = ordered.filter((q) => answers[q.id]).length;
  return (
    <div className="widget practice" data-testid="practice">
      <div className="practice-bar">
        <h2 ref={heading} tabIndex={-1} className="question-heading">
          Question {index + 1} of {ordered.length}
        </h2>
        <p className="muted">
          {mixed ? `${topicName(question.topic)} · ` : ""}
          {question.difficulty}
          {hydrated ? (
            <>
              {" "}
              · {answered} of {ordered.length} answered
            </>
          ) : null}
        </p>
      </div>
      <QuestionCard
        key={`${seed}:${question.id}`}
        question={question}
        lessonLink
        resume
        onNext={index + 1 < ordered.length ? () => go(index + 1) : undefined}
      />
      <div className="practice-nav">
        <button
          type="button"
          className="secondary"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Previous question
        </button>
        <button
          type="button"
          className="secondary"
          disabled={index + 1 >= ordered.length}
          onClick={() => go(index + 1)}
        >
          Skip
        </button>
        {mixed ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setSeed(randomSeed());
              go(0);
            }}
          >
            Shuffle
          </button>
        ) : (
          <button type="button" className="secondary" disabled={index === 0} onClick={() => go(0)}>
            Start again
          </button>
        )}
      </div>
    </div>
  );
}
