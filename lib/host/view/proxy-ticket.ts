import type { PermissionName } from "../../decide/vocabulary";
import type { CspDomains } from "../../decide/csp";
import { allowAttribute } from "../../decide/permissions";
import { newRunId, runOrigin } from "./origins";

/** What the host decided for one proxy, before any run id: equal keys may share a spare. */
export interface ProxyPolicy {
  /** The effective CSP domains (CSP-2..4), or undefined for the restrictive default. */
  csp?: Partial<CspDomains>;
  /** PERM-2: the granted permissions, as the `allow` attribute of both frames. */
  allow: string;
}

/** One run's proxy: its own sandbox origin and the URL the host was issued for it. */
export interface ProxyTicket {
  run: string;
  /** r-<run>.<sandbox host>: this run's own origin (no other frame shares it). */
  origin: string;
  url: string;
  /** The `allow` attribute for the proxy frame (the proxy gives the view frame the same). */
  allow: string;
  /** csp + allow: a spare proxy serves a run only when its key is the run's. */
  key: string;
}

/**
 * PERM-2: `allow` as ext-apps' buildAllowAttribute builds it (a unit test keeps the two equal);
 * our own copy, so the simulator page does not load the SDK before its first run needs it.
 */
export function policyFor(
  csp: Partial<CspDomains> | undefined,
  granted: readonly PermissionName[],
): ProxyPolicy {
  return { csp, allow: allowAttribute(granted) };
}

export function policyKey(p: ProxyPolicy): string {
  return `${p.csp ? JSON.stringify(p.csp) : ""}|${p.allow}`;
}

/** How a run obtains its proxy URL; tests and benchmarks use the default. */
export type IssueProxy = (policy: ProxyPolicy) => Promise<ProxyTicket>;

/**
 * Asks the app's own token route (same origin as this page; it answers no sandbox origin) to sign
 * a proxy URL for a fresh run id and exactly this policy. The proxy route serves nothing else.
 */
export function tokenIssuer(hostOrigin: string, sandboxOrigin: string): IssueProxy {
  return async (policy) => {
    const run = newRunId();
    const response = await fetch(new URL("/sandbox/token", hostOrigin), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ run, csp: policy.csp ?? null }),
      credentials: "same-origin",
      cache: "no-store",
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new Error(`the host could not obtain a proxy URL (${response.status}) ${detail}`);
    }
    const body = (await response.json()) as { csp: string; exp: number; t: string };
    const origin = runOrigin(sandboxOrigin, run);
    const url = new URL("/sandbox/proxy", origin);
    url.searchParams.set("run", run);
    if (body.csp) url.searchParams.set("csp", body.csp);
    url.searchParams.set("exp", String(body.exp));
    url.searchParams.set("t", body.t);
    return { run, origin, url: url.href, allow: policy.allow, key: policyKey(policy) };
  };
}
