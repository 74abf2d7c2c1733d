"use client";

import { useAppStore } from "../../_components/store-provider";

export function MarkComplete({ slug }: { slug: string }) {
  const completedAt = useAppStore((s) => s.lessons.completed[slug]);
  const complete = useAppStore((s) => s.markLessonComplete);
  const undo = useAppStore((s) => s.markLessonIncomplete);
  return completedAt ? (
    <p data-mark-complete>
      <span data-testid="lesson-status">
        ✓ Completed {new Date(completedAt).toLocaleDateString()}
      </span>{" "}
      <button type="button" className="secondary" onClick={() => undo(slug)}>
        Mark as not complete
      </button>
    </p>
  ) : (
    <p data-mark-complete>
      <button type="button" onClick={() => complete(slug)}>
        Mark lesson complete
      </button>
    </p>
  );
}
