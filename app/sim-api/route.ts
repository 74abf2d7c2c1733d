export const dynamic = "force-dynamic";

/**
 * Stands in for an external API in simulator scenarios (reached as http://api.localhost:PORT).
 * CORS is open, so whether a view's fetch completes depends on its CSP alone.
 */
export function GET(request: Request): Response {
  return Response.json(
    { ok: true, servedBy: request.headers.get("host") },
    { headers: { "access-control-allow-origin": "*", "cache-control": "no-store" } },
  );
}
