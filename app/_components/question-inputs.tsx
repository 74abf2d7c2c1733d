"use client";

// The answer controls for every question type, controlled by a response: radios, checkboxes that
// stop at N, true or false, a text field, and steps ordered by keyboard.
import { useEffect, useId, useRef, useState } from "react";
import type { Response } from "@/lib/content/quiz-grading";
import { orderedOptions, startingOrder } from "@/lib/quiz/presentation";
import type { Question } from "@/lib/content/quiz-schema";
import { RichInline } from "./rich-text";

/**
 * The answer controls for any question type, controlled by `response`: practice, review and the
 * exam all render through this, so a question looks the same everywhere.
 */
export function QuestionInputs({
  question,
  seed,
  response,
  graded = false,
  onChange,
}: {
  question: Question;
  /** The attempt's seed: it decides the options' order and an ordering's start. */
  seed: string;
  response: Response | null;
  /** The answer has been checked: the inputs only show it, so no "choose N" count either. */
  graded?: boolean;
  onChange: (response: Response | null) => void;
}) {
  const name = useId();
  switch (question.type) {
    case "single":
    case "predict":
      return orderedOptions(question, seed).map((o) => (
        <label key={o.id} className="option">
          <input
            type="radio"
            name={name}
            value={o.id}
            checked={response?.type === "single" && response.choice === o.id}
            onChange={() => onChange({ type: "single", choice: o.id })}
          />{" "}
          <span className="option-text">
            <RichInline text={o.text} />
          </span>
        </label>
      ));
    case "multi": {
      const chosen = response?.type === "multi" ? response.choices : [];
      // "Select N" means N: once N are ticked the others wait until one is unticked.
      const n = question.answer.length;
      const full = chosen.length >= n;
      return (
        <>
          {orderedOptions(question, seed).map((o) => {
            const checked = chosen.includes(o.id);
            return (
              <label key={o.id} className="option">
                <input
                  type="checkbox"
                  value={o.id}
                  checked={checked}
                  disabled={full && !checked}
                  onChange={(e) => {
                    const choices = e.target.checked
                      ? [...chosen, o.id]
                      : chosen.filter((c) => c !== o.id);
                    onChange(choices.length ? { type: "multi", choices } : null);
                  }}
                />{" "}
                <span className="option-text">
                  <RichInline text={o.text} />
                </span>
              </label>
            );
          })}
          {graded ? null : (
            <p className="muted select-count" data-testid="select-count" aria-live="polite">
              {chosen.length > n
                ? `You chose ${chosen.length}: pick ${n}.`
                : full
                  ? `${n} of ${n} chosen. Untick one to choose another.`
                  : `${chosen.length} of ${n} chosen.`}
            </p>
          )}
        </>
      );
    }
    case "true-false":
      return [true, false].map((v) => (
        <label key={String(v)} className="option">
          <input
            type="radio"
            name={name}
            value={String(v)}
            checked={response?.type === "true-false" && response.value === v}
            onChange={() => onChange({ type: "true-false", value: v })}
          />{" "}
          <span className="option-text">{v ? "True" : "False"}</span>
        </label>
      ));
    case "fill-in":
      return (
        <label className="option">
          Your answer{" "}
          <input
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={response?.type === "fill-in" ? response.text : ""}
            onChange={(e) =>
              onChange(e.target.value.trim() ? { type: "fill-in", text: e.target.value } : null)
            }
          />
        </label>
      );
    case "order":
      return (
        <OrderInput
          steps={question.steps}
          order={response?.type === "order" ? response.order : startingOrder(question, seed)}
          onChange={(order) => onChange({ type: "order", order })}
        />
      );
  }
}

/**
 * Put steps in order with Move up / Move down buttons: keyboard-operable, no drag needed. Focus
 * follows the moved step, and a live region says where it went.
 */
function OrderInput({
  steps,
  order,
  onChange,
}: {
  steps: { id: string; text: string }[];
  order: readonly string[];
  onChange: (order: string[]) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ id: string; by: -1 | 1 } | null>(null);
  const textOf = (id: string) => steps.find((s) => s.id === id)?.text ?? id;

  useEffect(() => {
    if (!moved || !list.current) return;
    const item = list.current.querySelector<HTMLElement>(`[data-step="${moved.id}"]`);
    const buttons = item?.querySelectorAll<HTMLButtonElement>("button");
    const preferred = buttons?.[moved.by === -1 ? 0 : 1];
    const fallback = buttons?.[moved.by === -1 ? 1 : 0];
    (preferred && !preferred.disabled ? preferred : fallback)?.focus();
  }, [moved, order]);

  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    setMoved({ id: item!, by });
    onChange(next);
  };
  const position = moved ? order.indexOf(moved.id) : -1;
  return (
    <>
      <ol data-testid="order-input" ref={list} className="order-input">
        {order.map((id, i) => (
          <li key={id} data-step={id}>
            <RichInline text={textOf(id)} />{" "}
            <span className="order-buttons">
              <button
                type="button"
                className="secondary"
                disabled={i === 0}
                aria-label={`Move up (step ${i + 1})`}
                onClick={() => move(i, -1)}
              >
                Move up
              </button>{" "}
              <button
                type="button"
                className="secondary"
                disabled={i === order.length - 1}
                aria-label={`Move down (step ${i + 1})`}
                onClick={() => move(i, 1)}
              >
                Move down
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {moved && position >= 0 ? `Moved to position ${position + 1} of ${order.length}.` : ""}
      </p>
    </>
  );
}
