"use client";

import Link from "@/app/_components/link";
import { InlineCode } from "../_components/inline-code";
import { useAppStore } from "../_components/store-provider";

interface Item {
  slug: string;
  title: string;
  summary: string;
  minutes: number;
  rules: string[];
}

export function LessonList({ lessons }: { lessons: Item[] }) {
  const completed = useAppStore((s) => s.lessons.completed);
  return (
    <ol className="cards">
      {lessons.map((l, i) => (
        <li key={l.slug} className="card">
          <p className="lesson-number">
            Lesson {i + 1} of {lessons.length}
          </p>
          <h2>
            <Link href={`/lessons/${l.slug}`}>{l.title}</Link>
          </h2>
          <p>
            <InlineCode text={l.summary} />
          </p>
          <p className="muted">
            {l.minutes} min ·{" "}
            {l.rules.map((id, i) => (
              <span key={id}>
                {i > 0 ? ", " : null}
                <span className="rule-id">{id}</span>
              </span>
            ))}
            {completed[l.slug] ? " · ✓ complete" : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
