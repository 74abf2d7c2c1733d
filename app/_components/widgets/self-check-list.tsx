"use client";

import { useContext } from "react";
import { selfCheckKey, type SelfCheckProps } from "@/lib/lessons/self-check";
import { QuestionCard } from "../question-card";
import { RuleRef } from "../rule-ref";
import { SelfCheckContext } from "./self-check-context";

/**
 * A lesson's short self-check: 3–5 quiz-bank questions drawn by rule ID, graded on the spot. Its
 * code (the question card) loads as an island when the reader nears it; see ./lazy.
 */
export function SelfCheck(props: SelfCheckProps) {
  const questions = useContext(SelfCheckContext).get(selfCheckKey(props));
  if (!questions) {
    // The build resolves every self-check; reaching this means the page skipped the provider.
    return <p role="alert">This self-check was not prepared at build time.</p>;
  }
  const focusCard = (i: number) => {
    const card = document.getElementById(`self-check-${questions[i]?.id ?? ""}`);
    card?.scrollIntoView({ block: "start" });
    card?.querySelector<HTMLElement>("input, button")?.focus({ preventScroll: true });
  };
  return (
    <section className="self-check" aria-label="Self-check" data-widget="self-check">
      <p className="muted">
        {questions.length} questions from the quiz bank on{" "}
        {props.rules.map((id) => (
          <span key={id}>
            <RuleRef id={id} />{" "}
          </span>
        ))}
        — your answers count towards your quiz progress.
      </p>
      <ol className="self-check-list">
        {questions.map((q, i) => (
          <li key={q.id} id={`self-check-${q.id}`}>
            <QuestionCard
              question={q}
              resume
              onNext={i < questions.length - 1 ? () => focusCard(i + 1) : undefined}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
