import { loadScenarioFiles } from "@/lib/content/scenarios";
import { benchFixture, fixtureHeaders, notFound } from "../fixture";

export const dynamic = "force-dynamic";

const escapeJson = (json: string) => json.replace(/</g, "\\u003c");
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * A bench fixture, not a page of the course: the "bare runner" page (lib/simulator/bench-runner.ts)
 * that makes a preset's first run (?preset=, default happy-path) with the simulator's real runner
 * and nothing else. Its script is the bundle `npm run bench:simulator` builds before it starts the
 * server (bundle.js). Same rules as the floor: only for the bench, never on a sandbox hostname.
 */
export async function GET(request: Request): Promise<Response> {
  const fixture = benchFixture(request);
  if (fixture instanceof Response) return fixture;
  const id = fixture.url.searchParams.get("preset") ?? "happy-path";
  const preset = (await loadScenarioFiles()).find((f) => f.scenario.id === id);
  if (!preset) return notFound();
  const html =
    '<!doctype html><html lang="en" data-sandbox-origin="' +
    escapeAttr(fixture.sandbox) +
    '"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
    "<title>Bench fixture: the bare runner</title>" +
    '<script src="/bench/runner/bundle.js" defer></script></head><body>' +
    "<h1>Bench fixture: the bare runner</h1>" +
    "<p>Not part of the course. <code>npm run bench:simulator</code> measures the simulator's cold start against this page.</p>" +
    `<script type="application/json" id="scenario">${escapeJson(JSON.stringify(preset.scenario))}</script>` +
    '<div id="views"></div></body></html>';
  return new Response(html, { headers: fixtureHeaders("text/html; charset=utf-8") });
}
