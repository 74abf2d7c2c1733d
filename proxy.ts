import { NextResponse, type NextRequest } from "next/server";
import { isSandboxHostname, SANDBOX_DEFAULT_CSP } from "@/lib/simulator/sandbox-server";

/**
 * The app's own pages may run only their own scripts: no script from another origin, no eval or
 * `new Function`, no plugins, no <base> redirection. Inline scripts stay allowed because Next's
 * statically generated pages carry their hydration data inline (a nonce would make every page
 * dynamic); development needs eval for hot reload, so there the policy is only frame-ancestors.
 * Sandbox hostnames never get this header: the proxy's own CSP is the view's policy (CSP-3).
 */
export const APP_CSP =
  process.env.NODE_ENV === "production"
    ? "script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
    : "frame-ancestors 'self'";

/** The only paths a sandbox hostname serves: the proxy document and the warm-up document. */
const SANDBOX_PATHS = new Set(["/sandbox/proxy", "/sandbox/warm"]);

/**
 * Host-based routing (Next 16's proxy, formerly middleware), run before every request.
 *
 * On the sandbox origins (sandbox.localhost and each run's r-<id>.sandbox.localhost) the app serves
 * the sandbox documents and nothing else: any other path is 404 with a CSP that lets nothing load
 * or frame it, so a view cannot open the app's pages, scripts or the nested-frame test page on its
 * own origin (SBX-1, SBX-2). Everywhere else the app's pages get site-wide security headers; the
 * simulator's stand-in external origins (api., cdn., frames., evil.localhost) keep theirs, since a
 * view must be able to frame frames.localhost.
 */
export function proxy(request: NextRequest): NextResponse {
  const hostHeader = request.headers.get("host") ?? request.nextUrl.host;
  const hostname = hostHeader.replace(/:\d+$/, "").toLowerCase();
  if (isSandboxHostname(hostname)) {
    if (SANDBOX_PATHS.has(request.nextUrl.pathname)) return NextResponse.next();
    return new NextResponse("Not found on the sandbox origin\n", {
      status: 404,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-security-policy": SANDBOX_DEFAULT_CSP,
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
      },
    });
  }
  const response = NextResponse.next();
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (hostname.endsWith(".localhost")) return response;
  // The app's own pages: never framed by another site; isolated from pages they open.
  response.headers.set("content-security-policy", APP_CSP);
  response.headers.set("x-frame-options", "SAMEORIGIN");
  response.headers.set("cross-origin-opener-policy", "same-origin");
  return response;
}
