"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { examDeadline, formatCountdown, goneLabel } from "@/lib/quiz/exam";
import type { ExamSession } from "@/lib/quiz/session";
import { QuestionInputs } from "../../_components/question-inputs";
import { QuestionStem } from "../../_components/question-stem";
import { useAppStore } from "../../_components/store-provider";
import { stemExcerpt } from "../topics";
import { answerByKey, ShortcutList, useShortcuts } from "../shortcuts";
import { useNow } from "../use-now";

// The exam while it runs (a question at a time, the countdown, the review screen). It loads with
// the exam's engine (exam-engine.ts), not with the start page.

type Lookup = (id: string) => Question | undefined;

/** The exam in progress: one question, or the review screen, plus the countdown. */
export function RunningExam({
  exam,
  lookup,
  onSubmit,
}: {
  exam: ExamSession;
  lookup: Lookup;
  onSubmit: (auto: boolean) => void;
}) {
  const deadline = examDeadline(exam.startedAt, exam.durationMs);
  const answered = exam.questionIds.filter((id) => exam.responses[id]).length;
  return (
    <div className="exam" data-testid="exam">
      <div className="exam-bar">
        <Countdown deadline={deadline} onExpire={() => onSubmit(true)} />
        <p data-testid="exam-progress">
          Answered {answered} of {exam.questionIds.length} · Flagged {exam.flagged.length}
        </p>
      </div>
      {exam.reviewing ? (
        <ReviewScreen exam={exam} lookup={lookup} onSubmit={() => onSubmit(false)} />
      ) : (
        <ExamQuestion exam={exam} lookup={lookup} />
      )}
    </div>
  );
}

/**
 * The visible countdown. It submits the exam when the deadline passes, also when the page is
 * opened after it (a tab reopened the next day submits at once). Screen readers hear it at 10, 5
 * and 1 minutes left rather than every second.
 */
function Countdown({ deadline, onExpire }: { deadline: number; onExpire: () => void }) {
  const now = useNow(1000);
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    const check = () => {
      if (Date.now() >= deadline) expire();
    };
    const first = setTimeout(check, 0);
    const tick = setInterval(check, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(tick);
    };
  }, [deadline]);
  const left = Math.max(0, deadline - now);
  const minutes = Math.ceil(left / 60_000);
  const announce =
    [10, 5, 1].includes(minutes) && left > 0
      ? `${minutes} minute${minutes === 1 ? "" : "s"} left`
      : "";
  return (
    <p className={`countdown${left < 5 * 60_000 ? " countdown-low" : ""}`}>
      Time left{" "}
      <span role="timer" aria-label="Time left" data-testid="countdown">
        {formatCountdown(left)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announce}
      </span>
    </p>
  );
}

