"use client";

import Link from "@/app/_components/link";
import { ScoreCell, TopicHeader } from "../quizzes/score-cell";
import { topicMastery } from "@/lib/quiz/mastery";
import { dueToday, formatInterval } from "@/lib/quiz/card";
import { formatDuration } from "@/lib/quiz/exam";
import { percent } from "@/lib/quiz/scoring";
import { timeTaken } from "@/lib/quiz/session";
import { STORAGE_NAME } from "@/lib/store/basics";
import { formatBytes, measureStorage, type StorageUsage } from "@/lib/store/safe-storage";
import { useAppStore } from "../_components/store-provider";
import { examKindLabel } from "../quizzes/exam/exam-kind";
import { examResultHref } from "../quizzes/exam/exam-runner";
import { HostsReadiness } from "../quizzes/hosts-readiness";
import { Readiness, RuleMasteryTable } from "../quizzes/readiness";
import { topicName, TOPICS } from "../quizzes/topics";
import { useNow } from "../quizzes/use-now";
import { download, ProgressTransfer } from "./progress-transfer";
import { isoDate, isoDateTime } from "@/lib/dates";

interface Props {
  lessons: { slug: string; title: string }[];
  questions: { id: string; topic: string; excerpt: string }[];
  /** Each simulator preset's title by its id, so predictions are listed by name. */
  presetTitles: Record<string, string>;
  /** The hosts with a profile, for drills on real hosts (a topic apart from the exam's). */
  hosts: { id: string; name: string }[];
}

/** Why a saved value could not be loaded, in words (the store's reason codes stay internal). */
const UNREADABLE_REASON: Record<string, string> = {
  corrupted: "damaged: not valid JSON",
  invalid: "not in the shape this app saves",
  "future-version": "saved by a newer version of this app",
};

