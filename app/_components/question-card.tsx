"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { isCorrect, type Response } from "@/lib/content/quiz-grading";
import { loadScheduler } from "@/lib/quiz/load-scheduler";
import { attemptSeed, startingOrder } from "@/lib/quiz/presentation";
import type { Question } from "@/lib/content/quiz-schema";
import { QuestionFeedback, SimulatorLink } from "./question-feedback";
import { QuestionInputs } from "./question-inputs";
import { QuestionStem } from "./question-stem";
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
