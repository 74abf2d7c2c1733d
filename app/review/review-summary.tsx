"use client";

import type { RefObject } from "react";
import { ServerText } from "@/app/_components/server-text";
import type { Report } from "@/lib/review/items";
import type { WorksIn } from "@/lib/review/works-in";
import type { ReviewTarget } from "./review-phase";

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

/**
 * The review's summary: the server's name and version, its era, the counts, the downloads (JSON,
 * and Markdown with the formatters loaded on demand) and its capabilities.
 */
export function ReviewSummary({
  report,
  worksIn,
  target,
  capabilities,
  headingRef,
}: {
  report: Report;
  worksIn: WorksIn | undefined;
  target: ReviewTarget;
  capabilities: unknown;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const host = (() => {
    try {
      return new URL(target.url).host.replace(/[^\w.-]+/g, "_");
    } catch {
      return "server";
    }
  })();
  return (
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
          {report.counts.pass} pass, {report.counts.fail} fail, {report.counts.warning} warning(s),{" "}
          {report.counts["not-checkable"]} not checkable from outside
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
          {JSON.stringify(capabilities ?? {}, null, 2)}
        </pre>
      </details>
    </section>
  );
}
