export const dynamic = "force-dynamic";

const CORS = { "access-control-allow-origin": "*", "cache-control": "no-store" };

/**
 * The conformance view's probe endpoints when the simulator runs it (preset conformance-view),
 * reached on the stand-in origins its scenario names (http://api.localhost:PORT declared in its
 * CSP, http://evil.localhost:PORT declared nowhere), as the conformance server's own side
 * listeners answer them outside the app. CORS is open, so only the view's CSP decides whether a
 * fetch completes. The in-page server never hears of these requests: the probes judge from what
 * the view saw (a completed fetch, a CSP violation).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ kind: string }> },
): Promise<Response> {
  const { kind } = await params;
  if (kind === "csp") return Response.json({ ok: true }, { headers: CORS });
  // Served only if the view's frame-src let the frame load, which it must not (SBX-3).
  if (kind === "frame")
    return new Response("<!doctype html><html lang=en><title>frame probe</title></html>", {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  // The view's teardown beacons: nobody in the simulator reads them.
  if (kind === "teardown") return new Response(null, { status: 204, headers: CORS });
  return new Response("Not found\n", { status: 404 });
}

/** The view's teardown beacons are sent with navigator.sendBeacon, a POST: answered, not read. */
export async function POST(
  _request: Request,
  { params }: { params: Promise<{ kind: string }> },
): Promise<Response> {
  const { kind } = await params;
  if (kind === "teardown") return new Response(null, { status: 204, headers: CORS });
  return new Response("Not found\n", { status: 404 });
}
