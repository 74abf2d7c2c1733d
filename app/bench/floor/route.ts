import { floorPageHtml } from "@/lib/simulator/bench-floor";
import { sandboxOriginFor } from "@/lib/simulator/browser/origins";
import { appOrigin, isSandboxHostname } from "@/lib/simulator/sandbox-server";

export const dynamic = "force-dynamic";

/**
 * A bench fixture, not a page of the course: the floor `npm run bench:simulator` measures against
 * (see lib/simulator/bench-floor.ts). It exists only when the server was started with
 * ACADEMY_BENCH_FIXTURES=1, as the bench starts it; otherwise, and on any sandbox hostname, 404.
 * It gets no powers of its own: it asks the token route like any app page and loads the same
 * signed proxy on a per-run sandbox origin.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const hostHeader = request.headers.get("host") ?? url.host;
  if (
    process.env.ACADEMY_BENCH_FIXTURES !== "1" ||
    isSandboxHostname(hostHeader.replace(/:\d+$/, ""))
  )
    return new Response("Not found\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  const app = appOrigin(url, hostHeader);
  return new Response(
    floorPageHtml(sandboxOriginFor(app, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN)),
    {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "x-robots-tag": "noindex",
      },
    },
  );
}
