import { CSP_KEYS, type CspKey } from "./vocabulary";
import type { CspApplied, CspListHandling, DefaultCsp } from "./host-profile";
import type { Verdict } from "./types";

export type CspDomains = Record<CspKey, string[]>;

/** How a host treats declared origins outside its own policy (CSP-5: host latitude). */
export type OutOfPolicy = "text" | "subset";

export interface CspPolicy {
  /** Origins the host lets views reach; `https://*.example.com` approves its subdomains. */
  approvedOrigins: readonly string[];
  outOfPolicy: OutOfPolicy;
}

interface RefusedOrigin {
  key: CspKey | "csp";
  value: unknown;
  why: "malformed" | "invalid-origin" | "out-of-policy";
  detail: string;
}

export interface CspDecision extends Verdict {
  row: "csp";
  /** False when the host falls back to text instead of rendering. */
  render: boolean;
  /** The exact Content-Security-Policy header value the view is served with (when rendered). */
  header: string;
  /** The domain lists the header was built from; null when the restrictive default applies. */
  effective: CspDomains | null;
  refused: RefusedOrigin[];
}

// scheme://host[:port], host optionally led by "*." (CSP-6). Anything else, including paths,
// quotes, semicolons, commas and white space, is refused before it can reach a header.
const ORIGIN =
  /^(https?|wss?):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)((?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(:\d{1,5})?$/;

/**
 * Validates one declared origin. Returns the origin in canonical (lower-case) form, or a reason
 * why it cannot be a CSP source. `new URL()` is not enough: it accepts `http://x;script-src`.
 */
export function parseOrigin(
  value: unknown,
): { ok: true; origin: string } | { ok: false; reason: string } {
  if (typeof value !== "string")
    return { ok: false, reason: `${JSON.stringify(value)} is not a string` };
  const lower = value.toLowerCase();
  const m = ORIGIN.exec(lower);
  if (!m) {
    const reason = /[;,'"\s]/.test(value)
      ? "contains a character that could inject into the policy"
      : /^[a-z]+:\/\/[^/]+\/./i.test(value) || value.endsWith("/")
        ? "has a path; declare an origin only"
        : "is not scheme://host[:port]";
    return { ok: false, reason: `${JSON.stringify(value)} ${reason}` };
  }
  const port = m[5];
  if (port && (Number(port.slice(1)) < 1 || Number(port.slice(1)) > 65535)) {
    return { ok: false, reason: `${JSON.stringify(value)} has an impossible port` };
  }
  return { ok: true, origin: lower };
}

/** True when `origin` is inside the host's approved list (exact match, or under a wildcard). */
export function isApproved(origin: string, approved: readonly string[]): boolean {
  for (const entry of approved) {
    const parsed = parseOrigin(entry);
    if (!parsed.ok) continue;
    const a = parsed.origin;
    if (a === origin) return true;
    const star = a.indexOf("://*.");
    if (star >= 0 && !origin.includes("://*.")) {
      const scheme = a.slice(0, star + 3);
      const suffix = a.slice(star + 4); // ".example.com[:port]"
      if (
        origin.startsWith(scheme) &&
        origin.endsWith(suffix) &&
        origin.length > scheme.length + suffix.length
      ) {
        return true;
      }
    }
  }
  return false;
}

const join = (base: string, extra: readonly string[]) => [base, ...extra].join(" ");

/**
 * CSP-4 (with the proxy's SBX-3 rules): the restrictive default for a resource without `csp`.
 * Note `connect-src 'none'`, where a declared-but-empty `csp` gets `'self'`.
 */
export const DEFAULT_CSP_HEADER =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; " +
  "object-src 'none'; base-uri 'self'";

/**
 * The looser default some hosts serve a view that declares no csp (measured in ext-apps'
 * basic-host on 2026-12-06): same-origin loads and connections allowed, where CSP-4 allows none.
 */
export const LOOSER_DEFAULT_CSP_HEADER =
  "default-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:; " +
  "style-src 'self' 'unsafe-inline' blob: data:; img-src 'self' data: blob:; " +
  "font-src 'self' data: blob:; media-src 'self' data: blob:; connect-src 'self'; " +
  "frame-src 'none'; object-src 'none'; base-uri 'none'";

/**
 * How a host profile changes the csp row (lib/decide/host-profile.ts). Absent: the reference,
 * which builds the policy from every declared list and uses CSP-4's default.
 */
export interface CspHandling {
  lists: Record<CspKey, CspListHandling>;
  applied: CspApplied;
  defaultCsp: DefaultCsp;
}

/** CSP-2: the policy built from declared (already validated and approved) domain lists. */
export function buildCspHeader(d: CspDomains): string {
  const r = d.resourceDomains;
  return [
    "default-src 'none'",
    join("script-src 'self' 'unsafe-inline'", r),
    join("style-src 'self' 'unsafe-inline'", r),
    join("connect-src 'self'", d.connectDomains),
    join("img-src 'self' data:", r),
    join("font-src 'self'", r),
    join("media-src 'self' data:", r),
    d.frameDomains.length ? `frame-src ${d.frameDomains.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    d.baseUriDomains.length ? `base-uri ${d.baseUriDomains.join(" ")}` : "base-uri 'self'",
  ].join("; ");
}

function emptyDomains(): CspDomains {
  return { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
}

/**
 * The csp row. `present` says whether the effective `_meta.ui` has a `csp` key at all: absent
 * means the restrictive default (CSP-4); present, even `{}`, means CSP-2. Every declared entry is
 * validated; only valid, approved origins ever reach the header (CSP-3). Declared origins outside
 * host policy are the host's further-restrict latitude (CSP-5): text fallback or approved subset.
 */
export function decideCsp(
  present: boolean,
  csp: unknown,
  policy: CspPolicy,
  handling?: CspHandling,
): CspDecision {
  const row = "csp" as const;
  if (handling && handling.applied === "none") {
    return {
      row,
      verdict: "pass",
      ruleIds: ["CSP-3", "SBX-3"],
      reason: `${present ? "a csp was declared" : "no csp was declared"}, but this host serves the view with no Content-Security-Policy at all: it renders, and the view can reach any origin`,
      render: true,
      header: "",
      effective: null,
      refused: [],
    };
  }
  if (handling && handling.applied === "ignored" && present) {
    return {
      ...decideCsp(false, undefined, policy, { ...handling, applied: "declared" }),
      reason:
        "a csp was declared, but this host never reads it: the view gets the default policy, so the declared origins are blocked too",
    };
  }
  if (handling && !present && handling.defaultCsp !== "restrictive") {
    const none = handling.defaultCsp === "none";
    return {
      row,
      verdict: "pass",
      ruleIds: ["CSP-4", "SBX-3"],
      reason: none
        ? "no csp declared: this host serves the view with no policy at all, where CSP-4 sets the restrictive default"
        : "no csp declared: this host serves a looser default, with default-src 'self' and connect-src 'self' where CSP-4 has 'none'",
      render: true,
      header: none ? "" : LOOSER_DEFAULT_CSP_HEADER,
      effective: null,
      refused: [],
    };
  }
  if (!present) {
    return {
      row,
      verdict: "pass",
      ruleIds: ["CSP-4", "SBX-3"],
      reason: "no csp declared: the view gets the restrictive default, with connect-src 'none'",
      render: true,
      header: DEFAULT_CSP_HEADER,
      effective: null,
      refused: [],
    };
  }
  if (typeof csp !== "object" || csp === null || Array.isArray(csp)) {
    const shape = Array.isArray(csp) ? "a flat list" : csp === null ? "null" : `a ${typeof csp}`;
    return {
      row,
      verdict: "fail",
      ruleIds: ["CSP-1", "CSP-3", "CSP-4"],
      reason: `csp is ${shape}, not an object of domain lists (CSP-1): no domain can be read from it. This host (a simulator choice) still renders, under the restrictive default, which blocks every fetch and load outside the sandbox; the policy does not cover WebRTC, which this host's sandbox proxy removes from the view, as CSP-3's MUST to block connections to undeclared domains asks (SBX-1)`,
      render: true,
      header: DEFAULT_CSP_HEADER,
      effective: null,
      refused: [{ key: "csp", value: csp, why: "malformed", detail: `csp is ${shape}` }],
    };
  }
  const declared = csp as Record<string, unknown>;
  const approved = emptyDomains();
  const refused: RefusedOrigin[] = [];
  // CSP-3 lets a host restrict further: a list it drops is never read, so its entries neither
  // reach the policy nor stop the view.
  const dropped = CSP_KEYS.filter(
    (k) => handling?.lists[k] === "dropped" && declared[k] !== undefined,
  );
  for (const key of CSP_KEYS) {
    const list = declared[key];
    if (list === undefined || dropped.includes(key)) continue;
    if (!Array.isArray(list)) {
      refused.push({
        key,
        value: list,
        why: "malformed",
        detail: `${key} is not a list of origins`,
      });
      continue;
    }
    for (const value of list) {
      const parsed = parseOrigin(value);
      if (!parsed.ok) {
        refused.push({ key, value, why: "invalid-origin", detail: parsed.reason });
      } else if (!isApproved(parsed.origin, policy.approvedOrigins)) {
        refused.push({
          key,
          value,
          why: "out-of-policy",
          detail: `${parsed.origin} is outside the host's approved origins`,
        });
      } else if (!approved[key].includes(parsed.origin)) {
        approved[key].push(parsed.origin);
      }
    }
  }
  const droppedNote = dropped.length
    ? `; this host drops ${dropped.join(" and ")} whatever the view declares (a host MAY restrict further, CSP-3)`
    : "";
  const leakNote =
    handling?.applied === "leaky"
      ? "; yet this host has let a view reach an origin it never declared, which the header alone does not show"
      : "";
  if (refused.length === 0) {
    return {
      row,
      verdict: "pass",
      ruleIds: ["CSP-2", "CSP-3"],
      reason: `every declared domain is inside host policy: the policy is built from exactly those domains${droppedNote}${leakNote}`,
      render: true,
      header: buildCspHeader(approved),
      effective: approved,
      refused,
    };
  }
  const list = refused.map((r) => r.detail).join("; ");
  // CSP-5: only origins outside the host's own policy make this a host choice; a malformed list
  // or an invalid origin alongside them is still the server's fault.
  const refusal = refused.every((r) => r.why === "out-of-policy")
    ? { refusal: "host-policy" as const }
    : {};
  if (policy.outOfPolicy === "text") {
    return {
      row,
      verdict: "fail",
      ...refusal,
      ruleIds: ["CSP-3", "CSP-5"],
      reason: `${list}. This host's policy is to fall back to text: a host choice, not a protocol failure${droppedNote}`,
      render: false,
      header: "",
      effective: null,
      refused,
    };
  }
  return {
    row,
    verdict: "fail",
    ruleIds: ["CSP-3", "CSP-5"],
    ...refusal,
    reason: `${list}. This host renders with the approved subset only: a host choice, not a protocol failure${droppedNote}${leakNote}`,
    render: true,
    header: buildCspHeader(approved),
    effective: approved,
    refused,
  };
}
