"use client";

import Link from "@/app/_components/link";
import { dueToday } from "@/lib/quiz/card";
import { fullExamsTaken } from "@/lib/quiz/session";
import { pathProgress, type PathId, type ProgressStep } from "@/lib/paths/progress";
import { useAppStore } from "./store-provider";

/** One step as the page shows it, resolved on the server from content/paths/. */
export interface PathStepView {
  /** "Lesson 4", "Simulator", "Practice", … */
  kind: string;
  title: string;
  href: string;
  note: string;
  minutes?: number;
  progress: ProgressStep;
}

export interface PathView {
  id: PathId;
  audience: string;
  summary: string;
  steps: PathStepView[];
}

/**
 * The home page's first question: who is the learner? Each answer shows its ordered path through
 * lessons, presets, practice, the exam and the reviews, with the learner's progress along it read
 * from the saved progress. The choice is saved with the preferences.
 */
export function LearningPaths({
  paths,
  topicQuestions,
}: {
  paths: PathView[];
  topicQuestions: Record<string, string[]>;
}) {
  const hydrated = useAppStore((s) => s.hydrated);
  const chosen = useAppStore((s) => s.preferences.path);
  const setPath = useAppStore((s) => s.setPath);
  const path = hydrated ? paths.find((p) => p.id === chosen) : undefined;
  return (
    <section
      aria-labelledby="paths-heading"
      className="learning-paths"
      data-testid="learning-paths"
    >
      <h2 id="paths-heading">Where should you start?</h2>
      <fieldset className="path-choice">
        <legend>Pick the one that fits you best; you can change it at any time.</legend>
        {paths.map((p) => (
          <label key={p.id} className="path-option">
            <input
              type="radio"
              name="learning-path"
              value={p.id}
              checked={p.id === path?.id}
              disabled={!hydrated}
              onChange={() => setPath(p.id)}
            />{" "}
            {p.audience}
          </label>
        ))}
      </fieldset>
      {path ? (
        <PathSteps path={path} topicQuestions={topicQuestions} />
      ) : (
        <p className="muted">
          Each choice gives an ordered path through the lessons, the simulator, practice and the
          reviews, and shows how far along it you are.
        </p>
      )}
    </section>
  );
}

function PathSteps({
  path,
  topicQuestions,
}: {
  path: PathView;
  topicQuestions: Record<string, string[]>;
}) {
  const completedLessons = useAppStore((s) => s.lessons.completed);
  const answers = useAppStore((s) => s.quiz.answers);
  const cards = useAppStore((s) => s.quiz.cards);
  // The path's exam step is the full exam: a retake or a topic exam is practice towards it.
  const examsTaken = useAppStore((s) => fullExamsTaken(s.quiz.exams));
  const progress = pathProgress(
    path.steps.map((s) => s.progress),
    {
      completedLessons,
      answers,
      examsTaken,
      cards: Object.keys(cards).length,
      dueToday: dueToday(cards, new Date()).length,
      topicQuestions,
    },
  );
  const next = progress.next === null ? undefined : path.steps[progress.next];
  const reading = path.steps.reduce((sum, s) => sum + (s.minutes ?? 0), 0);
  return (
    <div data-testid="path" data-path={path.id}>
      <p>
        {path.summary} {path.steps.length} steps, about {reading} minutes of reading.
      </p>
      <p data-testid="path-progress">
        <span className="progress-bar" aria-hidden="true">
          <span style={{ width: `${(progress.done / progress.tracked) * 100}%` }} />
        </span>{" "}
        <span className="stat">
          {progress.done} of {progress.tracked}
        </span>{" "}
        steps done
        {progress.tracked < path.steps.length
          ? ` (${path.steps.length - progress.tracked} not tracked)`
          : null}
        {next ? (
          <>
            {" "}
            · Next: <Link href={next.href}>{next.title}</Link>
          </>
        ) : (
          " · every step done"
        )}
      </p>
      <ol className="path-steps" data-testid="path-steps">
        {path.steps.map((step, i) => {
          const status = progress.statuses[i]!;
          return (
            <li
              key={`${i}:${step.href}`}
              data-done={status.done}
              aria-current={i === progress.next ? "step" : undefined}
            >
              <span className="path-kind">{step.kind}</span>{" "}
              <Link href={step.href}>{step.title}</Link>
              {step.minutes ? <span className="muted"> · {step.minutes} min</span> : null}
              {status.done ? <span className="path-done"> · ✓ done</span> : null}
              {status.detail && !(status.done && step.progress.kind === "lesson") ? (
                <span className="muted"> · {status.detail}</span>
              ) : null}
              <br />
              <span className="muted">{step.note}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
