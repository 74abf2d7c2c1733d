"use client";

import { COLLECT_STEP_LABELS, COLLECT_STEPS, type CollectStep } from "@/lib/review/steps";
import type { Phase } from "./review-phase";

/** Which step the review is at, as a live status line and a bar; empty when none is running. */
export function ReviewProgress({ phase }: { phase: Phase }) {
  const current = phase.kind === "running" ? phase.step : undefined;
  const steps: (CollectStep | "load")[] = ["load", ...COLLECT_STEPS];
  const at = current ? steps.indexOf(current) : -1;
  return (
    <div role="status" aria-live="polite" className="review-progress" data-testid="review-progress">
      {current ? (
        <>
          <p>
            Step {at + 1} of {steps.length}:{" "}
            <span data-testid="review-step" data-step={current}>
              {current === "load"
                ? "Loading the host and the checklist"
                : COLLECT_STEP_LABELS[current]}
            </span>
            …
          </p>
          <div className="progress-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(((at + 0.5) / steps.length) * 100)}%` }} />
          </div>
        </>
      ) : null}
    </div>
  );
}
