"use client";

import Link from "@/app/_components/link";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { mixQuestions } from "@/lib/quiz/exam";
import { randomSeed } from "@/lib/quiz/random";
import { summarizePractice } from "@/lib/quiz/practice-summary";
import { percent } from "@/lib/quiz/scoring";
import { dueToday } from "@/lib/quiz/card";
import { QuestionCard } from "../_components/question-card";
import { useAppStore } from "../_components/store-provider";
import { answerByKey, ShortcutList, useShortcuts } from "./shortcuts";
import { MIXED, practiceHref, stemExcerpt, topicName, TOPICS } from "./topics";

/** The seed of the mixed set's order until the learner reshuffles it. */
const FIRST_MIX = "practice";

/**
 * Practice mode: one question at a time, instant feedback with every option's explanation and a
 * link to the lesson. Where the learner stands in each topic (and the mixed set's order) is kept
 * with the progress, so a reload or coming Back resumes there; a question already answered shows
 * that answer until the learner tries again. `?q=<question id>` (the links on /rules) opens that
 * question once the saved progress is read, then leaves the address as the topic's own.
 */
export function Practice({
  questions,
  topic,
  mixed = false,
  lessonTitles = {},
}: {
  questions: Question[];
  /** Lesson slug → title, to name the lessons the summary suggests. */
  lessonTitles?: Readonly<Record<string, string>>;
  /** The topic's URL slug: practice positions are kept per slug. */
  topic: string;
  mixed?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const answers = useAppStore((s) => s.quiz.answers);
  const hydrated = useAppStore((s) => s.hydrated);
  const saved = useAppStore((s) => s.quiz.practice?.[topic]);
  const setPosition = useAppStore((s) => s.setPracticePosition);
  const [finished, setFinished] = useState(false);
  const seed = (mixed && saved?.seed) || FIRST_MIX;
  const ordered = useMemo(
    () => (mixed ? mixQuestions(questions, seed) : questions),
    [mixed, questions, seed],
  );
  // Until the saved progress is read, the first question (the server renders that one too).
  const index =
    hydrated && saved
      ? Math.max(
          0,
          ordered.findIndex((q) => q.id === saved.questionId),
        )
      : 0;
  const question = ordered[index];

  const linked = useRef(false);
  useEffect(() => {
    if (!hydrated || linked.current) return;
    linked.current = true;
    const url = new URL(window.location.href);
    const id = url.searchParams.get("q");
    if (id === null) return;
    if (ordered.some((q) => q.id === id)) setPosition(topic, id, mixed ? seed : undefined);
    // The address loses ?q= after this commit's effects: on a client navigation (a link on
    // /rules) the router writes the new address in an effect of its own above this page, which
    // runs after this one and would put ?q= back.
    // (No cleanup: a later run of this effect returns early, and the timer must still fire.)
    url.searchParams.delete("q");
    window.setTimeout(() => window.history.replaceState(window.history.state, "", url));
  }, [hydrated, ordered, topic, mixed, seed, setPosition]);

  const go = (next: number, order = ordered, nextSeed = seed) => {
    const target = order[next];
    if (!target) return;
    setFinished(false);
    setPosition(topic, target.id, mixed ? nextSeed : undefined);
    // Keyboard and screen-reader users land on the new question, not at the end of the old one.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const finish = () => {
    setFinished(true);
    requestAnimationFrame(() => heading.current?.focus());
  };

  useShortcuts((key) => {
    if (finished) return false;
    if (key === "n" && index + 1 < ordered.length) {
      go(index + 1);
      return true;
    }
    if (key === "p" && index > 0) {
      go(index - 1);
      return true;
    }
    return answerByKey(root, key);
  });

  if (!question) return null;
  if (finished) {
    return (
      <PracticeSummary
        questions={ordered}
        topic={topic}
        lessonTitles={lessonTitles}
        headingRef={heading}
        onGoTo={(id) => go(ordered.findIndex((q) => q.id === id))}
        onRestart={() => go(0)}
      />
    );
  }
  const answered = ordered.filter((q) => answers[q.id]).length;
  return (
    <div className="widget practice" data-testid="practice" ref={root}>
      <div className="practice-bar">
        <h2 ref={heading} tabIndex={-1} className="question-heading">
          Question {index + 1} of {ordered.length}
        </h2>
        <p className="muted">
          {mixed ? `${topicName(question.topic)} · ` : ""}
          {question.difficulty}
          {hydrated ? (
            <>
              {" "}
              · {answered} of {ordered.length} answered
            </>
          ) : null}
        </p>
      </div>
      <QuestionCard
        key={`${seed}:${question.id}`}
        question={question}
        lessonLink
        resume
        onNext={index + 1 < ordered.length ? () => go(index + 1) : undefined}
        end={
          <button type="button" onClick={finish}>
            See your score
          </button>
        }
      />
      <div className="practice-nav">
        <button
          type="button"
          className="secondary"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Previous question
        </button>
        {index + 1 < ordered.length ? (
          <button type="button" className="secondary" onClick={() => go(index + 1)}>
            Skip
          </button>
        ) : (
          <button type="button" className="secondary" onClick={finish}>
            Finish
          </button>
        )}
        {mixed ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              const next = randomSeed();
              go(0, mixQuestions(questions, next), next);
            }}
          >
            Shuffle
          </button>
        ) : (
          <button type="button" className="secondary" disabled={index === 0} onClick={() => go(0)}>
            Start again
          </button>
        )}
      </div>
      <ShortcutList
        items={[
          { keys: "1–9", does: "choose an option" },
          { keys: "Enter", does: "check the answer" },
          { keys: "N", does: "next question" },
          { keys: "P", does: "previous question" },
        ]}
      />
    </div>
  );
}

