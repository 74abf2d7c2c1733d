"use client";

import { useEffect, useState } from "react";
import Link from "@/app/_components/link";
import { DRILL_TOPICS } from "@/lib/drill/space";
import { formatInterval } from "@/lib/quiz/card";
import type { Drawable } from "@/lib/quiz/exam";
import { loadScheduler } from "@/lib/quiz/load-scheduler";
import {
  drillNext,
  examReadiness,
  RECENT_ANSWERS,
  ruleMastery,
  topicReadiness,
  type Recall,
} from "@/lib/quiz/readiness";
import { percent } from "@/lib/quiz/scoring";
import { useAppStore } from "../_components/store-provider";
import { practiceHref, topicName, TOPICS } from "./topics";
import { useNow } from "./use-now";

/** The drill page with a topic, and a rule within it, already chosen. */
function drillHref(topic: string, rule?: string): string {
  return rule ? `/quizzes/drill?rule=${rule}` : `/quizzes/drill?topic=${topic}`;
}

const isDrillTopic = (topic: string) => (DRILL_TOPICS as readonly string[]).includes(topic);

/** FSRS's retrievability, from the scheduler chunk (loaded here, not with the page). */
function useRecall(): Recall | null {
  const [recall, setRecall] = useState<{ fn: Recall } | null>(null);
  useEffect(() => {
    let live = true;
    loadScheduler().then(
      (m) => live && setRecall({ fn: m.retrievability }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return recall?.fn ?? null;
}

/**
 * How ready the learner is, per topic and for the exam (lib/quiz/readiness), with the sentence
 * that gives each figure's own numbers, and what to drill next. `details` folds the per-topic
 * table away (the exam page shows the figure first).
 */
export function Readiness({
  questions,
  details = false,
}: {
  questions: readonly Drawable[];
  details?: boolean;
}) {
  const answers = useAppStore((s) => s.quiz.answers);
  const cards = useAppStore((s) => s.quiz.cards);
  const ruleCards = useAppStore((s) => s.quiz.ruleCards);
  const drillResults = useAppStore((s) => s.quiz.drillResults);
  const now = new Date(useNow(30_000));
  const recall = useRecall();
  if (!recall) return <p className="muted">Working out your readiness…</p>;
  const topics = topicReadiness(
    TOPICS.map((t) => t.id),
    { questions, answers, cards, ruleCards, drillResults },
    recall,
    now,
  );
  const exam = examReadiness(topics);
  const next = drillNext(topics, DRILL_TOPICS, ruleCards ?? {}, now);
  // A list rather than a table: each topic's sentence needs the width of a phone to itself.
  const table = (
    <ul className="readiness-list" data-testid="readiness">
      {topics.map((t) => (
        <li
          key={t.topic}
          data-topic={t.topic}
          data-readiness={t.readiness ?? ""}
          data-seen={t.seen}
          data-size={t.size}
        >
          <p className="readiness-head">
            <Link href={practiceHref(t.topic)}>{topicName(t.topic)}</Link>{" "}
            {t.readiness === null ? (
              <span className="muted">not started</span>
            ) : (
              <>
                <span className="progress-bar" aria-hidden="true">
                  <span style={{ width: `${t.readiness}%` }} />
                </span>{" "}
                <strong>{t.readiness} %</strong>
              </>
            )}{" "}
            ·{" "}
            {isDrillTopic(t.topic) ? (
              <Link href={drillHref(t.topic)} aria-label={`Drill ${topicName(t.topic)}`}>
                Drill
              </Link>
            ) : (
              <Link href={practiceHref(t.topic)} aria-label={`Practise ${topicName(t.topic)}`}>
                Practise
              </Link>
            )}
          </p>
          {t.readiness === null ? null : <p className="muted readiness-how">{t.sentence}</p>}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <p data-testid="exam-readiness">
        Exam readiness: <strong data-testid="exam-readiness-figure">{exam.readiness} %</strong>.{" "}
        <span className="muted">{exam.sentence}</span>
      </p>
      {next ? (
        <p data-testid="drill-next">
          Drill next:{" "}
          <Link href={drillHref(next.topic, next.rule)}>
            {topicName(next.topic)}
            {next.rule ? `, ${next.rule}` : ""}
          </Link>{" "}
          <span className="muted">({next.reason})</span>
        </p>
      ) : null}
      <p className="muted">
        A topic&rsquo;s readiness is your recall (FSRS&rsquo;s average chance, today, that you
        recall each card you have answered in it) times your accuracy (the share right of your last{" "}
        {RECENT_ANSWERS} answers there, questions and drills), and never more than how much of the
        topic you have seen: the questions answered and items drilled there, out of its questions in
        the bank (so one right answer cannot make a topic of 43 questions ready).
      </p>
      {details ? (
        <details>
          <summary>Readiness by topic</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </>
  );
}

/** Mastery per rule from drill results, weakest first. */
export function RuleMasteryTable() {
  const ruleCards = useAppStore((s) => s.quiz.ruleCards);
  const drillResults = useAppStore((s) => s.quiz.drillResults);
  const now = useNow(30_000);
  const rules = ruleMastery(drillResults ?? {}, ruleCards ?? {});
  if (!rules.length) {
    return (
      <p className="muted">
        No drills yet: <Link href="/quizzes/drill">drill a few generated items</Link> and each rule
        they rest on shows here.
      </p>
    );
  }
  return (
    <div className="table-scroll quiz-table-scroll">
      <table className="mastery-table" data-testid="rule-mastery">
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Drilled</th>
            <th scope="col">Last {RECENT_ANSWERS}</th>
            <th scope="col">Due again</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => {
            const ms = r.due ? Date.parse(r.due) - now : null;
            return (
              <tr key={r.rule} data-rule={r.rule}>
                <th scope="row">
                  <Link href={drillHref("", r.rule)} aria-label={`Drill ${r.rule}`}>
                    {r.rule}
                  </Link>
                </th>
                <td>
                  {r.right} of {r.attempts} right
                </td>
                <td>{r.recentAnswered ? `${percent(r.recentRight / r.recentAnswered)} %` : "—"}</td>
                <td>{ms === null ? "—" : ms <= 0 ? "now" : `in ${formatInterval(ms)}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
