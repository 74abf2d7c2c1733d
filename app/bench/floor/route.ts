import { floorPageHtml } from "@/lib/simulator/bench-floor";
import { benchFixture, fixtureHeaders } from "../fixture";

export const dynamic = "force-dynamic";

/**
 * A bench fixture, not a page of the course: the floor `npm run bench:simulator` measures against
 * (see lib/simulator/bench-floor.ts); with ?cold=1 the page makes one floor run as it loads (the
 * cold floor). It exists only when the server was started with ACADEMY_BENCH_FIXTURES=1, as the
 * bench starts it; otherwise, and on any sandbox hostname, 404. It gets no powers of its own: it
 * asks the token route like any app page and loads the same signed proxy on a per-run sandbox
 * origin.
 */
export function GET(request: Request): Response {
  const fixture = benchFixture(request);
  if (fixture instanceof Response) return fixture;
  const cold = fixture.url.searchParams.get("cold") === "1";
  return new Response(floorPageHtml(fixture.sandbox, { cold }), {
    headers: fixtureHeaders("text/html; charset=utf-8"),
  });
}
