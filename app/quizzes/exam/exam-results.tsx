"use client";

import Link from "@/app/_components/link";
import { ScoreCell, TopicHeader } from "../score-cell";
import { useEffect, useRef } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { percent, sortWeakestFirst, topicRatio } from "@/lib/quiz/scoring";
import { formatCountdown } from "@/lib/quiz/exam";
import { timeTaken, type ExamRecord } from "@/lib/quiz/session";
import { QuestionFeedback, QuestionStem, SimulatorLink } from "../../_components/question-card";
import { practiceHref, topicName } from "../topics";

/**
 * A submitted exam: the score against the pass mark, the topics weakest first, and every missed
 * question with the learner's answer, each option's explanation and the lesson to study.
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
  return (
    <section aria-labelledby="exam-results-heading" data-testid="exam-results">
      <h2 id="exam-results-heading" ref={heading} tabIndex={-1}>
        Exam results
      </h2>
      <p className="muted">
        Submitted {new Date(record.submittedAt).toLocaleString()}
        {record.autoSubmitted ? ", automatically when the time ran out" : ""}. Time taken:{" "}
        <span data-testid="exam-time-taken">{formatCountdown(timeTaken(record))}</span>.
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
            {flaggedRight} right, {flagged.size - flaggedRight} missed (marked ⚑ below).
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

      <h3>
        {record.missed.length === 0
          ? "No question missed"
          : `Missed questions (${record.missed.length})`}
      </h3>
      <ol className="missed-list" data-testid="missed-list">
        {record.missed.map((id) => {
          const q = lookup(id);
          const n = record.questionIds.indexOf(id) + 1;
          const response = record.responses[id] ?? null;
          return (
            <li key={id} data-question={id} data-flagged={flagged.has(id)}>
              <article className="card missed">
                <h4>
                  Question {n} · {q ? topicName(q.topic) : "removed from the bank"}
                  {response ? "" : " · not answered"}
                  {flagged.has(id) ? <span className="flag-badge"> · ⚑ flagged</span> : null}
                </h4>
                {q ? (
                  <>
                    <QuestionStem question={q} />
                    <QuestionFeedback
                      question={q}
                      correct={false}
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
