import type { CspDomains } from "../../decide/csp";
import { CSP_KEYS } from "../../decide/vocabulary";

/**
 * Test-only faults: a host behaviour broken on purpose, so a test can show the conformance probes
 * failing when the host is wrong (the suite's negative control). Nothing in the app sets one; an
 * e2e test sets `window.__academyHostFault` before the page loads.
 *
 * - `loosen-csp`: the proxy is served a CSP that also lets the view connect to every
 *   `*.localhost` origin on the app's port, not only the ones the decision approved (CSP-3's
 *   "never loosen"). The decision table and its header still show the decided policy.
 */
export type HostFault = "loosen-csp";

/** The fault the page was started with, if any. */
export function pageHostFault(): HostFault | undefined {
  const v = (globalThis as { __academyHostFault?: unknown }).__academyHostFault;
  return v === "loosen-csp" ? v : undefined;
}

/** The CSP the proxy is given: the decided one, unless the loosen-csp fault is on. */
export function cspWithFault(
  csp: CspDomains | undefined,
  fault: HostFault | undefined,
  hostOrigin: string,
): CspDomains | undefined {
  if (fault !== "loosen-csp") return csp;
  const { protocol, port } = new URL(hostOrigin);
  const everyLocal = `${protocol}//*.localhost${port ? `:${port}` : ""}`;
  const base = csp ?? (Object.fromEntries(CSP_KEYS.map((k) => [k, []])) as unknown as CspDomains);
  return { ...base, connectDomains: [...base.connectDomains, everyLocal] };
}
