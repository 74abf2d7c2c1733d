"use client";

import { useMemo, useRef } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { mixQuestions } from "@/lib/quiz/exam";
import { randomSeed } from "@/lib/quiz/random";
import { QuestionCard } from "../_components/question-card";
import { useAppStore } from "../_components/store-provider";
import { answerByKey, ShortcutList, useShortcuts } from "./shortcuts";
import { topicName } from "./topics";

/** The seed of the mixed set's order until the learner reshuffles it. */
const FIRST_MIX = "practice";

/**
 * Practice mode: one question at a time, instant feedback with every option's explanation and a
 * link to the lesson. Where the learner stands in each topic (and the mixed set's order) is kept
 * with the progress, so a reload or coming Back resumes there; a question already answered shows
 * that answer until the learner tries again.
 */
export function Practice({
  questions,
  topic,
  mixed = false,
}: {
  questions: Question[];
  /** The topic's URL slug: practice positions are kept per slug. */
  topic: string;
  mixed?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const answers = useAppStore((s) => s.quiz.answers);
  const hydrated = useAppStore((s) => s.hydrated);
  const saved = useAppStore((s) => s.quiz.practice?.[topic]);
  const setPosition = useAppStore((s) => s.setPracticePosition);
  const seed = (mixed && saved?.seed) || FIRST_MIX;
  const ordered = useMemo(
    () => (mixed ? mixQuestions(questions, seed) : questions),
    [mixed, questions, seed],
  );
  // Until the saved progress is read, the first question (the server renders that one too).
  const index =
    hydrated && saved
      ? Math.max(
          0,
          ordered.findIndex((q) => q.id === saved.questionId),
        )
      : 0;
  const question = ordered[index];

  const go = (next: number, order = ordered, nextSeed = seed) => {
    const target = order[next];
    if (!target) return;
    setPosition(topic, target.id, mixed ? nextSeed : undefined);
    // Keyboard and screen-reader users land on the new question, not at the end of the old one.
    requestAnimationFrame(() => heading.current?.focus());
  };

  useShortcuts((key) => {
    if (key === "n" && index + 1 < ordered.length) {
      go(index + 1);
      return true;
    }
    if (key === "p" && index > 0) {
      go(index - 1);
      return true;
    }
    return answerByKey(root, key);
  });

  if (!question) return null;
  const answered = ordered.filter((q) => answers[q.id]).length;
  return (
    <div className="widget practice" data-testid="practice" ref={root}>
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
              const next = randomSeed();
              go(0, mixQuestions(questions, next), next);
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
      <ShortcutList
        items={[
          { keys: "1–9", does: "choose an option" },
          { keys: "Enter", does: "check the answer" },
          { keys: "N", does: "next question" },
          { keys: "P", does: "previous question" },
        ]}
      />
    </div>
  );
}
