"use client";

import { useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { QuestionCard } from "../_components/question-card";

/** Practice mode: one question at a time, instant feedback with every option's explanation. */
export function Practice({ questions }: { questions: Question[] }) {
  const [index, setIndex] = useState(0);
  const question = questions[index];
  if (!question) return null;
  return (
    <div className="widget" data-testid="practice">
      <p className="muted">
        Question {index + 1} of {questions.length}
      </p>
      <QuestionCard
        key={question.id}
        question={question}
        onNext={index + 1 < questions.length ? () => setIndex(index + 1) : undefined}
      />
    </div>
  );
}
