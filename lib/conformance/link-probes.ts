// The link probe, the one that needs a person (BRG-4): before the operator acts, and judged after.
import { row as r } from "./row";
import type { Observation, ProbeResult } from "./types";

/**
 * The operator's probes before the operator has acted. A host that does not advertise `openLinks`
 * opens no link (BRG-4 lets it say no), so there is nothing to ask the operator: the row says so.
 */
export function personProbes(hostCapabilities?: Record<string, unknown>): ProbeResult[] {
  const offered = !!hostCapabilities && "openLinks" in hostCapabilities;
  return [
    r(
      "links/open-external",
      "NOT OBSERVABLE",
      offered
        ? "needs a person: press “Open the test link” in the view and confirm in the host"
        : `the host does not advertise openLinks (hostCapabilities {${Object.keys(hostCapabilities ?? {}).join(", ")}}), so it opens no link and there is nothing to try`,
      ["BRG-4"],
      { needsPerson: true },
    ),
  ];
}

/** Whether the host's ui/initialize answer advertises `openLinks` (the link button needs it). */
export const offersLinks = (o: Observation) =>
  !!o.init?.ok && !!o.init.hostCapabilities && "openLinks" in o.init.hostCapabilities;

/** The link probe after the operator pressed the button: did the page the host opened load? */
export function judgeLink(
  answer: { ok: boolean; detail: string },
  serverSawLink: boolean,
): ProbeResult {
  const rules = ["BRG-4"];
  if (serverSawLink)
    return r(
      "links/open-external",
      "PASS",
      `the host opened the link: the server served the page (${answer.detail})`,
      rules,
      { needsPerson: true },
    );
  if (!answer.ok)
    return r(
      "links/open-external",
      "NOT OBSERVABLE",
      `the host refused the link (${answer.detail}); a person's "no" is allowed`,
      rules,
      { needsPerson: true },
    );
  return r(
    "links/open-external",
    "FAIL",
    `the host answered success but the page was never loaded (${answer.detail})`,
    rules,
    { needsPerson: true },
  );
}
