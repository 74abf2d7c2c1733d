"use client";

import { useCallback, useMemo, useState } from "react";
import type { BrowserReviewResult } from "@/lib/review/browser";
import type { ReportItem } from "@/lib/review/report";
import { withRenderedItems } from "@/lib/review/rendered-items";
import { LazyWorksInTable as WorksInTable } from "./lazy-result-parts";
import { ReportItems } from "./report-items";
import type { ReviewTarget } from "./review-phase";
import { ResourcesTable, ToolsTable } from "./server-listing";
import { ReviewSummary } from "./review-summary";
import { PlainToolSection, UiToolSection } from "./tool-sections";

/** The review's result: the summary and downloads, the server's items, its listings, each tool. */
export function ReviewResult({
  target,
  result,
  headingRef,
}: {
  target: ReviewTarget;
  result: Extract<BrowserReviewResult, { ok: true }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { input } = result;
  const r = input.review;
  // A Preview or a Run judges the view itself: its items replace the report's static ones (the
  // "needs a browser" item among them), in the counts and the downloads too, as --render does.
  const [rendered, setRendered] = useState<Record<string, ReportItem[]>>({});
  const report = useMemo(
    () => withRenderedItems(result.report, Object.values(rendered).flat()),
    [result.report, rendered],
  );
  const staticIds = useMemo(() => new Set(result.report.items.map((i) => i.id)), [result.report]);
  const onViewChecks = useCallback(
    (tool: string, items: ReportItem[]) => setRendered((prev) => ({ ...prev, [tool]: items })),
    [],
  ); // The tools each view was seen to call in a Run: "Works in" then puts them through every host.
  const [called, setCalled] = useState<Record<string, string[]>>({});
  const onAppCalls = useCallback(
    (tool: string, names: string[]) => setCalled((prev) => ({ ...prev, [tool]: names })),
    [],
  );
  const worksIn = useMemo(
    () =>
      Object.keys(called).length && result.worksInWith
        ? result.worksInWith(new Map(Object.entries(called)))
        : result.worksIn,
    [called, result],
  );

  const serverItems = report.items.filter((i) => i.tool === undefined);
  return (
    <div className="review-result" data-testid="review-result">
      <ReviewSummary
        report={report}
        worksIn={worksIn}
        target={target}
        capabilities={r.serverCapabilities}
        headingRef={headingRef}
      />

      <section aria-labelledby="review-server-items-h">
        <h2 id="review-server-items-h">Checklist: the server</h2>
        <ReportItems items={serverItems} caption="Server-level checklist items" />
      </section>

      {worksIn && <WorksInTable worksIn={worksIn} />}

      <ToolsTable input={input} />
      <ResourcesTable input={input} />

      {r.uiTools.map((t) => (
        <UiToolSection
          key={t.name}
          tool={t}
          // Rendered items replace their static rows in place; the ones the review lacked are shown
          // under the view, not added here: rows inserted above a running view would push it down,
          // and a view pushed off screen gets no animation frames (it could not size itself).
          items={report.items.filter((i) => i.tool === t.name && staticIds.has(i.id))}
          target={target}
          era={report.era}
          onViewChecks={onViewChecks}
          onAppCalls={onAppCalls}
        />
      ))}

      {r.tools
        .filter((tool) => !r.uiTools.some((u) => u.name === tool.name))
        .map((tool) => (
          <PlainToolSection
            key={tool.name}
            name={tool.name}
            items={report.items.filter((i) => i.tool === tool.name)}
          />
        ))}
    </div>
  );
}
