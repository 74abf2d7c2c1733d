import type { CspDecision, CspDomains } from "../../decide/csp";
import { CSP_KEYS, type CspKey } from "../../decide/vocabulary";
import type { Trace } from "./trace";

/** What each CSP list lets a view do with the origins in it, in the person's words. */
const USES: Record<CspKey, string> = {
  connectDomains: "connect to",
  resourceDomains: "load scripts, styles, images, fonts and media from",
  frameDomains: "embed frames from",
  baseUriDomains: "use as its base URL",
};

/** One CSP list with origins in it: the origins a rendered view may reach beyond its own. */
export interface ExternalOrigins {
  key: CspKey;
  use: string;
  origins: string[];
}

/** The external origins in the policy the host built (only approved origins ever get there). */
export function externalOrigins(effective: CspDomains | null | undefined): ExternalOrigins[] {
  if (!effective) return [];
  return CSP_KEYS.filter((key) => effective[key].length > 0).map((key) => ({
    key,
    use: USES[key],
    origins: [...effective[key]],
  }));
}

/**
 * CSP-3 (SHOULD warn): the sentence shown to the person before a view that reaches external
 * origins renders; undefined when the policy names none.
 */
export function externalOriginsWarning(lists: readonly ExternalOrigins[]): string | undefined {
  if (!lists.length) return undefined;
  const parts = lists.map((l) => `${l.use} ${l.origins.join(", ")}`);
  return `This view can reach origins outside this page: it may ${parts.join("; ")}.`;
}

/**
 * Before the view's HTML goes anywhere: logs the policy the host built for it, for audit (CSP-3,
 * SHOULD log), and, when that policy names external origins, records the warning the person is
 * shown (CSP-3, SHOULD warn). Returns the warning, if any, for the page to show.
 */
export function recordCspBeforeRender(
  trace: Trace,
  csp: CspDecision | undefined,
): string | undefined {
  if (!csp) return undefined;
  const lists = externalOrigins(csp.effective);
  const warning = externalOriginsWarning(lists);
  if (warning)
    trace.event(
      "host-view",
      "host",
      "user",
      `warned the user before rendering: ${warning} (CSP-3)`,
      "delivered",
      { externalOrigins: lists },
    );
  trace.event(
    "host-proxy",
    "host",
    "host",
    `CSP logged for audit (CSP-3): ${csp.effective ? "built from the declared domains" : "the restrictive default (CSP-4)"}`,
    "delivered",
    {
      header: csp.header,
      effective: csp.effective,
      refused: csp.refused.map((r) => ({ key: r.key, value: r.value, why: r.why })),
    },
  );
  return warning;
}