export function ProgressView({ lessons, questions, presetTitles, hosts }: Props) {
  const hydrated = useAppStore((s) => s.hydrated);
  const completed = useAppStore((s) => s.lessons.completed);
  const answers = useAppStore((s) => s.quiz.answers);
  const cards = useAppStore((s) => s.quiz.cards);
  const exams = useAppStore((s) => s.quiz.exams);
  const runningExam = useAppStore((s) => s.quiz.exam);
  const now = useNow(30_000);

  if (!hydrated) return <p className="muted">Loading your saved progress…</p>;
  const mastery = topicMastery(
    TOPICS.map((t) => t.id),
    questions,
    answers,
  );
  const excerpt = new Map(questions.map((q) => [q.id, q.excerpt]));
  const due = dueToday(cards, new Date(now));
  const cardCount = Object.keys(cards).length;
  return (
    <>
      <section aria-labelledby="lessons-heading">
        <h2 id="lessons-heading">Lessons</h2>
        <ul>
          {lessons.map((l) => (
            <li key={l.slug}>
              <Link href={`/lessons/${l.slug}`}>{l.title}</Link>{" "}
              {completed[l.slug] ? (
                <span>✓ completed {isoDate(completed[l.slug]!)}</span>
              ) : (
                <span className="muted">not yet</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quiz-heading">
        <h2 id="quiz-heading">Mastery by topic</h2>
        <p className="muted">
          Questions answered right on your last try, out of every question in the topic.
        </p>
        <div className="table-scroll quiz-table-scroll">
          <table className="mastery-table" data-testid="mastery">
            <thead>
              <tr>
                <th scope="col">Topic</th>
                <th scope="col">Answered</th>
                <th scope="col">Right last time</th>
                <th scope="col">Mastery</th>
              </tr>
            </thead>
            <tbody>
              {mastery.map((m) => {
                const p = percent(m.total ? m.right / m.total : 0);
                return (
                  <tr key={m.topic} data-topic={m.topic}>
                    <TopicHeader topic={m.topic} />
                    <td>
                      {m.answered} of {m.total}
                    </td>
                    <td>{m.right}</td>
                    <ScoreCell percent={p} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="readiness-heading">
        <h2 id="readiness-heading">Readiness</h2>
        <Readiness questions={questions} />
      </section>

      <section aria-labelledby="rule-mastery-heading">
        <h2 id="rule-mastery-heading">Mastery by rule (drills)</h2>
        <p className="muted">
          Each rule a drilled item rested on: how many you got right, your share right over its last
          drills, and when its drill card is due again.
        </p>
        <RuleMasteryTable />
      </section>

      <section aria-labelledby="hosts-readiness-heading">
        <h2 id="hosts-readiness-heading">Real hosts (not part of the exam)</h2>
        <p className="muted">
          Drills on real hosts ask what one host does, decided with its profile. They are a topic
          apart: no exam topic, rule card or exam readiness above counts them.
        </p>
        <HostsReadiness hosts={hosts} />
      </section>

      <section aria-labelledby="review-heading">
        <h2 id="review-heading">Due questions</h2>
        {cardCount === 0 ? (
          <p className="muted">No cards yet: every question you answer becomes one.</p>
        ) : (
          <>
            <p data-testid="due-summary">
              {cardCount} {cardCount === 1 ? "card" : "cards"},{" "}
              <strong>{due.length} due today</strong>
              {due.length > 0 ? (
                <>
                  {" "}
                  · <Link href="/quizzes/review">Answer them</Link>
                </>
              ) : null}
            </p>
            {due.length > 0 ? (
              <ul data-testid="due-cards">
                {due.slice(0, 10).map((c) => (
                  <li key={c.id}>
                    {excerpt.get(c.id) ?? c.id}{" "}
                    <span className="muted">
                      {c.overdue ? "(due now)" : `(in ${formatInterval(Date.parse(c.due) - now)})`}
                    </span>
                  </li>
                ))}
                {due.length > 10 ? <li className="muted">and {due.length - 10} more</li> : null}
              </ul>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="exams-heading">
        <h2 id="exams-heading">Exam history</h2>
        {runningExam ? (
          <p>
            An exam is in progress: <Link href="/quizzes/exam">resume it</Link>.
          </p>
        ) : null}
        {exams.length === 0 ? (
          <p className="muted">No exam taken yet.</p>
        ) : (
          <div className="table-scroll quiz-table-scroll">
            <table data-testid="progress-exam-history">
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  <th scope="col">Exam</th>
                  <th scope="col">Score</th>
                  <th scope="col">Time taken</th>
                  <th scope="col">Result</th>
                  <th scope="col">Weakest topic</th>
                </tr>
              </thead>
              <tbody>
                {exams.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <Link href={examResultHref(e.id)}>{isoDateTime(e.submittedAt)}</Link>
                    </td>
                    <td data-testid="progress-exam-kind">{examKindLabel(e)}</td>
                    <td>
                      {e.correct} of {e.total} ({percent(e.total ? e.correct / e.total : 0)} %)
                    </td>
                    <td data-testid="progress-exam-time">{formatDuration(timeTaken(e))}</td>
                    <td className={e.passed ? "verdict-pass" : "verdict-fail"}>
                      {e.passed ? "Passed" : "Not passed"}
                    </td>
                    <td>{e.byTopic[0] ? topicName(e.byTopic[0].topic) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="predictions-heading">
        <h2 id="predictions-heading">Simulator predictions</h2>
        <SimulatorPredictions answers={answers} titles={presetTitles} />
      </section>

      <ProgressTransfer />

      <UnreadableData version={[completed, answers, cards, exams, runningExam]} />
    </>
  );
}

/** Saved progress that could not be loaded: the copies made of it, to export or discard. */
function UnreadableData({ version }: { version: unknown[] }) {
  const keptAside = useAppStore((s) => s.keptAside);
  const discard = useAppStore((s) => s.discardKeptAside);
  return (
    <section aria-labelledby="kept-aside">
      <h2 id="kept-aside">Saved data that could not be read</h2>
      <StorageUsageLine
        keptAside={keptAside.map((k) => k.key)}
        discard={discard}
        version={version}
      />
      {keptAside.length === 0 ? (
        <p className="muted">Nothing: all your saved data was readable.</p>
      ) : (
        <>
          <p>
            This browser held progress this app could not load. Rather than overwrite it, the app
            saved a copy apart from your progress. Export it to keep it; discard it once you no
            longer need it.
          </p>
          <ul data-testid="kept-aside-list">
            {keptAside.map((k) => (
              <li key={k.key}>
                {UNREADABLE_REASON[k.reason] ?? k.reason}, set aside at {k.at || "an unknown time"}{" "}
                ({k.raw.length} characters
                {k.savedInStorage
                  ? ""
                  : ", held in memory only: export it before closing the tab"}){" "}
                <button
                  type="button"
                  onClick={() =>
                    download(
                      `mcp-apps-academy-kept-aside-${k.reason}-${k.at || "unknown"}.txt`,
                      k.raw,
                    )
                  }
                >
                  Export
                </button>{" "}
                <button type="button" className="secondary" onClick={() => discard(k.key)}>
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Predict-then-run results from the simulator, stored with the answers under "simulator:<preset>". */
function SimulatorPredictions({
  answers,
  titles,
}: {
  answers: Record<string, { attempts: number; correct: number; lastCorrect: boolean }>;
  titles: Record<string, string>;
}) {
  const entries = Object.entries(answers).filter(([id]) => id.startsWith("simulator:"));
  if (entries.length === 0) {
    return (
      <p className="muted">
        None yet. In the <Link href="/simulator">simulator</Link>, tick &ldquo;predict&rdquo; before
        a run to test yourself.
      </p>
    );
  }
  const right = entries.filter(([, a]) => a.lastCorrect).length;
  return (
    <>
      <p data-testid="prediction-summary">
        {entries.length} scenario{entries.length === 1 ? "" : "s"} predicted; {right} fully right on
        the last try.
      </p>
      <ul>
        {entries.map(([id, a]) => (
          <li key={id}>
            <Link href={`/simulator?preset=${id.slice("simulator:".length)}`}>
              {titles[id.slice("simulator:".length)] ?? "A preset no longer in the simulator"}
            </Link>
            : {a.lastCorrect ? "right" : "not quite"} ({a.correct} of {a.attempts} right)
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * How much of this browser's storage the app takes, and a way to free the copies of unreadable data.
 * `version` changes whenever the saved progress does, so the figures are measured again.
 */
function StorageUsageLine({
  keptAside,
  discard,
  version,
}: {
  keptAside: string[];
  discard: (key: string) => void;
  version: readonly unknown[];
}) {
  let usage: StorageUsage | null = null;
  try {
    void version;
    usage = measureStorage(window.localStorage, STORAGE_NAME);
  } catch {
    usage = null;
  }
  if (!usage)
    return <p className="muted">This browser does not let the app measure its storage.</p>;
  return (
    <p data-testid="storage-usage">
      This app uses <strong>{formatBytes(usage.progress + usage.keptAside)}</strong> of this
      browser&rsquo;s storage: {formatBytes(usage.progress)} for your progress and{" "}
      {formatBytes(usage.keptAside)} for saved data that could not be read.
      {keptAside.length > 0 ? (
        <>
          {" "}
          <button
            type="button"
            className="secondary"
            onClick={() => keptAside.forEach((key) => discard(key))}
          >
            Discard all unreadable saved data (frees {formatBytes(usage.keptAside)})
          </button>
        </>
      ) : null}
    </p>
  );
}
