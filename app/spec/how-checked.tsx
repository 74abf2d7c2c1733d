import Link from "@/app/_components/link";
import type { LoadedSpecEntry } from "@/lib/content/spec";
import { splitTestRef } from "@/lib/content/spec-coverage";

/** How an entry is checked: our host's tests, server review items, or why it is not (yet). */
export function HowChecked({ entry }: { entry: LoadedSpecEntry }) {
  const c = entry.check;
  if ("tests" in c) {
    return (
      <>
        <span className="spec-check-label">Our host: tested by</span>
        <ul>
          {c.tests.map((t) => {
            const { file, title } = splitTestRef(t);
            return (
              <li key={t}>
                “{title}” <span className="muted">({file})</span>
              </li>
            );
          })}
        </ul>
      </>
    );
  }
  if ("review" in c) {
    return (
      <>
        <span className="spec-check-label">
          <Link href="/review">Server review</Link> items:
        </span>{" "}
        {c.review.map((id, i) => (
          <span key={id}>
            {i > 0 ? ", " : ""}
            <code>{id}</code>
          </span>
        ))}
      </>
    );
  }
  if ("notApplicable" in c) {
    return (
      <>
        <span className="spec-check-label">Does not apply to our host:</span> {c.notApplicable}
      </>
    );
  }
  if ("notCheckable" in c) {
    return (
      <>
        <span className="spec-check-label">Not checkable from outside:</span> {c.notCheckable}
      </>
    );
  }
  return (
    <>
      <span className="spec-check-label spec-gap">Not checked yet:</span> {c.none}
    </>
  );
}
