import type { CallToolResult } from "@modelcontextprotocol/client";
import { ROWS, type RowName } from "./constants";
import type { RunResult } from "./run";

/**
 * The order in which the host decides the rows (see `decide()`): visibility first — a tool the
 * agent never sees is never called — then negotiation, mime, csp, permissions and the view's call.
 * The table, the walker and this report all follow it: it is ROWS.
 */
const EVALUATION_ORDER: readonly RowName[] = ROWS;

interface ReportRow {
  /** 1-based position in the host's evaluation. */
  order: number;
  row: RowName;
  verdict: string;
  ruleIds: string[];
  reason: string;
}

export interface HeadlessReport {
  scenario: string;
  outcome: RunResult["outcome"];
  reason: string | null;
  rows: ReportRow[];
  /** The tool's result as the agent got it (its text `content` first of all); null if never called. */
  toolResult: CallToolResult | null;
  appCall: "forwarded" | "refused" | null;
  /** The Content-Security-Policy header the view is served with; null whenever no view is served. */
  cspHeader: string | null;
  allow: string | null;
  agentTools: RunResult["agentTools"];
  trace: RunResult["trace"];
}

/** The rows in evaluation order, numbered. */
function reportRows(r: Pick<RunResult, "decision">): ReportRow[] {
  return EVALUATION_ORDER.map((row, i) => {
    const v = r.decision.rows.find((x) => x.row === row);
    return {
      order: i + 1,
      row,
      verdict: v?.verdict ?? "skip",
      ruleIds: v?.ruleIds ?? [],
      reason: v?.reason ?? "not reached",
    };
  });
}

/** What `npm run simulate` prints: one representation for each absence (null). */
export function headlessReport(r: RunResult): HeadlessReport {
  const header = r.decision.csp?.header;
  return {
    scenario: r.scenarioId,
    outcome: r.outcome,
    reason: r.reason ?? null,
    rows: reportRows(r),
    toolResult: r.toolResult ?? null,
    appCall: r.appCall ?? null,
    // Only a rendered view is served with a header; an empty header is no header.
    cspHeader: r.decision.outcome === "rendered" && header ? header : null,
    allow: r.decision.permissions?.allow || null,
    agentTools: r.agentTools,
    trace: r.trace,
  };
}

/** The `--quiet` form: one line per row in evaluation order, then the outcome. */
export function quietReport(r: RunResult): string {
  const rows = reportRows(r);
  const width = Math.max(...rows.map((x) => x.row.length));
  return [
    ...rows.map((x) =>
      `${x.order} ${x.row.padEnd(width)} ${x.verdict.padEnd(4)} ${x.ruleIds.join(" ")}`.trimEnd(),
    ),
    `outcome: ${r.outcome}`,
  ].join("\n");
}