/**
 * The end of a practice set: the score by each question's last answer, every missed (and skipped)
 * question as a way back to it, and what to do next.
 */
function PracticeSummary({
  questions,
  topic,
  lessonTitles,
  headingRef,
  onGoTo,
  onRestart,
}: {
  questions: Question[];
  topic: string;
  lessonTitles: Readonly<Record<string, string>>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onGoTo: (id: string) => void;
  onRestart: () => void;
}) {
  const answers = useAppStore((s) => s.quiz.answers);
  const cards = useAppStore((s) => s.quiz.cards);
  const summary = summarizePractice(questions, answers);
  const byId = new Map(questions.map((q, i) => [q.id, { q, n: i + 1 }]));
  const due = dueToday(cards, new Date()).length;
  const others = [...TOPICS.map((t) => t.slug), MIXED].filter((slug) => slug !== topic);
  // The topic after this one in the list (mixed practice suggests the first topic).
  const here = Math.max(
    0,
    TOPICS.findIndex((t) => t.slug === topic),
  );
  const nextTopic = others[here % others.length];
  const next = TOPICS.find((t) => t.slug === nextTopic);
  const missedList = (ids: string[], label: string, testId: string) =>
    ids.length === 0 ? null : (
      <>
        <h3>
          {label} ({ids.length})
        </h3>
        <ol className="practice-missed" data-testid={testId}>
          {ids.map((id) => {
            const { q, n } = byId.get(id)!;
            return (
              <li key={id} data-question={id}>
                <button type="button" className="link-button" onClick={() => onGoTo(id)}>
                  Question {n}
                </button>
                : {stemExcerpt(q.stem)}
              </li>
            );
          })}
        </ol>
      </>
    );
  return (
    <div className="widget practice" data-testid="practice-summary">
      <h2 ref={headingRef} tabIndex={-1} className="question-heading">
        Your score on this set
      </h2>
      <p>
        <span className="stat" data-testid="practice-score">
          {summary.right} of {summary.total} right
          {summary.answered > 0 ? ` (${percent(summary.right / summary.total)} %)` : ""}
        </span>{" "}
        <span className="muted">
          by your last answer to each question · {summary.answered} of {summary.total} answered
        </span>
      </p>
      {missedList(summary.missed, "Missed", "practice-missed")}
      {missedList(summary.skipped, "Not answered yet", "practice-skipped")}
      <h3>Next steps</h3>
      <ul className="next-steps" data-testid="practice-next-steps">
        {summary.missed.length > 0 ? (
          <li>Try the missed ones again: select a question above, then &ldquo;Try again&rdquo;.</li>
        ) : null}
        {summary.lessons.map((slug) => (
          <li key={slug}>
            Read the lesson behind what you missed:{" "}
            <Link href={`/lessons/${slug}`}>{lessonTitles[slug] ?? slug}</Link>
          </li>
        ))}
        {due > 0 ? (
          <li>
            <Link href="/quizzes/review">
              Answer the {due} {due === 1 ? "question" : "questions"} due today
            </Link>{" "}
            (what you answered comes back, spaced out, missed ones first)
          </li>
        ) : null}
        <li>
          Practise another topic:{" "}
          {next ? (
            <Link href={practiceHref(next.id)}>{next.name}</Link>
          ) : (
            <Link href={practiceHref(MIXED)}>every topic, mixed</Link>
          )}
        </li>
        <li>
          Test yourself under time: <Link href="/quizzes/exam">take a practice exam</Link>
        </li>
      </ul>
      <p>
        <button type="button" className="secondary" onClick={onRestart}>
          Start the set again
        </button>
      </p>
    </div>
  );
}
