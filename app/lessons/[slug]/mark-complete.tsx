"use client";

import { useAppStore } from "../../_components/store-provider";
import { isoDate } from "@/lib/dates";

export function MarkComplete({ slug }: { slug: string }) {
  const completedAt = useAppStore((s) => s.lessons.completed[slug]);
  const complete = useAppStore((s) => s.markLessonComplete);
  const undo = useAppStore((s) => s.markLessonIncomplete);
  // Until the store has read localStorage, a click would be overwritten by the saved state (and
  // before hydration a click does nothing at all): the button waits, and says so.
  const hydrated = useAppStore((s) => s.hydrated);
  return completedAt ? (
    <p data-mark-complete>
      <span data-testid="lesson-status">✓ Completed {isoDate(completedAt)}</span>{" "}
      <button type="button" className="secondary" onClick={() => undo(slug)}>
        Mark as not complete
      </button>
    </p>
  ) : (
    <p data-mark-complete>
      <button
        type="button"
        disabled={!hydrated}
        aria-busy={!hydrated}
        onClick={() => complete(slug)}
      >
        Mark lesson complete
      </button>
    </p>
  );
}
