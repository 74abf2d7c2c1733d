"use client";

import { useCallback, useMemo, useState } from "react";
import { ServerText } from "@/app/_components/server-text";
import type { BrowserReviewResult } from "@/lib/review/browser";
import type { ReportItem } from "@/lib/review/report";
import { withRenderedItems } from "@/lib/review/rendered-items";
import { LazyWorksInTable as WorksInTable } from "./lazy-result-parts";
import { ReportItems } from "./report-items";
import type { ReviewTarget } from "./review-phase";
import { ResourcesTable, ToolsTable } from "./server-listing";
import { PlainToolSection, UiToolSection } from "./tool-sections";

function download(name: string, type: string, text: string) {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

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

  const host = (() => {
    try {
      return new URL(target.url).host.replace(/[^\w.-]+/g, "_");
    } catch {
      return "server";
    }
  })();
  const serverItems = report.items.filter((i) => i.tool === undefined);
  return (
    <div className="review-result" data-testid="review-result">
      <section aria-labelledby="review-summary-h" className="card">
        <h2 id="review-summary-h" tabIndex={-1} ref={headingRef}>
          <ServerText text={report.server.name ?? "(unnamed server)"} />{" "}
          <ServerText text={report.server.version ?? ""} />
        </h2>
        <dl className="review-facts">
          <dt>Era</dt>
          <dd data-testid="review-era" data-era={report.era}>
            {report.era}
            {report.protocolVersion ? ` (${report.protocolVersion})` : ""},{" "}
            {report.eraSource === "probe" ? "detected by a dual-era probe" : report.eraSource}
          </dd>
          <dt>Server</dt>
          <dd>
            <code>{target.url}</code>
          </dd>
          <dt>Checklist</dt>
          <dd data-testid="review-counts">
            {report.counts.pass} pass, {report.counts.fail} fail, {report.counts.warning}{" "}
            warning(s), {report.counts["not-checkable"]} not checkable from outside
          </dd>
        </dl>
        <div className="review-exports">
          <button
            type="button"
            className="secondary"
            onClick={() =>
              download(
                `mcp-apps-review-${host}.json`,
                "application/json",
                JSON.stringify(worksIn ? { ...report, worksIn } : report, null, 2),
              )
            }
          >
            Download JSON
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              // The formatters load on demand: they are not in /review's first load.
              void Promise.all([
                import("@/lib/review/report-format"),
                import("@/lib/review/works-in-markdown"),
              ]).then(([{ formatReportMarkdown }, { formatWorksInMarkdown }]) =>
                download(
                  `mcp-apps-review-${host}.md`,
                  "text/markdown",
                  formatReportMarkdown(report, window.location.origin) +
                    (worksIn ? `\n${formatWorksInMarkdown(worksIn)}` : ""),
                ),
              )
            }
          >
            Download Markdown
          </button>
        </div>
        <details>
          <summary>Server capabilities</summary>
          <pre tabIndex={0} data-testid="review-capabilities">
            {JSON.stringify(r.serverCapabilities ?? {}, null, 2)}
          </pre>
        </details>
      </section>

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
