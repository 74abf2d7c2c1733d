import { sandboxOriginFor } from "@/lib/host/view/origins";
import { appOrigin, isSandboxHostname } from "@/lib/simulator/sandbox-server";

export const notFound = () =>
  new Response("Not found\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * The bench fixtures (/bench/…) exist only when the server was started with
 * ACADEMY_BENCH_FIXTURES=1, as `npm run bench:simulator` starts it, and never on a sandbox
 * hostname: otherwise a 404. Returns that 404, or the request's URL and the app's sandbox origin.
 */
export function benchFixture(request: Request): Response | { sandbox: string; url: URL } {
  const url = new URL(request.url);
  const hostHeader = request.headers.get("host") ?? url.host;
  if (
    process.env.ACADEMY_BENCH_FIXTURES !== "1" ||
    isSandboxHostname(hostHeader.replace(/:\d+$/, ""))
  )
    return notFound();
  const app = appOrigin(url, hostHeader);
  return { sandbox: sandboxOriginFor(app, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN), url };
}

/** A fixture page: never cached, never indexed. */
export const fixtureHeaders = (contentType: string) => ({
  "content-type": contentType,
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
});
