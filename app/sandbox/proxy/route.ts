import { CSP_KEYS } from "@/lib/simulator/constants";
import {
  buildCspHeader,
  DEFAULT_CSP_HEADER,
  parseOrigin,
  type CspDomains,
} from "@/lib/simulator/rules/csp";
import { DEFAULT_SANDBOX_HOSTNAME } from "@/lib/simulator/browser/origins";
import { readFileSync } from "node:fs";
import path from "node:path";

// Inlined into the document (script-src allows 'unsafe-inline' in every policy the proxy sends),
// which saves the iframe a second request before it can announce itself.
const PROXY_SCRIPT = readFileSync(
  path.join(process.cwd(), "public", "sandbox", "proxy.js"),
  "utf8",
).replace(/<\/script/gi, "<\\/script");

export const dynamic = "force-dynamic";

/** The configured sandbox origin's host (e.g. "sandbox.example.org"), or the default hostname. */
function sandboxHostname(): string {
  const configured = process.env.NEXT_PUBLIC_SANDBOX_ORIGIN;
  return configured ? new URL(configured).hostname : DEFAULT_SANDBOX_HOSTNAME;
}

function refuse(status: number, reason: string): Response {
  return new Response(`Sandbox proxy refused: ${reason}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * Builds the view's CSP from the `csp` query (the domains the host approved), validating every
 * origin again here: the header must never contain anything but origins and fixed keywords.
 */
function headerFrom(param: string | null): { header: string } | { error: string } {
  if (param === null) return { header: DEFAULT_CSP_HEADER };
  let raw: unknown;
  try {
    raw = JSON.parse(param);
  } catch {
    return { error: "csp is not JSON" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { error: "csp is not an object" };
  const domains: CspDomains = {
    connectDomains: [],
    resourceDomains: [],
    frameDomains: [],
    baseUriDomains: [],
  };
  for (const key of CSP_KEYS) {
    const list = (raw as Record<string, unknown>)[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return { error: `${key} is not a list` };
    for (const value of list) {
      const parsed = parseOrigin(value);
      if (!parsed.ok) return { error: parsed.reason };
      domains[key].push(parsed.origin);
    }
  }
  return { header: buildCspHeader(domains) };
}

/**
 * The sandbox proxy document (SBX-2, SBX-3). It answers only on the sandbox origin, never on the
 * host's own, and carries the view's Content-Security-Policy as a real HTTP header.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const hostHeader = request.headers.get("host") ?? url.host;
  const requestHostname = hostHeader.replace(/:\d+$/, "");
  const hostOrigin = url.searchParams.get("host");
  if (!hostOrigin) return refuse(400, "the host origin (?host=) is missing");
  let host: URL;
  try {
    host = new URL(hostOrigin);
  } catch {
    return refuse(400, "the host origin is not a URL");
  }
  if (requestHostname !== sandboxHostname() || host.host === hostHeader) {
    return refuse(
      403,
      `this is not the sandbox origin; a web host MUST render views through a proxy on a different origin (SBX-2)`,
    );
  }
  const csp = headerFrom(url.searchParams.get("csp"));
  if ("error" in csp) return refuse(400, csp.error);
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox proxy</title>' +
    "<style>html,body{margin:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>" +
    `</head><body><script>${PROXY_SCRIPT}</script></body></html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": csp.header,
      // The document depends only on the URL (host origin and csp), so a repeat run may reuse it.
      "cache-control": "private, max-age=300",
      // Lets the host read back the exact header that was sent, for the CSP panel.
      "access-control-allow-origin": host.origin,
      "access-control-expose-headers": "content-security-policy",
    },
  });
}
