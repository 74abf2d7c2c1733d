import {
  appOrigin,
  cspHeaderFrom,
  isSandboxHostname,
  runIdOfHostname,
  spendToken,
  verifyGrant,
} from "@/lib/simulator/sandbox-server";
import { MAX_MESSAGE_BYTES } from "@/lib/host/view/proxy-transport";
import { readFileSync } from "node:fs";
import path from "node:path";

// Inlined into the document (script-src allows 'unsafe-inline' in every policy the proxy sends),
// which saves the iframe a second request before it can announce itself.
const PROXY_SCRIPT = readFileSync(
  path.join(process.cwd(), "public", "sandbox", "proxy.js"),
  "utf8",
).replace(/<\/script/gi, "<\\/script");

export const dynamic = "force-dynamic";

function refuse(status: number, reason: string): Response {
  return new Response(`Sandbox proxy refused: ${reason}\n`, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * The sandbox proxy document (SBX-2, SBX-3). It answers only on a run's own sandbox origin
 * (`r-<run>.sandbox…`), never on the host's, and only for a URL the host issued for that run: the
 * `t` token is an HMAC, with a secret made when this server started, over the app origin, the run
 * id, the effective CSP and an expiry. So the CSP header is always one the host decided (CSP-3), a
 * view cannot loosen its own by reloading its proxy with another `csp`, and no other site can mint
 * a proxy URL. The host origin comes from configuration, never from the query, and the document
 * may be framed by that origin alone (frame-ancestors). Each signed URL loads once.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const hostHeader = request.headers.get("host") ?? url.host;
  const requestHostname = hostHeader.replace(/:\d+$/, "");
  const host = appOrigin(url, hostHeader);
  if (!isSandboxHostname(requestHostname) || new URL(host).host === hostHeader) {
    return refuse(
      403,
      `this is not the sandbox origin; a web host MUST render views through a proxy on a different origin (SBX-2)`,
    );
  }
  const run = runIdOfHostname(requestHostname);
  if (!run) return refuse(403, "a proxy is served only on a run's own sandbox origin");
  if (url.searchParams.get("run") !== run) return refuse(403, "the URL was issued for another run");
  const csp = url.searchParams.get("csp") ?? "";
  const exp = Number(url.searchParams.get("exp"));
  if (!verifyGrant({ host, run, csp, exp }, url.searchParams.get("t"))) {
    return refuse(
      403,
      "this proxy URL was not issued by the host for this run and policy (CSP-3: the policy is the host's)",
    );
  }
  const policy = cspHeaderFrom(csp);
  if ("error" in policy) return refuse(400, policy.error);
  // SBX-3 / CSP-3: one signed URL, one proxy document. A second load (the view reloading its
  // proxy, or a replay) is refused here, before any document exists that the host would have
  // to catch as a breach.
  if (!spendToken(url.searchParams.get("t")!, exp))
    return refuse(
      403,
      "this proxy URL has been loaded once already; each run's proxy loads once (SBX-3)",
    );
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox proxy</title>' +
    "<style>html,body{margin:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>" +
    `</head><body><script>var ACADEMY_HOST_ORIGIN=${JSON.stringify(host)};var ACADEMY_MESSAGE_LIMIT=${MAX_MESSAGE_BYTES};${PROXY_SCRIPT}</script></body></html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      // SBX-3 / CSP-2..4: the view's policy, which the inner frame inherits; and only the app may
      // frame the proxy (a policy of its own, so the view's header stays exactly as decided).
      "content-security-policy": `${policy.header}, frame-ancestors ${host}`,
      // One URL serves one run: never cached, so a reload is a fresh, checked request.
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
