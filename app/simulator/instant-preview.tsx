import type { RuleInfo } from "@/lib/rules/info";
import type { Decision } from "@/lib/decide";
import { DecisionTable } from "./panels";

/**
 * What the server sends before the simulator's code has loaded: the decision table of the scenario
 * the address names (the instant preview, derived from the scenario alone), where the page will
 * show it. The controls and the real run take its place once the page is interactive.
 */
export function InstantPreview({
  decision,
  title,
  ruleInfo,
}: {
  decision: Decision | null;
  title: string | null;
  ruleInfo: RuleInfo;
}) {
  return (
    <div className="simulator" data-testid="instant-preview">
      <div className="sim-columns">
        <div className="sim-left">
          <p className="muted">Loading the scenario controls and the real run…</p>
        </div>
        <div className="sim-right">
          <section aria-labelledby="sim-table-heading" id="sim-table" className="sim-anchor">
            <h2 id="sim-table-heading">Decision table</h2>
            {decision ? (
              <>
                <p className="muted">
                  Instant preview{title ? ` of “${title}”` : ""}: the real run confirms it once the
                  page has loaded.
                </p>
                <DecisionTable decision={decision} pending ruleInfo={ruleInfo} />
              </>
            ) : (
              <p className="muted">Reading the shared scenario…</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
