/**
 * A conformance report as text for people: a Markdown table for a pull request or an issue, the
 * summary by keyword strength on top.
 */
import { controlOutcome, NEGATIVE_CONTROL_NOTE } from "./control";
import type { ConformanceReport } from "./probes";
import { rowName, statusLine } from "./summary";

/** The report as a Markdown table, for a pull request or an issue. */
export function reportMarkdown(report: ConformanceReport): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [
    `## MCP Apps host conformance: ${report.host.name ?? "unknown host"} ${report.host.version ?? ""}`.trimEnd(),
    "",
    `Run ${report.run}, finished ${report.finishedAt}. ${statusLine(report.results)}.`,
    "",
    ...(report.negativeControl
      ? [`${NEGATIVE_CONTROL_NOTE} ${controlOutcome(report.results).text}`, ""]
      : []),
    "| Probe (catalogue id) | Verdict | Keyword | Party | Rules | Evidence |",
    "| --- | --- | --- | --- | --- | --- |",
    ...report.results.map(
      (p) =>
        `| ${rowName(p)}${p.needsPerson ? " (operator)" : ""} | ${p.verdict} | ${p.keyword} | ${p.party} | ${p.rules.join(", ")} | ${cell(p.evidence)} |`,
    ),
    "",
  ].join("\n");
}
