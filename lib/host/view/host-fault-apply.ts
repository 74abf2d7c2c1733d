import type { CspDomains } from "../../decide/csp";
import { CSP_KEYS } from "../../decide/vocabulary";
import type { HostFault } from "./host-fault";

/**
 * What each test-only host fault (host-fault.ts) does to what the proxy is given: the HTML and the
 * CSP. Used by the simulator's runner only, so none of it is in the page's first load.
 */

/** What the host adds with the inject-after-view fault: a script that also adds an element. */
const INJECTED_AFTER_VIEW =
  '<script data-host-fault="inject-after-view">document.body.append(document.createElement("aside"))</script>';

/** The HTML the proxy is given: the server's, unless the inject-after-view fault is on. */
export function htmlWithFault(html: string, fault: HostFault | undefined): string {
  if (fault !== "inject-after-view") return html;
  const end = html.lastIndexOf("</body>");
  return end < 0
    ? html + INJECTED_AFTER_VIEW
    : html.slice(0, end) + INJECTED_AFTER_VIEW + html.slice(end);
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
