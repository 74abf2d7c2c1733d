import { Fragment, type ReactNode } from "react";
import { refusalLabel, VERDICT_LEGEND, type Decision, type Verdict } from "@/lib/decide";
import type { RowName } from "@/lib/decide/vocabulary";

/** The class a verdict cell takes: an intended refusal is not painted as a failure. */
export function verdictClass(v: Pick<Verdict, "verdict" | "refusal">): string {
  return v.verdict === "fail" && v.refusal ? "verdict-refused" : `verdict-${v.verdict}`;
}

/**
 * The host's decision table: one row per decision, its verdict, the reason and the rules behind
 * it. Shared by the simulator (rule links to lessons) and the server review (rule chips);
 * `rule` renders one rule ID. A refusal the host is meant to make reads as such ("refused — as the
 * spec requires"), not as a red failure, and a legend under the table says what each word means.
 */
export function DecisionTable({
  decision,
  pending = false,
  rule,
  rowNote,
}: {
  decision: Decision;
  pending?: boolean;
  rule: (id: string) => ReactNode;
  /** Shown under a row's reason: the simulator's note of how a chosen host departs there. */
  rowNote?: (row: RowName) => ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table data-testid="decision-table" aria-busy={pending}>
        <caption className="visually-hidden">The host&apos;s decision table</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Verdict</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {decision.rows.map((r) => (
            <tr key={r.row} data-row={r.row} data-verdict={r.verdict} data-refusal={r.refusal}>
              <th scope="row">
                <code>{r.row}</code>
              </th>
              <td className={verdictClass(r)}>{refusalLabel(r)}</td>
              <td>
                {r.reason}{" "}
                {r.ruleIds.map((id) => (
                  <Fragment key={id}>{rule(id)}</Fragment>
                ))}
                {rowNote?.(r.row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <VerdictLegend />
    </div>
  );
}

/** What each verdict word means: shown wherever the table is. */
function VerdictLegend() {
  return (
    <details className="verdict-legend" data-testid="verdict-legend">
      <summary>What the verdicts mean</summary>
      <dl>
        {VERDICT_LEGEND.map((l) => (
          <div key={l.label}>
            <dt className={l.className}>{l.label}</dt>
            <dd>{l.meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
