import { RuleRef } from "@/app/_components/rule-ref";
import { ServerText } from "@/app/_components/server-text";
import { evidenceParts } from "@/lib/review/evidence-parts";
import type { ItemStatus, ReportItem } from "@/lib/review/report";

/** How the report's statuses read on the page (the CLI prints the same four). */
const STATUS_LABEL: Record<ItemStatus, string> = {
  pass: "pass",
  fail: "fail",
  warning: "warning",
  "not-checkable": "not checkable from outside",
};

/**
 * Report items as one table: status, the check with its rules and lesson, and the evidence.
 * Server strings go through ServerText, and JSON quoted in the evidence is set apart as code. The
 * review's checklist and a Run's call verdicts share it.
 */
export function ReportItems({
  items,
  caption,
  captionShown = false,
  testId = "review-items",
  statusLabel = STATUS_LABEL,
}: {
  items: ReportItem[];
  caption: string;
  /** Show the caption (the call verdicts do); otherwise it is for screen readers only. */
  captionShown?: boolean;
  testId?: string;
  statusLabel?: Record<ItemStatus, string>;
}) {
  return (
    <div className="table-scroll">
      <table className="review-items" data-testid={testId}>
        <caption className={captionShown ? undefined : "visually-hidden"}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Check</th>
            <th scope="col">Evidence</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} data-item={i.id} data-status={i.status}>
              <td>
                <span className={`review-status review-status-${i.status}`}>
                  {statusLabel[i.status]}
                </span>
              </td>
              <th scope="row">
                <ServerText text={i.title} />
                <div className="review-refs">
                  {i.ruleIds.map((id) => (
                    <RuleRef key={id} id={id} />
                  ))}{" "}
                  <a href={i.lesson}>
                    lesson<span className="visually-hidden">: {i.title}</span>
                  </a>
                </div>
              </th>
              <td className="review-evidence">
                {evidenceParts(i.evidence).map((p, k) => (
                  <ServerText key={k} text={p.text} code={p.code} />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
