/**
 * Test-only faults: a host behaviour broken on purpose, so a test can show the conformance probes
 * failing when the host is wrong (the suite's negative control). Nothing in the app sets one; an
 * e2e test sets `window.__academyHostFault` before the page loads.
 *
 * - `loosen-csp`: the proxy is served a CSP that also lets the view connect to every
 *   `*.localhost` origin on the app's port, not only the ones the decision approved (CSP-3's
 *   "never loosen"). The decision table and its header still show the decided policy.
 * - `inject-after-view`: the proxy is handed the server's HTML with a script of the host's own
 *   added at the end of its body, after the view's script (what sunpeak's inspector does to a
 *   server's HTML; SBX-3 has the host hand the proxy the raw HTML).
 *
 * Only the page's reading of the fault is here (it is in the simulator's first load); what each
 * fault does to the proxy's HTML and CSP is in host-fault-apply.ts, with the runner.
 */
export type HostFault = "loosen-csp" | "inject-after-view";

const FAULTS: readonly HostFault[] = ["loosen-csp", "inject-after-view"];

/** The fault the page was started with, if any. */
export function pageHostFault(): HostFault | undefined {
  const v = (globalThis as { __academyHostFault?: unknown }).__academyHostFault;
  return FAULTS.find((f) => f === v);
}
