"use client";

import Link from "@/app/_components/link";
import { useAppStore } from "./store-provider";

interface Props {
  lessons: { slug: string; title: string }[];
  questionIds: string[];
}

/** Progress so far, read from the learner's saved state. */
export function HomeProgress({ lessons, questionIds }: Props) {
  const hydrated = useAppStore((s) => s.hydrated);
  const completed = useAppStore((s) => s.lessons.completed);
  const answers = useAppStore((s) => s.quiz.answers);
  const done = lessons.filter((l) => completed[l.slug]).length;
  const answered = questionIds.filter((id) => answers[id]).length;
  const next = lessons.find((l) => !completed[l.slug]);
  return (
    <section aria-labelledby="progress-heading" className="card" data-testid="home-progress">
      <h2 id="progress-heading">Your progress</h2>
      {!hydrated ? (
        <p className="muted">Loading your saved progress…</p>
      ) : (
        <>
          <p>
            <span className="stat" data-testid="lessons-done">
              {done} of {lessons.length}
            </span>{" "}
            lessons complete ·{" "}
            <span className="stat" data-testid="questions-answered">
              {answered} of {questionIds.length}
            </span>{" "}
            questions answered
          </p>
          {next ? (
            <p>
              Next up: <Link href={`/lessons/${next.slug}`}>{next.title}</Link>
            </p>
          ) : (
            <p>Every lesson is complete.</p>
          )}
        </>
      )}
    </section>
  );
}
