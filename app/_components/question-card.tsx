"use client";

import { useId, useState } from "react";
import { isCorrect, scrambledOrder, type Response } from "@/lib/content/quiz-grading";
import type { Question } from "@/lib/content/quiz-schema";
import { RichInline, RichText } from "./rich-text";
import { RuleRef } from "./rule-ref";
import { useAppStore } from "./store-provider";

/**
 * One question with instant feedback: the learner answers, the card grades it, records it in the
 * store and shows every option's explanation. Shared by practice mode and lesson self-checks.
 */
export function QuestionCard({ question, onNext }: { question: Question; onNext?: () => void }) {
  const recordAnswer = useAppStore((s) => s.recordAnswer);
  const [response, setResponse] = useState<Response | null>(() =>
    question.type === "order"
      ? { type: "order", order: scrambledOrder(question.steps.map((s) => s.id)) }
      : null,
  );
  const [submitted, setSubmitted] = useState<boolean | null>(null);
  const name = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!response || submitted !== null) return;
    const correct = isCorrect(question, response);
    setSubmitted(correct);
    recordAnswer(question.id, correct);
  };

  return (
    <form onSubmit={submit} data-question={question.id}>
      <fieldset disabled={submitted !== null}>
        <legend className="visually-hidden">Question</legend>
        <div className="stem">
          <RichText text={question.stem} />
        </div>
        {question.type === "single" &&
          question.options.map((o) => (
            <label key={o.id} className="option">
              <input
                type="radio"
                name={name}
                value={o.id}
                onChange={() => setResponse({ type: "single", choice: o.id })}
              />{" "}
              <RichInline text={o.text} />
            </label>
          ))}
        {question.type === "multi" &&
          question.options.map((o) => (
            <label key={o.id} className="option">
              <input
                type="checkbox"
                value={o.id}
                onChange={(e) => {
                  const prev = response?.type === "multi" ? response.choices : [];
                  const choices = e.target.checked
                    ? [...prev, o.id]
                    : prev.filter((c) => c !== o.id);
                  setResponse({ type: "multi", choices });
                }}
              />{" "}
              <RichInline text={o.text} />
            </label>
          ))}
        {question.type === "true-false" &&
          [true, false].map((v) => (
            <label key={String(v)} className="option">
              <input
                type="radio"
                name={name}
                value={String(v)}
                onChange={() => setResponse({ type: "true-false", value: v })}
              />{" "}
              {v ? "True" : "False"}
            </label>
          ))}
        {question.type === "fill-in" && (
          <label className="option">
            Your answer{" "}
            <input
              type="text"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setResponse({ type: "fill-in", text: e.target.value })}
            />
          </label>
        )}
        {question.type === "order" && (
          <OrderInput
            steps={question.steps}
            order={response?.type === "order" ? response.order : []}
            onChange={(order) => setResponse({ type: "order", order })}
          />
        )}
      </fieldset>
      {submitted === null ? (
        <button type="submit" disabled={!response}>
          Check answer
        </button>
      ) : (
        <Feedback question={question} correct={submitted} onNext={onNext} />
      )}
    </form>
  );
}

/** Put steps in order with Move up / Move down buttons: keyboard-operable, no drag needed. */
function OrderInput({
  steps,
  order,
  onChange,
}: {
  steps: { id: string; text: string }[];
  order: readonly string[];
  onChange: (order: string[]) => void;
}) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  return (
    <ol data-testid="order-input">
      {order.map((id, i) => (
        <li key={id}>
          <RichInline text={steps.find((s) => s.id === id)?.text ?? id} />{" "}
          <button
            type="button"
            className="secondary"
            disabled={i === 0}
            onClick={() => move(i, -1)}
          >
            Move up
          </button>{" "}
          <button
            type="button"
            className="secondary"
            disabled={i === order.length - 1}
            onClick={() => move(i, 1)}
          >
            Move down
          </button>
        </li>
      ))}
    </ol>
  );
}

function Feedback({
  question,
  correct,
  onNext,
}: {
  question: Question;
  correct: boolean;
  onNext?: () => void;
}) {
  return (
    <div role="status" data-testid="feedback" data-correct={correct}>
      <p>
        <strong>{correct ? "Correct." : "Not quite."}</strong>{" "}
        {question.rules.map((id) => (
          <span key={id}>
            <RuleRef id={id} />{" "}
          </span>
        ))}
      </p>
      {question.type === "single" || question.type === "multi" ? (
        <ul>
          {question.options.map((o) => {
            const right =
              question.type === "single"
                ? o.id === question.answer
                : question.answer.includes(o.id);
            return (
              <li key={o.id}>
                <strong>{right ? "✓" : "✗"}</strong> <RichInline text={o.text} />:{" "}
                <RichInline text={o.explanation} />
              </li>
            );
          })}
        </ul>
      ) : question.type === "true-false" ? (
        <ul>
          <li>
            <strong>{question.answer ? "✓" : "✗"} True</strong>:{" "}
            <RichInline text={question.explanations.true} />
          </li>
          <li>
            <strong>{question.answer ? "✗" : "✓"} False</strong>:{" "}
            <RichInline text={question.explanations.false} />
          </li>
        </ul>
      ) : question.type === "fill-in" ? (
        <p>
          Accepted: <code>{question.accepted[0]}</code>. <RichInline text={question.explanation} />
        </p>
      ) : (
        <p>
          <RichInline text={question.explanation} />
        </p>
      )}
      {onNext ? (
        <button type="button" onClick={onNext}>
          Next question
        </button>
      ) : (
        <p className="muted">End of this bank.</p>
      )}
    </div>
  );
}
