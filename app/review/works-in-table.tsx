import { RuleRef } from "@/app/_components/rule-ref";
import { ServerText } from "@/app/_components/server-text";
import type { WorksIn, WorksInReason } from "@/lib/review/works-in";
import { cellSummary, KIND_WORDS, sourceWhen } from "@/lib/review/works-in-words";
import "./works-in.css";

/**
 * "Works in" (issue 33): host profiles down, UI tools across, each cell the predicted outcome
 * with its reasons: the rule, whether the host breaks the spec or uses room it leaves, and the
 * profile's source with its date. Computed with the review (lib/review/works-in-review.ts).
 */
export function WorksInTable({ worksIn }: { worksIn: WorksIn }) {
  if (!worksIn.tools.length) return null;
  return (
    <section aria-labelledby="review-works-in-h" data-testid="review-works-in">
      <h2 id="review-works-in-h">Works in</h2>
      <p className="muted">
        What each host is expected to do with each UI tool, predicted from its host profile by the
        decisions the simulator makes with that profile. A prediction from the profile&apos;s
        sources, each dated, not a test run in the host. Each host is taken to approve every origin
        the view declares (a host may refuse some, CSP-5). A view&apos;s own tool calls are read
        from its scripts, and those it places when you Run or Preview it are added (BRG-5). Open a
        cell for the reasons.
      </p>
      <div
        className="table-scroll"
        role="region"
        aria-label="Works in: hosts and UI tools"
        tabIndex={0}
      >
        <table className="works-in">
          <caption className="visually-hidden">Predicted outcome per host and UI tool</caption>
          <thead>
            <tr>
              <th scope="col">Host</th>
              {worksIn.tools.map((t) => (
                <th scope="col" key={t}>
                  <ServerText text={t} code />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {worksIn.hosts.map((h) => (
              <tr key={h.id} data-host={h.id}>
                <th scope="row">{h.name}</th>
                {worksIn.tools.map((t) => {
                  const cell = worksIn.cells.find((c) => c.host === h.id && c.tool === t)!;
                  return (
                    <td key={t} data-tool={t} data-outcome={cell.outcome}>
                      <details>
                        <summary>
                          <span className={`works-in-outcome works-in-${cell.outcome}`}>
                            <ServerText text={cellSummary(cell)} />
                          </span>
                        </summary>
                        <ul className="works-in-reasons">
                          {cell.reasons.map((r, i) => (
                            <Reason key={i} reason={r} />
                          ))}
                        </ul>
                      </details>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Reason({ reason: r }: { reason: WorksInReason }) {
  const when = sourceWhen(r.source);
  return (
    <li data-field={r.field ?? ""} data-kind={r.kind}>
      <ServerText text={r.text} />{" "}
      <span className="review-refs">
        {r.ruleIds.map((id) => (
          <RuleRef key={id} id={id} />
        ))}
      </span>{" "}
      <span className={`works-in-kind works-in-kind-${r.kind}`}>{KIND_WORDS[r.kind]}</span>
      <div className="works-in-source">
        Source:{" "}
        {r.source.url ? (
          <a href={r.source.url} rel="noreferrer">
            {r.source.label}
          </a>
        ) : (
          r.source.label
        )}
        {when ? ` (${when})` : ""}
        {r.source.status === "disputed" ? "; disputed: the newest source is used" : ""}
      </div>
    </li>
  );
}
