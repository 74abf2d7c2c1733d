import { readFile } from "node:fs/promises";
import { benchFixture, fixtureHeaders, notFound } from "../../fixture";

export const dynamic = "force-dynamic";

/**
 * The bare runner page's script: the file the bench bundled from lib/simulator/bench-runner.ts
 * and named in ACADEMY_BENCH_RUNNER_BUNDLE when it started the server. A 404 without it.
 */
export async function GET(request: Request): Promise<Response> {
  const fixture = benchFixture(request);
  if (fixture instanceof Response) return fixture;
  const file = process.env.ACADEMY_BENCH_RUNNER_BUNDLE;
  if (!file) return notFound();
  try {
    return new Response(await readFile(/* turbopackIgnore: true */ file, "utf8"), {
      headers: fixtureHeaders("text/javascript; charset=utf-8"),
    });
  } catch {
    return notFound();
  }
}
