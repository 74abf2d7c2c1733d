import { Fragment, type ReactNode } from "react";
import type { Decision } from "@/lib/decide";

/**
 * The host's decision table: one row per decision, its verdict, the reason and the rules behind
 * it. Shared by the simulator (rule links to lessons) and the server review (rule chips);
 * `rule` renders one rule ID.
 */
export function DecisionTable({
  decision,
  pending = false,
  rule,
}: {
  decision: Decision;
  pending?: boolean;
  rule: (id: string) => ReactNode;
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
            <tr key={r.row} data-row={r.row} data-verdict={r.verdict}>
              <th scope="row">
                <code>{r.row}</code>
              </th>
              <td className={`verdict-${r.verdict}`}>{r.verdict}</td>
              <td>
                {r.reason}{" "}
                {r.ruleIds.map((id) => (
                  <Fragment key={id}>{rule(id)}</Fragment>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