function ExamQuestion({ exam, lookup }: { exam: ExamSession; lookup: Lookup }) {
  const setResponse = useAppStore((s) => s.setExamResponse);
  const toggleFlag = useAppStore((s) => s.toggleExamFlag);
  const goTo = useAppStore((s) => s.goToExamQuestion);
  const setReviewing = useAppStore((s) => s.setExamReviewing);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const total = exam.questionIds.length;
  const index = Math.min(exam.current, total - 1);
  const id = exam.questionIds[index]!;
  const question = lookup(id);
  const flagged = exam.flagged.includes(id);
  const root = useRef<HTMLElement>(null);

  useShortcuts((key) => {
    if (key === "n" && index + 1 < total) goTo(index + 1);
    else if (key === "p" && index > 0) goTo(index - 1);
    else if (key === "f") toggleFlag(id);
    else if (key === "Enter") {
      if (index + 1 < total) goTo(index + 1);
      else setReviewing(true);
    } else return answerByKey(root, key);
    return true;
  });

  useEffect(() => {
    // Focus follows navigation. On mount, take it only if nothing holds it (the button that led
    // here, on the review screen, is gone), so a keyboard user is never left on <body>.
    const mounting = firstRender.current;
    firstRender.current = false;
    if (mounting && document.activeElement && document.activeElement !== document.body) return;
    heading.current?.focus();
  }, [index]);

  return (
    <section aria-labelledby="exam-question-heading" ref={root}>
      <h2 id="exam-question-heading" ref={heading} tabIndex={-1} className="question-heading">
        Question {index + 1} of {total}
        {flagged ? <span className="flag-badge"> · flagged</span> : null}
      </h2>
      {question ? (
        <form
          data-question={id}
          className="question-card"
          onSubmit={(e) => {
            e.preventDefault();
            if (index + 1 < total) goTo(index + 1);
            else setReviewing(true);
          }}
        >
          <fieldset>
            <legend className="visually-hidden">Question {index + 1}</legend>
            <QuestionStem question={question} />
            <QuestionInputs
              key={id}
              question={question}
              seed={exam.seed}
              response={exam.responses[id] ?? null}
              onChange={(r) => setResponse(id, r)}
            />
          </fieldset>
        </form>
      ) : (
        <p>This question is {goneLabel(id)}; it will be left out of your score.</p>
      )}
      <div className="exam-actions">
        <button
          type="button"
          className="secondary flag-button"
          aria-pressed={flagged}
          onClick={() => toggleFlag(id)}
        >
          {flagged ? "⚑" : "⚐"} Flag to check later
        </button>
        <button
          type="button"
          className="secondary"
          disabled={index === 0}
          onClick={() => goTo(index - 1)}
        >
          Previous
        </button>
        {index + 1 < total ? (
          <button type="button" onClick={() => goTo(index + 1)}>
            Next
          </button>
        ) : null}
        <button
          type="button"
          className={index + 1 < total ? "secondary" : undefined}
          onClick={() => setReviewing(true)}
        >
          Check and submit
        </button>
      </div>
      <ShortcutList
        items={[
          { keys: "1–9", does: "choose an option" },
          { keys: "Enter", does: "next question" },
          { keys: "N", does: "next" },
          { keys: "P", does: "previous" },
          { keys: "F", does: "flag to check later" },
        ]}
      />
      <nav aria-label="Exam questions">
        <ol className="exam-palette">
          {exam.questionIds.map((qid, i) => {
            const isAnswered = !!exam.responses[qid];
            const isFlagged = exam.flagged.includes(qid);
            return (
              <li key={qid}>
                <button
                  type="button"
                  className="palette-item"
                  data-answered={isAnswered}
                  data-flagged={isFlagged}
                  aria-current={i === index ? "step" : undefined}
                  aria-label={`Question ${i + 1}, ${isAnswered ? "answered" : "not answered"}${isFlagged ? ", flagged" : ""}`}
                  onClick={() => goTo(i)}
                >
                  {i + 1}
                  {isFlagged ? "⚑" : ""}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </section>
  );
}

/** Every question's status before submitting, with a way back to each one. */
function ReviewScreen({
  exam,
  lookup,
  onSubmit,
}: {
  exam: ExamSession;
  lookup: Lookup;
  onSubmit: () => void;
}) {
  const goTo = useAppStore((s) => s.goToExamQuestion);
  const setReviewing = useAppStore((s) => s.setExamReviewing);
  const abandon = useAppStore((s) => s.abandonExam);
  const [confirmAbandon, setConfirmAbandon] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const unanswered = exam.questionIds.filter((id) => !exam.responses[id]).length;
  return (
    <section aria-labelledby="exam-review-heading" data-testid="exam-review">
      <h2 id="exam-review-heading" ref={heading} tabIndex={-1}>
        Check your answers
      </h2>
      <p>
        {unanswered === 0
          ? "Every question has an answer."
          : `${unanswered} ${unanswered === 1 ? "question has" : "questions have"} no answer and will count as wrong.`}{" "}
        {exam.flagged.length > 0
          ? `You flagged ${exam.flagged.length} for another look.`
          : "Nothing is flagged."}
      </p>
      <div className="table-scroll quiz-table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Question</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Go to</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {exam.questionIds.map((id, i) => {
              const q = lookup(id);
              const flagged = exam.flagged.includes(id);
              return (
                <tr key={id} data-review-row={id} data-flagged={flagged}>
                  <td>{i + 1}</td>
                  <td>{q ? stemExcerpt(q.stem) : `(${goneLabel(id)})`}</td>
                  <td>
                    {exam.responses[id] ? "Answered" : <strong>Not answered</strong>}
                    {flagged ? " · ⚑ flagged" : ""}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Go to question ${i + 1}`}
                      onClick={() => goTo(i)}
                    >
                      Go to
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="exam-actions">
        <button type="button" onClick={onSubmit}>
          Submit exam
        </button>
        <button type="button" className="secondary" onClick={() => setReviewing(false)}>
          Back to the questions
        </button>
      </div>
      <div className="abandon">
        {confirmAbandon ? (
          <p role="alert">
            Abandon this exam? It will not be scored or kept.{" "}
            <button type="button" className="secondary" onClick={abandon}>
              Yes, abandon it
            </button>{" "}
            <button type="button" onClick={() => setConfirmAbandon(false)}>
              No, keep going
            </button>
          </p>
        ) : (
          <button type="button" className="secondary" onClick={() => setConfirmAbandon(true)}>
            Abandon exam
          </button>
        )}
      </div>
    </section>
  );
}
