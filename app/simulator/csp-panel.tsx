"use client";

import type { BrowserRun } from "@/lib/simulator/run-in-browser";
import { RunLabel, runAttributes, type RunTag } from "./panels";

/** CSP-3, CSP-6: what the resource asked for, the exact header sent, and what Chromium blocked. */
export function CspPanel({
  run,
  requested,
  tag,
}: {
  run: BrowserRun;
  /** The csp the run's own scenario declared: never the scenario now in the controls. */
  requested: unknown;
  tag: RunTag;
}) {
  const refused = run.decision?.csp?.refused ?? [];
  return (
    <section
      aria-labelledby="csp-panel"
      className="sim-panel sim-anchor"
      id="sim-csp"
      data-testid="csp-panel"
      {...runAttributes(tag)}
    >
      <h2 id="csp-panel">CSP</h2>
      <RunLabel tag={tag} />
      <h3>Requested</h3>
      <pre tabIndex={0}>
        {requested === undefined ? "(no csp declared)" : JSON.stringify(requested, null, 2)}
      </pre>
      {refused.length ? (
        <ul>
          {refused.map((r, i) => (
            <li key={i}>
              Refused <code>{JSON.stringify(r.value)}</code> in <code>{r.key}</code>: {r.detail}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Effective (the header sent with the proxy)</h3>
      {run.cspHeader ? (
        <code data-testid="csp-header" className="sim-header">
          {run.cspHeader}
        </code>
      ) : (
        <p className="muted">No view was rendered, so no policy was sent.</p>
      )}
      <h3>Observed (reported by the proxy; not part of MCP Apps)</h3>
      {run.violations.length ? (
        <ul data-testid="violations">
          {run.violations.map((v, i) => (
            <li key={i}>
              <code>{String(v.directive)}</code> blocked <code>{String(v.blockedURI)}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          {run.proxyUrl
            ? "No violation yet. Try the view's fetch and image buttons."
            : "None: no view was rendered, so nothing could be blocked."}
        </p>
      )}
    </section>
  );
}
