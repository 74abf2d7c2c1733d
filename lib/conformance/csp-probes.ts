// The CSP probes: the declared origins reached and the undeclared blocked (CSP-3), and, from the
// view whose resource declares no csp, the spec's restrictive default (CSP-4).
import type { CatalogueId } from "./catalogue";
import { row as r } from "./row";
import type { FetchOutcome, Observation, ProbeResult, Verdict } from "./types";

export function cspProbes(o: Observation): ProbeResult[] {
  if (!o.csp) {
    const why = "the CSP probes did not run";
    return [
      r("security/csp-construct-from-domains", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/csp-block-undeclared", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/csp-no-loosening", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/sandbox-csp-enforced", "NOT OBSERVABLE", why, ["SBX-3", "CSP-2", "CSP-3"]),
    ];
  }
  const { declared, undeclared } = o.csp;
  const seen = o.server?.hits ?? [];
  const fetchText = (f: FetchOutcome) =>
    `${f.url}: ${f.ok ? `answered ${f.status}` : `failed (${f.error ?? "no answer"})`}${f.violations.length ? `, CSP violation ${f.violations.join(", ")}` : ""}`;
  const constructed: ProbeResult = declared.ok
    ? r(
        "security/csp-construct-from-domains",
        "PASS",
        `declared origin reachable: ${fetchText(declared)}${seen.includes("declared") ? "; the server saw it" : ""}`,
        ["CSP-3"],
      )
    : r(
        "security/csp-construct-from-domains",
        "FAIL",
        `the origin the resource declares in connectDomains was not reachable: ${fetchText(declared)}`,
        ["CSP-3"],
      );
  let blocked: Pick<ProbeResult, "verdict" | "evidence">;
  if (undeclared.ok || seen.includes("undeclared"))
    blocked = {
      verdict: "FAIL",
      evidence: `an origin the resource never declared was reached: ${fetchText(undeclared)}${seen.includes("undeclared") ? "; the server saw the request" : ""}`,
    };
  else if (undeclared.violations.length)
    blocked = {
      verdict: "PASS",
      evidence: `blocked by the CSP: ${fetchText(undeclared)}; the server saw no request`,
    };
  else
    blocked = {
      verdict: "NOT OBSERVABLE",
      evidence: `failed without a CSP violation, so the CSP cannot be credited (network?): ${fetchText(undeclared)}`,
    };
  // SBX-3: with no frameDomains declared, frame-src stays 'none': a frame of the declared origin
  // is blocked too. Without the frame probe (outside a browser) the CSP rows decide alone.
  const frame = o.frame;
  const frameSeen = seen.includes("frame");
  const frameText = frame
    ? `a frame of ${frame.url} ${frameSeen ? "was loaded (the server served it)" : frame.violations.length ? `was blocked (${frame.violations.join(", ")})` : "reported no CSP violation"}`
    : "the frame probe did not run";
  const frameVerdict: Verdict = !frame
    ? "PASS"
    : frameSeen
      ? "FAIL"
      : frame.violations.includes("frame-src") || frame.violations.includes("child-src")
        ? "PASS"
        : "NOT OBSERVABLE";
  const parts = [constructed.verdict, blocked.verdict, frameVerdict];
  const enforced = r(
    "security/sandbox-csp-enforced",
    parts.includes("FAIL") ? "FAIL" : parts.every((v) => v === "PASS") ? "PASS" : "NOT OBSERVABLE",
    `the declared origin ${constructed.verdict === "PASS" ? "was reachable" : "was not reachable"}, another ${blocked.verdict === "PASS" ? "was blocked" : blocked.verdict === "FAIL" ? "was reached" : "failed without a CSP report"}; ${frameText}`,
    ["SBX-3", "CSP-2", "CSP-3"],
  );
  return [
    constructed,
    r("security/csp-block-undeclared", blocked.verdict, blocked.evidence, ["CSP-3"]),
    r("security/csp-no-loosening", blocked.verdict, blocked.evidence, ["CSP-3"]),
    enforced,
  ];
}

/** The rows of the declared-origin CSP probes, with the rules each cites. */
export const DECLARED_CSP_ROWS: [CatalogueId, string[]][] = [
  ["security/csp-construct-from-domains", ["CSP-3"]],
  ["security/csp-block-undeclared", ["CSP-3"]],
  ["security/csp-no-loosening", ["CSP-3"]],
  ["security/sandbox-csp-enforced", ["SBX-3", "CSP-2", "CSP-3"]],
];

/** The spec's restrictive default (Apps 2026-01-26 lines 275-283), as the row quotes it. */
const DEFAULT_WORDING =
  "line 275: “If `ui.csp` is omitted, Host MUST use: default-src 'none'; … connect-src 'none';” (lines 278-283)";

/**
 * CSP-4 from the view whose resource declares no csp: the spec's default blocks every connection,
 * to a probe origin and to the view's own origin alike (connect-src 'none', not 'self'), and
 * every frame (default-src 'none'). A request that left the view shows a looser default.
 */
export function defaultCspProbe(o: Observation): ProbeResult {
  const id = "security/csp-default-deny";
  const d = o.defaultCsp;
  if (!d)
    return r(id, "NOT OBSERVABLE", "the default-CSP probes did not run (no browser)", ["CSP-4"]);
  const sent = (f: FetchOutcome) => f.ok || f.status !== undefined;
  const blocked = (f: FetchOutcome) => !sent(f) && f.violations.length > 0;
  const say = (f: FetchOutcome) =>
    `${f.url}: ${sent(f) ? `answered ${f.status}` : `failed (${f.error ?? "no answer"})`}${f.violations.length ? `, CSP violation ${f.violations.join(", ")}` : ""}`;
  const fetches = [d.declared, ...(d.self ? [d.self] : [])];
  const frameLoaded = d.frame && o.server?.hits.includes("frame");
  const evidence = [
    ...fetches.map(say),
    ...(d.self ? [] : ["the view's own origin is opaque, so a 'self' source was not tried"]),
    ...(d.frame
      ? [
          `a frame of ${d.frame.url} ${frameLoaded ? "was loaded" : d.frame.violations.length ? `was blocked (${d.frame.violations.join(", ")})` : "reported no violation"}`,
        ]
      : []),
  ].join("; ");
  const leaked = fetches.filter(sent);
  if (leaked.length || frameLoaded)
    return r(
      id,
      "FAIL",
      `with no csp declared, the view ${leaked
        .map(
          (f) =>
            `reached ${new URL(f.url).origin}${f === d.self ? " (its own origin: the default is connect-src 'none', not 'self')" : ""}`,
        )
        .concat(frameLoaded ? ["loaded a frame"] : [])
        .join(" and ")}: ${evidence}. ${DEFAULT_WORDING}`,
      ["CSP-4"],
    );
  if (fetches.every(blocked))
    return r(
      id,
      "PASS",
      `with no csp declared, every connection was blocked by the CSP: ${evidence}`,
      ["CSP-4"],
    );
  return r(
    id,
    "NOT OBSERVABLE",
    `a request failed without a CSP violation, so the default cannot be credited (network?): ${evidence}`,
    ["CSP-4"],
  );
}
