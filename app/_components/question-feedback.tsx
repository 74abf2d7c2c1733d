"use client";

// What a learner sees after answering: every option's explanation marked right or wrong, the rules
// and spec sections it rests on, the lesson that teaches it, and a predict question's simulator link.
import Link from "@/app/_components/link";
import type { ReactNode } from "react";
import type { Response } from "@/lib/content/quiz-grading";
import { orderedOptions } from "@/lib/quiz/presentation";
import type { Question } from "@/lib/content/quiz-schema";
import { RichInline } from "./rich-text";
import { RuleRef } from "./rule-ref";
import { SpecRef } from "./spec-ref";

/**
 * Every option's explanation, marked right or wrong, with the learner's own choice pointed out,
 * the rules it rests on and (optionally) a link to the lesson. `children` go at the end.
 */
export function QuestionFeedback({
  question,
  correct,
  response = null,
  seed,
  lessonLink = false,
  children,
  ref,
}: {
  question: Question;
  correct: boolean;
  response?: Response | null;
  /** The seed the options were shown in, so the feedback lists them in that order. */
  seed: string;
  lessonLink?: boolean;
  children?: ReactNode;
  ref?: React.Ref<HTMLDivElement>;
}) {
  const href = lessonLink ? lessonHref(question) : null;
  const chose = (id: string) =>
    (response?.type === "single" && response.choice === id) ||
    (response?.type === "multi" && response.choices.includes(id));
  return (
    <div
      role="status"
      data-testid="feedback"
      data-correct={correct}
      className="feedback"
      ref={ref}
      tabIndex={-1}
    >
      <p>
        <strong className={correct ? "verdict-pass" : "verdict-fail"}>
          {correct ? "Correct." : "Not quite."}
        </strong>{" "}
        {question.rules.map((id) => (
          <span key={id}>
            <RuleRef id={id} />{" "}
          </span>
        ))}
        {question.spec?.map((id) => (
          <span key={id}>
            <SpecRef id={id} />{" "}
          </span>
        ))}
      </p>
      {question.type === "single" || question.type === "multi" || question.type === "predict" ? (
        <ul className="option-feedback">
          {orderedOptions(question, seed).map((o) => {
            const right =
              question.type === "multi" ? question.answer.includes(o.id) : o.id === question.answer;
            return (
              <OptionFeedback key={o.id} option={o.id} right={right} chosen={chose(o.id)}>
                <RichInline text={o.text} links />
                {chose(o.id) ? <em> (your answer)</em> : null}:{" "}
                <RichInline text={o.explanation} links />
              </OptionFeedback>
            );
          })}
        </ul>
      ) : question.type === "true-false" ? (
        <ul className="option-feedback">
          {[true, false].map((v) => {
            const chosen = response?.type === "true-false" && response.value === v;
            return (
              <OptionFeedback
                key={String(v)}
                option={String(v)}
                right={question.answer === v}
                chosen={chosen}
              >
                <strong>{v ? "True" : "False"}</strong>
                {chosen ? <em> (your answer)</em> : null}:{" "}
                <RichInline
                  text={v ? question.explanations.true : question.explanations.false}
                  links
                />
              </OptionFeedback>
            );
          })}
        </ul>
      ) : question.type === "fill-in" ? (
        <>
          {response?.type === "fill-in" ? (
            <p>
              Your answer: <code>{response.text}</code>
            </p>
          ) : null}
          <p>
            Accepted: <code>{question.accepted[0]}</code>.{" "}
            <RichInline text={question.explanation} links />
          </p>
        </>
      ) : (
        <>
          <OrderComparison
            steps={question.steps}
            given={response?.type === "order" ? response.order : null}
          />
          <p>
            <RichInline text={question.explanation} links />
          </p>
        </>
      )}
      {href ? (
        <p>
          <Link href={href}>Study this in the lesson</Link>
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * One option in the feedback. The key is marked ✓; an option the learner chose is coloured right
 * or wrong; an option rightly left alone gets no mark, since leaving it was not a mistake.
 */
function OptionFeedback({
  option,
  right,
  chosen,
  children,
}: {
  option: string;
  right: boolean;
  chosen: boolean;
  children: ReactNode;
}) {
  const verdict = chosen ? (right ? "chosen-right" : "chosen-wrong") : right ? "missed" : "left";
  const label = {
    "chosen-right": "Right, and you chose it",
    "chosen-wrong": "Wrong, and you chose it",
    missed: "Right answer",
    left: "Not an answer",
  }[verdict];
  return (
    <li data-option={option} data-verdict={verdict} className={`option-${verdict}`}>
      <strong aria-hidden="true" className="option-mark">
        {right ? "✓" : chosen ? "✗" : ""}
      </strong>
      <span className="visually-hidden">{label}: </span>
      {children}
    </li>
  );
}

/** The learner's order beside the right one, each of their steps marked in place or not. */
function OrderComparison({
  steps,
  given,
}: {
  steps: readonly { id: string; text: string }[];
  given: readonly string[] | null;
}) {
  const textOf = (id: string) => steps.find((s) => s.id === id)?.text ?? id;
  return (
    <div className="order-compare" data-testid="order-compare">
      {given ? (
        <div>
          <p>Your order:</p>
          <ol>
            {given.map((id, i) => {
              const inPlace = steps[i]?.id === id;
              return (
                <li key={id} data-step={id} className={inPlace ? "verdict-pass" : "verdict-fail"}>
                  <span aria-hidden="true">{inPlace ? "✓ " : "✗ "}</span>
                  <span className="visually-hidden">
                    {inPlace ? "In place: " : "Out of place: "}
                  </span>
                  <RichInline text={textOf(id)} />
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
      <div>
        <p>The right order:</p>
        <ol>
          {steps.map((s) => (
            <li key={s.id}>
              <RichInline text={s.text} />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** The link that opens a "predict" question's preset in the simulator. */
export function SimulatorLink({ scenario }: { scenario: string }) {
  return (
    <p>
      <Link href={`/simulator?preset=${encodeURIComponent(scenario)}`} className="button secondary">
        Run it in the simulator
      </Link>
    </p>
  );
}

/** The lesson (and section) that teaches `question`, or null when it names none. */
function lessonHref(question: Question): string | null {
  if (!question.lesson) return null;
  return `/lessons/${question.lesson}${question.section ? `#${question.section}` : ""}`;
}
