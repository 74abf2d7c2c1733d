"use client";

import Link from "next/link";
import { useAppStore } from "../_components/store-provider";

interface Props {
  lessons: { slug: string; title: string }[];
  banks: { id: string; title: string; questionIds: string[] }[];
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

export function ProgressView({ lessons, banks }: Props) {
  const hydrated = useAppStore((s) => s.hydrated);
  const completed = useAppStore((s) => s.lessons.completed);
  const answers = useAppStore((s) => s.quiz.answers);
  const keptAside = useAppStore((s) => s.keptAside);
  const discard = useAppStore((s) => s.discardKeptAside);

  if (!hydrated) return <p className="muted">Loading your saved progress…</p>;
  return (
    <>
      <section aria-labelledby="lessons-heading">
        <h2 id="lessons-heading">Lessons</h2>
        <ul>
          {lessons.map((l) => (
            <li key={l.slug}>
              <Link href={`/lessons/${l.slug}`}>{l.title}</Link>{" "}
              {completed[l.slug] ? (
                <span>✓ completed {new Date(completed[l.slug]!).toLocaleDateString()}</span>
              ) : (
                <span className="muted">not yet</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="quiz-heading">
        <h2 id="quiz-heading">Quizzes</h2>
        <ul>
          {banks.map((b) => {
            const stats = b.questionIds.map((id) => answers[id]).filter((a) => a !== undefined);
            const right = stats.filter((a) => a.lastCorrect).length;
            return (
              <li key={b.id} data-bank={b.id}>
                {b.title}: {stats.length} of {b.questionIds.length} answered, {right} right on the
                last try
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="kept-aside">
        <h2 id="kept-aside">Data kept aside</h2>
        {keptAside.length === 0 ? (
          <p className="muted">Nothing: all your saved data was readable.</p>
        ) : (
          <>
            <p>
              This data could not be loaded, so it was set aside instead of being overwritten.
              Export it to keep it; discard it once you no longer need it.
            </p>
            <ul data-testid="kept-aside-list">
              {keptAside.map((k) => (
                <li key={k.key}>
                  <code>{k.reason}</code> at {k.at || "unknown time"} ({k.raw.length} characters
                  {k.savedInStorage
                    ? ""
                    : ", held in memory only: export it before closing the tab"}
                  ){" "}
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
    </>
  );
}
