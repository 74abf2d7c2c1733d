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

/**
 * Text from a report made safe for the operator's terminal: a report's strings come from the view,
 * hence from the host under test, and an escape sequence in them could retitle the terminal, move
 * the cursor, rewrite what was printed or worse. Removes every C0 control but tab and newline,
 * DEL, every C1 control (0x80-0x9f: a lone 0x9b is CSI on some terminals) and the bidirectional
 * overrides that reorder what a reader sees. ESC goes, so OSC and CSI sequences are left as inert
 * printable text.
 */
export function stripControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
}
