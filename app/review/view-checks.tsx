"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import type { ReportItem } from "@/lib/review/report";
import type { TraceEntry } from "@/lib/host/view/trace";
import type { ViewFailure } from "@/lib/review/view-failures";
import { viewChecks } from "@/lib/review/view-checks";
import { ReportItems } from "./report-items";

/**
 * What the rendered view itself did, judged (lib/review/view-checks): drawn after each redraw of
 * a Run or a Preview, with the checks as JSON to download — the same objects
 * `npm run review -- --render` reads.
 */
export function ViewChecks({
  tool,
  log,
  state,
  failures,
  initMs,
  startedAt,
  onItems,
}: {
  tool: string;
  log: readonly TraceEntry[];
  state: string;
  failures: readonly ViewFailure[];
  initMs?: number;
  /** `performance.now()` when the session started: the view has been watched since. */
  startedAt: number;
  /** The checks as they change: the review's report takes them in place of its static items. */
  onItems?: (items: ReportItem[]) => void;
}) {
  const judge = useCallback(
    () =>
      viewChecks({
        tool,
        trace: log,
        state,
        failures,
        watchedMs: Math.round(performance.now() - startedAt),
        ...(initMs !== undefined ? { initMs } : {}),
      }),
    [tool, log, state, failures, initMs, startedAt],
  );
  const items = useMemo(() => judge(), [judge]);
  // Told once per new set of items, whatever function the parent passes on this render.
  const tell = useRef(onItems);
  useEffect(() => {
    tell.current = onItems;
  });
  useEffect(() => tell.current?.(items), [items]);
  const download = () => {
    // Judged again as downloaded: the view has been watched for longer than the table's last redraw.
    const items = judge();
    const blob = new Blob([`${JSON.stringify(items, null, 2)}\n`], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `view-checks-${tool.replace(/[^\w.-]/g, "_")}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section className="runner-block" aria-label="The view's own checks">
      <ReportItems
        items={items}
        caption="The view's own requirements, from what it sent while rendered"
        captionShown
        testId="view-checks"
      />
      <p>
        <button
          type="button"
          className="secondary"
          onClick={download}
          data-testid="view-checks-json"
        >
          Download these checks (JSON)
        </button>
      </p>
    </section>
  );
}
