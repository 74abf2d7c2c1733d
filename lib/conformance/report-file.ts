/**
 * The one-run CLI's report file (`--once --out file.json|file.md`) and its exit status: 0 when no
 * MUST row failed (the MUST rows that could not be observed are listed apart, never as failures),
 * 1 when one did. Each FAIL carries a text to send upstream: the spec line, the evidence and the
 * steps to see it again.
 */
import type { ConformanceReport, ProbeResult } from "./types";
import { reportMarkdown } from "./report";
import { rowName, statusLine, summarise, type Summary } from "./summary";
import { SERVER_JUDGED } from "./teardown";

/** Where a requirement is written: what the CLI finds in the catalogue and the spec copy. */
export interface SpecPlace {
  /** 1-based line of the Apps spec (2026-01-26) the entry cites first. */
  line: number;
  section: string;
  /** The published spec at the copy's commit, with `#L<line>`. */
  url: string;
  /** The catalogue's statement, in our words. */
  statement: string;
  /** The spec's own line, when the copy is at hand. */
  quote?: string;
}

export interface OneRunOutcome {
  exitCode: 0 | 1;
  summary: Summary;
  mustFailed: string[];
  mustNotObservable: string[];
}

/** Exit 1 when a MUST (or MUST NOT) row failed, else 0; NOT OBSERVABLE never counts as failed. */
export function oneRunOutcome(report: ConformanceReport): OneRunOutcome {
  const summary = summarise(report.results);
  return {
    exitCode: summary.MUST.fail ? 1 : 0,
    summary,
    mustFailed: summary.MUST.failed.map(rowName),
    mustNotObservable: summary.MUST.unobserved.map(rowName),
  };
}

/** What the steps need to know: the UI tool the run came from. */
export interface RunContext {
  tool: string;
}

/** The step that makes a row show, beyond running the tool. */
function stepFor(p: ProbeResult): string {
  if (SERVER_JUDGED.has(p.id))
    return "Close the view as a user would (the host should send ui/resource-teardown and wait for the answer before removing it); the server amends this row from the view's beacons.";
  if (p.needsPerson) return "Press “Open the test link” in the view and confirm in the host.";
  return "Wait for the view's table (a few seconds; allow the view's calls to conformance_ping and conformance_report if the host asks).";
}

/** A FAIL row as an issue for the host's maintainers: the spec line, the evidence, the steps. */
function upstreamText(
  p: ProbeResult,
  report: ConformanceReport,
  run: RunContext,
  place: SpecPlace | undefined,
): string {
  const host = `${report.host.name ?? "unknown host"}${report.host.version ? ` ${report.host.version}` : ""}`;
  const spec = place
    ? `MCP Apps 2026-01-26, line ${place.line} (${place.section})${place.quote ? `: “${place.quote.trim()}”` : ""}\n${place.url}`
    : "MCP Apps 2026-01-26 (no catalogue place found)";
  return [
    `### ${rowName(p)}: ${p.keyword} (${p.party}), FAIL in ${host}`,
    "",
    `Spec: ${spec}`,
    ...(place ? [`Requirement: ${place.statement}`] : []),
    `Evidence: ${p.evidence}`,
    `Rules of the MCP Apps Academy it rests on: ${p.rules.join(", ")}`,
    "",
    "Steps to reproduce:",
    "1. Start the MCP Apps Academy conformance server: `npm run conformance-server -- --stdio` (or `-- --http <port> --allow-origin <the host page's origin>` for a browser host).",
    `2. Load it in ${host} and call its tool \`${run.tool}\`.`,
    `3. ${stepFor(p)}`,
    `4. The row ${rowName(p)} reads FAIL with the evidence above (run ${report.run}${report.host.protocolVersion ? `, protocol ${report.host.protocolVersion}` : ""}).`,
    "",
  ].join("\n");
}

/** Every FAIL row's upstream text, in report order. */
function upstreamTexts(
  report: ConformanceReport,
  run: RunContext,
  placeOf: (id: string) => SpecPlace | undefined,
): { row: string; text: string }[] {
  return report.results
    .filter((p) => p.verdict === "FAIL")
    .map((p) => ({ row: rowName(p), text: upstreamText(p, report, run, placeOf(p.id)) }));
}

/** The report file as JSON: the report, the outcome, the upstream texts. */
export function reportFileJson(
  report: ConformanceReport,
  run: RunContext,
  placeOf: (id: string) => SpecPlace | undefined,
): string {
  const o = oneRunOutcome(report);
  const counts = Object.fromEntries(
    Object.entries(o.summary).map(([k, c]) => [
      k,
      { pass: c.pass, fail: c.fail, notObservable: c.notObservable },
    ]),
  );
  return `${JSON.stringify(
    {
      host: report.host,
      run: report.run,
      tool: run.tool,
      finishedAt: report.finishedAt,
      exitCode: o.exitCode,
      summary: counts,
      mustFailed: o.mustFailed,
      mustNotObservable: o.mustNotObservable,
      results: report.results,
      upstream: upstreamTexts(report, run, placeOf),
    },
    null,
    2,
  )}\n`;
}

/** The report file as Markdown: the outcome first, the table, then each FAIL to send upstream. */
export function reportFileMarkdown(
  report: ConformanceReport,
  run: RunContext,
  placeOf: (id: string) => SpecPlace | undefined,
): string {
  const o = oneRunOutcome(report);
  const list = (names: string[]) => (names.length ? names.map((n) => `- ${n}`) : ["- none"]);
  const upstream = upstreamTexts(report, run, placeOf);
  return [
    reportMarkdown(report).trimEnd(),
    "",
    `Tool: \`${run.tool}\`. Exit status ${o.exitCode}: ${o.exitCode ? "a MUST row failed" : "no MUST row failed"}. ${statusLine(report.results)}.`,
    "",
    "### MUST rows that failed",
    "",
    ...list(o.mustFailed),
    "",
    "### MUST rows NOT OBSERVABLE (listed apart: not failures, not passes)",
    "",
    ...list(o.mustNotObservable),
    "",
    ...(upstream.length ? ["## Report this upstream", "", ...upstream.map((u) => u.text)] : []),
  ].join("\n");
}
