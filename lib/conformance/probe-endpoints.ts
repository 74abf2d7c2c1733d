/**
 * The conformance server's probe endpoints, without the network: what `/probe/csp`, `/probe/frame`,
 * `/probe/link` and `/probe/teardown` record and answer. scripts/conformance-server.ts serves them
 * on two 127.0.0.1 listeners, one per role; the kit's tests call them directly.
 */
import type { ConformanceState } from "./server";
import { isTeardownStep, TEARDOWN_STEPS } from "./teardown";

/** Which listener a request reached: the origin the view's CSP declares, or the one it does not. */
export type ProbeRole = "declared" | "undeclared";

export interface ProbeAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** Probe answers carry nothing secret and the view's origin is the host's sandbox: any origin. */
const OPEN = { "access-control-allow-origin": "*", "cache-control": "no-store" };

/**
 * Records and answers one probe request; undefined when `url` is not a probe path. Which origin
 * was reached is the listener's role, never a query parameter: a request to the declared origin
 * cannot record itself as having reached the undeclared one, or the other way round.
 */
export function answerProbe(
  state: ConformanceState,
  role: ProbeRole,
  url: URL,
): ProbeAnswer | undefined {
  if (!url.pathname.startsWith("/probe/")) return undefined;
  const run = (url.searchParams.get("run") ?? "").slice(0, 200);
  if (url.pathname === "/probe/csp") {
    state.recordHit(run, role);
    return {
      status: 200,
      headers: { ...OPEN, "content-type": "application/json" },
      body: JSON.stringify({ ok: true, via: role }),
    };
  }
  if (url.pathname === "/probe/frame") {
    // Served only if the view's frame-src let the frame load, which it must not (SBX-3).
    state.recordHit(run, "frame");
    return {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      body: "<!doctype html><html lang=en><title>frame probe</title></html>",
    };
  }
  if (url.pathname === "/probe/teardown") {
    // The view's beacons go to the declared origin only (teardown.ts); a step is one it sends.
    const step = url.searchParams.get("step");
    if (role !== "declared" || !isTeardownStep(step)) return { status: 400, headers: OPEN };
    state.recordHit(run, TEARDOWN_STEPS[step]);
    return { status: 204, headers: OPEN };
  }
  if (url.pathname === "/probe/link") {
    state.recordHit(run, "link");
    return {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      body: "<!doctype html><html lang=en><title>Conformance link</title><main><h1>The host opened the conformance link</h1><p>You can close this tab.</p></main></html>",
    };
  }
  return { status: 404, headers: {} };
}
