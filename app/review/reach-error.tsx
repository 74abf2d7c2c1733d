"use client";

import type { ReachProblem } from "@/lib/review/reach";

/** Why the review could not reach (or read) the server, with the fixes to try. */
export function ReachError({
  problem,
  id,
  headingRef,
}: {
  problem: ReachProblem;
  id: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      className="review-error"
      id={id}
      data-testid="review-error"
      data-kind={problem.kind}
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} tabIndex={-1} ref={headingRef}>
        {problem.title}
      </h2>
      <p>{problem.message}</p>
      {problem.fixes.length ? (
        <ul>
          {problem.fixes.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {problem.cli ? (
        <p>
          From a terminal (no CORS there): <code data-testid="review-cli">{problem.cli}</code>
        </p>
      ) : null}
    </section>
  );
}
