import type { RuleInfo } from "@/lib/rules/info";
import type { Decision } from "@/lib/decide";
import { DecisionTable } from "./panels";

/**
 * What the server sends before the simulator's code has loaded: the decision table of the scenario
 * the address names (the instant preview, derived from the scenario alone), where the page will
 * show it, with the preset's description where the controls will show it (a first visit can read
 * what the scenario is about at first paint, on a phone two seconds before the controls are in).
 * The controls and the real run take its place once the page is interactive.
 */
export function InstantPreview({
  decision,
  title,
  description,
  ruleInfo,
}: {
  decision: Decision | null;
  title: string | null;
  /** The preset's own description, as the controls show it once they are in. */
  description: string | null;
  ruleInfo: RuleInfo;
}) {
  return (
    <div className="simulator" data-testid="instant-preview">
      {/* The workbench's own grid from the first paint (wide screens), so the controls, the
          table and the view arrive where the preview already put their places. */}
      <div className="sim-workbench" data-layout="preview">
        <div className="sim-area sim-area-controls">
          {description ? (
            <p className="muted" data-testid="preview-description">
              {description}
            </p>
          ) : null}
          <p className="muted">Loading the scenario controls and the real run…</p>
        </div>
        <div className="sim-area sim-area-table">
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
