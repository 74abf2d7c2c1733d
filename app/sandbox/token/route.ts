import { RUN_ID_PATTERN } from "@/lib/host/view/origins";
import {
  appOrigin,
  cspHeaderFrom,
  isSandboxHostname,
  signGrant,
  takeMintAllowance,
  TOKEN_LIFETIME_MS,
} from "@/lib/simulator/sandbox-server";

export const dynamic = "force-dynamic";

function refuse(status: number, reason: string, extra: Record<string, string> = {}): Response {
  return Response.json(
    { error: reason },
    {
      status,
      headers: { "cache-control": "no-store", "x-content-type-options": "nosniff", ...extra },
    },
  );
}

/**
 * Issues the token for one run's proxy URL (see app/sandbox/proxy/route.ts). It answers the app's
 * own pages only: the request must come from the configured app origin (Origin header and
 * Sec-Fetch-Site same-origin), to the app's own hostname, as JSON (a cross-site page cannot send
 * that without a preflight, which gets no CORS answer). A view runs on a sandbox origin, so it can
 * never obtain a token, and so never a looser policy than the host decided for it (CSP-3).
 */
export async function POST(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const hostHeader = request.headers.get("host") ?? url.host;
  const app = appOrigin(url, hostHeader);
  if (isSandboxHostname(hostHeader.replace(/:\d+$/, "")) || new URL(app).host !== hostHeader)
    return refuse(404, "not found");
  if (request.headers.get("origin") !== app)
    return refuse(403, "tokens are issued to the app's own pages only");
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin")
    return refuse(403, "tokens are issued to the app's own pages only");
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json"))
    return refuse(415, "send JSON");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuse(400, "not JSON");
  }
  const { run, csp } = (body ?? {}) as { run?: unknown; csp?: unknown };
  if (typeof run !== "string" || !RUN_ID_PATTERN.test(run)) return refuse(400, "bad run id");
  const cspParam = csp === undefined || csp === null ? "" : JSON.stringify(csp);
  const checked = cspHeaderFrom(cspParam);
  if ("error" in checked) return refuse(400, checked.error);
  const wait = takeMintAllowance();
  if (wait > 0)
    return refuse(429, "too many proxy tokens requested; try again shortly", {
      "retry-after": String(wait),
    });
  const exp = Date.now() + TOKEN_LIFETIME_MS;
  const token = signGrant({ host: app, run, csp: cspParam, exp });
  return Response.json(
    { run, csp: cspParam, exp, t: token, header: checked.header },
    { headers: { "cache-control": "no-store" } },
  );
}
