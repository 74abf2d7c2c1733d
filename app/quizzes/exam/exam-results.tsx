"use client";

import Link from "@/app/_components/link";
import { ScoreCell, TopicHeader } from "../score-cell";
import { useEffect, useRef, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { percent, sortWeakestFirst, topicRatio } from "@/lib/quiz/scoring";
import { formatDuration, goneLabel } from "@/lib/quiz/exam";
import { resultItems, timeTaken, type ExamRecord, type ResultFilter } from "@/lib/quiz/session";
import { QuestionFeedback, SimulatorLink } from "../../_components/question-feedback";
import { QuestionStem } from "../../_components/question-stem";
import { practiceHref, topicName } from "../topics";
import { isoDateTime } from "@/lib/dates";
import { examKindLabel } from "./exam-kind";

/**
 * A submitted exam: the score against the pass mark, the topics weakest first, and the missed
 * questions (or the flagged ones, or every question) with the learner's answer, each option's
 * explanation and the lesson to study.
 */
export function ExamResults({
  record,
  lookup,
  onBack,
  onStart,
  onRetake,
}: {
  record: ExamRecord;
  lookup: (id: string) => Question | undefined;
  onBack: () => void;
  onStart: () => void;
  /** Starts a shorter exam: these questions (the missed ones), or a topic's questions. */
  onRetake: (retake: { ids: readonly string[] } | { topic: string }) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [record.id]);
  const topics = sortWeakestFirst(record.byTopic);
  const weakest = topics[0];
  const score = percent(record.total ? record.correct / record.total : 0);
  const flagged = new Set(record.flagged ?? []);
  const flaggedRight = [...flagged].filter((id) => !record.missed.includes(id)).length;
  const [filter, setFilter] = useState<ResultFilter>("missed");
  const items = resultItems(record, filter);
  return (
    <section aria-labelledby="exam-results-heading" data-testid="exam-results">
      <h2 id="exam-results-heading" ref={heading} tabIndex={-1}>
        Exam results
      </h2>
      <p className="muted">
        <span data-testid="exam-kind">{examKindLabel(record)}</span>. Submitted{" "}
        {isoDateTime(record.submittedAt)}
        {record.autoSubmitted ? ", automatically when the time ran out" : ""}. Time taken:{" "}
        <span data-testid="exam-time-taken">{formatDuration(timeTaken(record))}</span>.
      </p>
      <div className="card result-summary">
        <p>
          <span className="stat" data-testid="exam-score">
            {record.correct} of {record.total} ({score} %)
          </span>
        </p>
        <p>
          Pass mark {Math.round(record.passMark * 100)} %:{" "}
          <strong
            className={record.passed ? "verdict-pass" : "verdict-fail"}
            data-testid="exam-verdict"
          >
            {record.passed ? "Passed" : "Not passed"}
          </strong>
        </p>
        {flagged.size > 0 ? (
          <p data-testid="exam-flagged-summary">
            You flagged {flagged.size} {flagged.size === 1 ? "question" : "questions"}:{" "}
            {flaggedRight} right, {flagged.size - flaggedRight} missed (marked ⚑; show them with
            &ldquo;Flagged&rdquo; below).
          </p>
        ) : null}
        {weakest && topicRatio(weakest) < 1 ? (
          <p>
            Study next: <Link href={practiceHref(weakest.topic)}>{topicName(weakest.topic)}</Link>
          </p>
        ) : null}
      </div>

      <h3>By topic, weakest first</h3>
      <div className="table-scroll quiz-table-scroll">
        <table data-testid="topic-breakdown">
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col">Right</th>
              <th scope="col">Score</th>
              <th scope="col">
                <span className="visually-hidden">Practise</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {topics.map((t) => {
              const p = percent(topicRatio(t));
              return (
                <tr key={t.topic} data-topic={t.topic}>
                  <TopicHeader topic={t.topic} />
                  <td>
                    {t.correct} of {t.total}
                  </td>
                  <ScoreCell percent={p} />
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Topic exam: ${topicName(t.topic)}`}
                      onClick={() => onRetake({ topic: t.topic })}
                    >
                      Topic exam
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h3 id="exam-questions-heading">
        {filter === "missed"
          ? record.missed.length === 0
            ? "No question missed"
            : `Missed questions (${record.missed.length})`
          : filter === "flagged"
            ? `Flagged questions (${flagged.size})`
            : `Every question (${record.questionIds.length})`}
      </h3>
      <fieldset className="result-filter">
        <legend>Show</legend>
        {(
          [
            ["missed", `Missed (${record.missed.length})`],
            ["flagged", `Flagged (${flagged.size})`],
            ["all", `Every question (${record.questionIds.length})`],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="result-filter"
              value={value}
              checked={filter === value}
              onChange={() => setFilter(value)}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      <ol
        className="missed-list"
        data-testid="missed-list"
        aria-labelledby="exam-questions-heading"
      >
        {items.map(({ id, number, correct, flagged: isFlagged }) => {
          const q = lookup(id);
          const response = record.responses[id] ?? null;
          return (
            <li key={id} data-question={id} data-flagged={isFlagged} data-correct={correct}>
              <article className={correct ? "card" : "card missed"}>
                <h4>
                  Question {number} · {q ? topicName(q.topic) : goneLabel(id)}
                  {response ? "" : " · not answered"}
                  {filter !== "missed" ? (correct ? " · right" : " · missed") : ""}
                  {isFlagged ? <span className="flag-badge"> · ⚑ flagged</span> : null}
                </h4>
                {q ? (
                  <>
                    <QuestionStem question={q} />
                    <QuestionFeedback
                      question={q}
                      correct={correct}
                      response={response}
                      seed={record.seed}
                      lessonLink
                    >
                      {q.type === "predict" ? <SimulatorLink scenario={q.scenario} /> : null}
                    </QuestionFeedback>
                  </>
                ) : null}
              </article>
            </li>
          );
        })}
      </ol>
      <div className="exam-actions">
        {record.missed.length > 0 ? (
          <button type="button" onClick={() => onRetake({ ids: record.missed })}>
            Retake the {record.missed.length} missed
          </button>
        ) : null}
        <button
          type="button"
          className={record.missed.length > 0 ? "secondary" : undefined}
          onClick={onStart}
        >
          Start a new exam
        </button>
        <button type="button" className="secondary" onClick={onBack}>
          All exams
        </button>
      </div>
    </section>
  );
}
