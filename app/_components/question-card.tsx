"use client";

import Link from "@/app/_components/link";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { isCorrect, type Response } from "@/lib/content/quiz-grading";
import { loadScheduler } from "@/lib/quiz/load-scheduler";
import { attemptSeed, orderedOptions, startingOrder } from "@/lib/quiz/presentation";
import type { Question } from "@/lib/content/quiz-schema";
import { RichInline, RichText } from "./rich-text";
import { RuleRef } from "./rule-ref";
import { SpecRef } from "./spec-ref";
import { useAppStore } from "./store-provider";
import "../quizzes/quizzes.css";
import { isoDate } from "@/lib/dates";

interface QuestionCardProps {
  question: Question;
  onNext?: () => void;
  /** Adds a link to the lesson (and section) that teaches the question, as practice mode does. */
  lessonLink?: boolean;
  /** Shown with the feedback in place of the Next button (spaced review puts its ratings here). */
  afterFeedback?: ReactNode;
  /** Shown with the feedback of the last question in place of Next (practice: "See your score"). */
  end?: ReactNode;
  /** Called once the answer is graded and recorded. */
  onAnswered?: (correct: boolean) => void;
  /**
   * Records the answer instead of the store's per-question record (drills rate a card per rule, so
   * a generated item leaves no question card behind). Feedback waits for it, as for the default.
   */
  record?: (correct: boolean) => Promise<void>;
  /**
   * Shows the learner's last answer, in the order it was shown, when the question has one
   * (practice and lesson self-checks): a revisit is not a new attempt. Review always asks afresh.
   */
  resume?: boolean;
}

/** One attempt on screen: the seed its options are shown in, the response, and its grade. */
interface AttemptState {
  seed: string;
  /** `undefined` until the learner touches the inputs (an ordering then shows its start). */
  response?: Response | null;
  submitted: boolean | null;
  /** Started with "Try again": never replaced by the saved answer. */
  fresh: boolean;
}

/**
 * One question with instant feedback: the learner answers, the card grades it, records it in the
 * store and shows every option's explanation. Shared by practice mode, spaced review and lesson
 * self-checks.
 *
 * The options are drawn in a per-attempt seeded order (lib/quiz/presentation), which only the
 * browser knows: the server-rendered HTML, and the first render in the browser, show a
 * placeholder of the same height instead of the options, so no page reveals the order of the
 * bank file. The seed is saved with the answer, so a revisit shows the order the learner saw.
 */
export function QuestionCard({
  question,
  onNext,
  lessonLink = false,
  afterFeedback,
  end,
  onAnswered,
  resume = false,
  record,
}: QuestionCardProps) {
  const stemId = useId();
  const recordAnswer = useAppStore((s) => s.recordAnswer);
  const hydrated = useAppStore((s) => s.hydrated);
  const saved = useAppStore((s) => s.quiz.answers[question.id]);
  // A random seed on the server and in the browser alike; it reaches the screen only once the
  // store has hydrated, which happens in the browser alone, so the two never disagree.
  const [local, setLocal] = useState<AttemptState>(() => ({
    seed: attemptSeed(),
    submitted: null,
    fresh: false,
  }));
  const saving = useRef(false);
  const feedback = useRef<HTMLDivElement>(null);
  const focusFeedback = useRef(false);
  useEffect(() => {
    if (local.submitted === null || !focusFeedback.current) return;
    focusFeedback.current = false;
    feedback.current?.focus();
  }, [local.submitted]);
  const [busy, setBusy] = useState(false);

  const resumed =
    resume &&
    !local.fresh &&
    local.submitted === null &&
    local.response === undefined &&
    saved?.lastResponse !== undefined &&
    saved.seed !== undefined;
  const seed = resumed ? saved.seed! : local.seed;
  const response = resumed
    ? saved.lastResponse!
    : local.response === undefined
      ? initialResponse(question, seed)
      : local.response;
  const submitted = resumed ? isCorrect(question, response!) : local.submitted;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!response || submitted !== null || saving.current) return;
    saving.current = true;
    setBusy(true);
    const correct = isCorrect(question, response);
    // Feedback appears once the answer and its first review card are saved, so leaving the page
    // right after it loses nothing. The scheduler is usually loaded by then (see onFocus below).
    await (record ? record(correct) : recordAnswer(question.id, correct, { response, seed }));
    saving.current = false;
    setBusy(false);
    setLocal((l) => ({ ...l, response, submitted: correct }));
    // The button that had focus is gone: take the learner to what it produced (once rendered).
    focusFeedback.current = true;
    onAnswered?.(correct);
  };

  const tryAgain = () => {
    setLocal({ seed: attemptSeed(), submitted: null, fresh: true });
  };

  return (
    <form
      onSubmit={submit}
      // The learner is about to answer: fetch the review scheduler now, not on "Check answer".
      onFocus={preloadScheduler}
      onPointerDown={preloadScheduler}
      data-question={question.id}
      data-seed={hydrated ? seed : undefined}
      className="question-card"
    >
      {/* The stem stays outside the fieldset, which is disabled until hydration and after an
          answer: its code examples must stay focusable and scrollable by keyboard. */}
      <QuestionStem question={question} id={stemId} />
      <fieldset disabled={submitted !== null || !hydrated} aria-describedby={stemId}>
        <legend className="visually-hidden">Question</legend>
        {hydrated ? (
          <QuestionInputs
            question={question}
            seed={seed}
            response={response}
            graded={submitted !== null}
            onChange={(r) => setLocal((l) => ({ ...l, seed, response: r }))}
          />
        ) : (
          <OptionsPlaceholder question={question} />
        )}
      </fieldset>
      {submitted === null ? (
        <button type="submit" disabled={!response || busy} aria-busy={busy}>
          {busy ? "Saving…" : "Check answer"}
        </button>
      ) : (
        <QuestionFeedback
          question={question}
          correct={submitted}
          response={response}
          seed={seed}
          lessonLink={lessonLink}
          ref={feedback}
        >
          {
            // Only after answering: run before, the simulator would give the answer away.
            question.type === "predict" ? <SimulatorLink scenario={question.scenario} /> : null
          }
          {resumed ? (
            <p>
              <span className="muted">Your last answer, from {isoDate(saved.lastAnsweredAt)}.</span>{" "}
              <button type="button" className="secondary" onClick={tryAgain}>
                Try again
              </button>
            </p>
          ) : null}
          {afterFeedback ??
            (onNext ? (
              <button type="button" onClick={onNext}>
                Next question
              </button>
            ) : (
              end
            ))}
        </QuestionFeedback>
      )}
    </form>
  );
}

/**
 * Holds the options' place until the browser has drawn their order: about one line per option,
 * so nothing jumps when they appear.
 */
function OptionsPlaceholder({ question }: { question: Question }) {
  const lines =
    question.type === "order"
      ? question.steps.length
      : question.type === "true-false"
        ? 2
        : question.type === "fill-in"
          ? 1
          : question.options.length;
  return (
    <div
      className="options-pending"
      data-testid="options-pending"
      style={{ minHeight: `${lines * 2.4}rem` }}
    >
      <p className="muted">Loading the answers…</p>
    </div>
  );
}

function preloadScheduler() {
  loadScheduler().catch(() => undefined); // an answer tries again, and copes if it fails
}

/** The response an unanswered question starts from: an ordering shows its seeded start. */
function initialResponse(question: Question, seed: string): Response | null {
  return question.type === "order" ? { type: "order", order: startingOrder(question, seed) } : null;
}

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
