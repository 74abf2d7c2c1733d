/**
 * The conformance view's verdicts (issue 20, item 3): pure functions from what a view saw of the
 * host it runs in, and what the conformance server saw, to one verdict per host- or
 * proxy-directed entry of the requirements catalogue (`content/spec/*.json`; the ids are the
 * catalogue's). No DOM, no SDK: the view calls `judgeProbes` and the tests feed it observations.
 *
 * A verdict is PASS, FAIL or NOT OBSERVABLE, always with its evidence. NOT OBSERVABLE is said
 * plainly, with the reason, for everything a document inside the sandbox cannot see.
 */

// The probes themselves live by what they probe: handshake-probes.ts, csp-probes.ts,
// sandbox-probes.ts, display-probes.ts, call-probes.ts, link-probes.ts; what a view cannot see is
// not-observable.ts. This file puts them together in one report and names the kit's tools and
// views.
import type { CatalogueId } from "./catalogue";
import { TOOLS, VIEW_URI } from "../conformance-ids";
import { callProbes } from "./call-probes";
import { cspProbes, DECLARED_CSP_ROWS, defaultCspProbe } from "./csp-probes";
import { displayModeProbes, sizeProbes } from "./display-probes";
import { initProbe, orderProbes } from "./handshake-probes";
import { personProbes } from "./link-probes";
import { NOT_OBSERVABLE } from "./not-observable";
import { row } from "./row";
import { documentProbe, isolationProbes } from "./sandbox-probes";
import { SERVER_JUDGED, teardownPending } from "./teardown";
import type { Observation, ProbeResult } from "./types";

export type {
  ConformanceReport,
  FetchOutcome,
  InboundRecord,
  Observation,
  ProbeResult,
  ServerSeen,
} from "./types";

export { TOOLS, VIEW_URI };
export { NOT_OBSERVABLE };
export { SPEC_WIDTH_WORDING } from "./display-probes";
export { judgeLink, offersLinks } from "./link-probes";
/** The negative control's tool and view: the same view, under a CSP that declares both origins. */
export const CONTROL_TOOL = "conformance_run_csp_control";
export const CONTROL_VIEW_URI = "ui://conformance/probe-view-csp-control.html";
/** The view of conformance_run_default_csp, whose resource declares no csp (CSP-4). */
export const DEFAULT_CSP_VIEW_URI = "ui://conformance/probe-view-default-csp.html";
export const REPORT_URI = "conformance://report/latest";
/** The modes this view supports and declares in `appCapabilities` (BRG-6). */
export const VIEW_MODES = ["inline", "fullscreen"] as const;

const r = row;

/** Every verdict, automatic probes first, then the person's, then what cannot be seen. */
export function judgeProbes(o: Observation): ProbeResult[] {
  const automatic = [
    initProbe(o),
    ...orderProbes(o),
    ...(o.noCsp ? [defaultCspProbe(o)] : cspProbes(o)),
    documentProbe(o),
    ...isolationProbes(o),
    ...sizeProbes(o),
    ...displayModeProbes(o),
    ...callProbes(o),
  ];
  const unseen = [
    ...(Object.entries(NOT_OBSERVABLE) as [CatalogueId, { why: string; rules: string[] }][]).map(
      ([id, n]) =>
        r(id, "NOT OBSERVABLE", `cannot be seen from inside the view: ${n.why}`, n.rules, {
          unseen: true,
        }),
    ),
    // Each view checks one side of the CSP: declared origins, or the default without csp.
    ...(o.noCsp
      ? DECLARED_CSP_ROWS.map(([id, rules]) =>
          r(
            id,
            "NOT OBSERVABLE",
            `not this view's: its resource declares no csp, so nothing declared is probed; ${TOOLS.run}'s view probes the declared origins`,
            rules,
            { unseen: true },
          ),
        )
      : [
          r(
            "security/csp-default-deny",
            "NOT OBSERVABLE",
            `not this view's: its resource declares a csp, so the default is not exercised; ${TOOLS.defaultCsp}'s view declares none and checks it`,
            ["CSP-4"],
            { unseen: true },
          ),
        ]),
  ];
  return [
    ...automatic,
    ...personProbes(o.init?.ok ? o.init.hostCapabilities : undefined),
    ...teardownPending(o),
    ...unseen,
  ];
}

/** The automatic probes only (the ones a host must pass without a person or the view's end). */
export const isAutomatic = (p: ProbeResult) =>
  !p.needsPerson && !p.unseen && !SERVER_JUDGED.has(p.id);
