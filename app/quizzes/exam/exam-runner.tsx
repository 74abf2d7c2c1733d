"use client";

import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import Link from "@/app/_components/link";
import {
  EXAM_DURATION_MS,
  EXAM_GENERATED,
  EXAM_SIZE,
  formatDuration,
  PASS_MARK,
} from "@/lib/quiz/exam";
import { randomSeed } from "@/lib/quiz/random";
import { percent } from "@/lib/quiz/scoring";
import { durationFor, timeTaken } from "@/lib/quiz/session";
import { useAppStore } from "../../_components/store-provider";
import type { LazyState } from "@/app/_components/lazy-module";
import { LoadFailed } from "@/app/_components/load-failed";
import { examEngine } from "./exam-engine-loader";
import { examKindLabel } from "./exam-kind";
import { Readiness } from "../readiness";
import { isoDateTime } from "@/lib/dates";

/** How many questions a one-topic exam draws (fewer when the topic has fewer). */
const TOPIC_EXAM_SIZE = 10;

/** The address of one exam's results: the Progress page links here. */
export function examResultHref(id: string): string {
  return `/quizzes/exam?result=${encodeURIComponent(id)}`;
}

/**
 * Exam mode. With no exam running it shows the rules, a start button and the history; with one
 * running (also after a reload: the session lives in the saved progress) it shows one question at
 * a time, the countdown, flags and the review screen; after submitting, the results.
 */
export function ExamRunner({
  questions,
  lessonOf,
}: {
  questions: Question[];
  /** Rule ID → the lesson teaching it, for generated items' lesson links (lessonsByRule). */
  lessonOf?: Readonly<Record<string, string>>;
}) {
  const hydrated = useAppStore((s) => s.hydrated);
  const exam = useAppStore((s) => s.quiz.exam);
  const history = useAppStore((s) => s.quiz.exams);
  const startExam = useAppStore((s) => s.startExam);
  const submitExam = useAppStore((s) => s.submitExam);
  // Which results are on screen: what this page last chose, else the `result` search parameter.
  const fromUrl = useSearchParams().get("result");
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const viewing = chosen === undefined ? fromUrl : chosen;

  const byId = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  // Generated items are drawn again from their ids (lib/drill/exam-items), bank ones looked up.
  // That engine, with the results screen, is a chunk of its own (exam-engine.ts): the start page
  // does without it, a running exam and its results wait for it.
  const engineState = examEngine.useLoaded(hydrated);
  const engine = engineState.status === "ready" ? engineState.module : undefined;
  const lookup = useMemo(
    () => engine?.examLookup((id) => byId.get(id), lessonOf),
    [engine, byId, lessonOf],
  );
  const start = () =>
    startExam(questions, { kind: "full", seed: randomSeed(), generated: EXAM_GENERATED });

  const show = (id: string | null) => {
    setChosen(id);
    // Next keeps useSearchParams in step with history.replaceState; no navigation happens.
    window.history.replaceState(null, "", id ? examResultHref(id) : "/quizzes/exam");
  };

  const submit = (auto: boolean) => {
    if (!lookup) return;
    const record = submitExam(lookup, { auto });
    if (record) show(record.id);
  };

  if (!hydrated) return <p className="muted">Loading your saved progress…</p>;

  const record = viewing ? history.find((r) => r.id === viewing) : undefined;
  if ((exam || record) && !(engine && lookup)) return <EngineWait state={engineState} />;

  if (exam && engine && lookup) {
    const { RunningExam } = engine;
    return <RunningExam exam={exam} lookup={lookup} onSubmit={submit} />;
  }

  if (record && engine && lookup) {
    const { ExamResults } = engine;
    return (
      <ExamResults
        record={record}
        lookup={lookup}
        onBack={() => show(null)}
        onStart={() => {
          show(null);
          start();
        }}
        onRetake={(retake) => {
          const pool =
            "ids" in retake
              ? retake.ids.flatMap((id) => lookup(id) ?? [])
              : questions.filter((q) => q.topic === retake.topic);
          const size = Math.min(pool.length, "ids" in retake ? pool.length : TOPIC_EXAM_SIZE);
          if (size === 0) return;
          show(null);
          startExam(pool, {
            kind: "ids" in retake ? "retake" : "topic",
            seed: randomSeed(),
            size,
            durationMs: durationFor(size),
          });
        }}
      />
    );
  }

  return (
    <>
      <section aria-labelledby="exam-rules" className="card">
        <h2 id="exam-rules">How the exam works</h2>
        <ul>
          <li>
            {EXAM_SIZE} questions: {EXAM_SIZE - EXAM_GENERATED} drawn at random from the{" "}
            {questions.length} of the bank, balanced across the nine topics, and {EXAM_GENERATED}{" "}
            generated predict-the-host items, new for every exam and keyed by running the host
            engine, as in the <Link href="/quizzes/drill">drill</Link>.
          </li>
          <li>
            {EXAM_DURATION_MS / 60_000} minutes. When the clock reaches zero the exam is submitted
            as it stands.
          </li>
          <li>
            Pass mark: <strong>{Math.round(PASS_MARK * 100)} %</strong>. An unanswered question
            counts as wrong.
          </li>
          <li>
            No feedback until you submit. Flag questions to come back to, and go through them on the
            &ldquo;Check your answers&rdquo; screen before submitting.
          </li>
          <li>
            Your answers are saved as you go: a reload or a closed tab does not lose the exam, but
            the clock keeps running.
          </li>
        </ul>
        <button type="button" onClick={start}>
          Start exam
        </button>
      </section>
      <section aria-labelledby="exam-readiness-heading">
        <h2 id="exam-readiness-heading">Your readiness</h2>
        <Readiness questions={questions} details />
      </section>
      <section aria-labelledby="exam-history">
        <h2 id="exam-history">Your exams</h2>
        {history.length === 0 ? (
          <p className="muted">No exam taken yet.</p>
        ) : (
          <div className="table-scroll quiz-table-scroll">
            <table data-testid="exam-history">
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  <th scope="col">Exam</th>
                  <th scope="col">Score</th>
                  <th scope="col">Time taken</th>
                  <th scope="col">Result</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((r) => (
                  <tr key={r.id}>
                    <td>{isoDateTime(r.submittedAt)}</td>
                    <td data-testid="exam-kind">{examKindLabel(r)}</td>
                    <td>
                      {r.correct} of {r.total} ({percent(r.total ? r.correct / r.total : 0)} %)
                    </td>
                    <td>{formatDuration(timeTaken(r))}</td>
                    <td className={r.passed ? "verdict-pass" : "verdict-fail"}>
                      {r.passed ? "Passed" : "Not passed"}
                      {r.autoSubmitted ? " (time ran out)" : ""}
                    </td>
                    <td>
                      <button type="button" className="secondary" onClick={() => show(r.id)}>
                        View results
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/**
 * Shown while the exam's engine chunk is still on its way (a slow link, or a click within the
 * first moments of a first visit), and if it fails: the exam is saved, so nothing is lost by
 * trying again.
 */
function EngineWait({ state }: { state: LazyState<unknown> }) {
  if (state.status !== "failed")
    return (
      <p className="muted" role="status">
        Loading the exam…
      </p>
    );
  return (
    <LoadFailed onRetry={examEngine.retry}>
      The exam&rsquo;s code did not load (is the connection down?). Your exam and your answers are
      saved.
    </LoadFailed>
  );
}
