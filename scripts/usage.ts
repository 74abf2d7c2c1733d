/**
 * `--help` (or `-h`) for the npm scripts. Imported first by each script, so it runs before the
 * script's other imports load: with --help it prints that script's usage on stdout and exits 0
 * before any work starts (a bench would start servers, spec:gaps would rewrite its file).
 * The review CLI has its own usage (lib/review/cli.ts).
 */
import path from "node:path";

export const USAGES: Record<string, string> = {
  "simulate.ts": `
usage: npm run simulate -- <scenario.json> [--port N] [--quiet]
Runs one scenario headlessly (real server and host, in-memory transports) and prints the decision
rows in the host's order, the outcome, the agent's tool result, the CSP header and the trace as
JSON. --quiet prints one line per row and the outcome. --port sets the port {port} placeholders
resolve to (3000). Exit 2 for a malformed scenario, naming the file and every bad field.`,
  "spec-gaps.ts": `
usage: npm run spec:gaps [-- --check]
Recomputes the requirements catalogue's coverage and rewrites content/spec/gaps.json (refused
while a link is broken); prints the figures per party and keyword. --check only compares.
Exit 1 on a broken link or, with --check, on a difference.`,
  "conformance-catalogue.ts": `
usage: npm run conformance:catalogue [-- --check]
Rewrites lib/conformance/catalogue.ts, the conformance kit's table of every host- and
sandbox-proxy-directed catalogue entry (content/spec/*.json) with its keyword, party and first spec
line. Run it after editing the catalogue. --check only compares: exit 1 when the table is stale.`,
  "deps-graph.ts": `
usage: npm run deps:graph [-- --check]
Draws the folder-level import graph (dependency-cruiser's reading of the imports) as Mermaid and
writes it between the deps:graph markers in ARCHITECTURE.md. --check only compares: exit 1 when
the drawing is out of date.`,
  "build-views.ts": `
usage: npm run build:views
Bundles the simulator's demo view into public/sim-views/demo.html (run before every build).`,
  "bench-simulator.ts": `
usage: npm run bench:simulator [-- --cold] [-- --throttle]
Times the simulator against the bare two-origin floor in the full Chromium, interleaved, and
prints medians and ratios, the cold start split into segments. Needs a production build
(npm run build). --cold measures only the cold start (with the floor); --throttle puts the floor
and the cold loads under 4x CPU slowdown and a slow network. Environment: BENCH_RUNS (50),
BENCH_PAGE_RUNS (200), BENCH_PRESET (happy-path), BENCH_PORT (3200).`,
  "check-first-load.ts": `
usage: npm run check:first-load
After a build (it also runs as postbuild): prints each budgeted route's first-load JS, gzipped,
against its budget and target (scripts/first-load-budgets.ts). Exit 1 when a route is over its
budget or missing from the build, or when a browser chunk carries zod's foreign locales.
Environment: NEXT_DIST_DIR (.next).`,
  "bench-quiz.ts": `
usage: npm run bench:quiz [-- --cold] [-- --throttle]
Times drill generation, practice feedback and the exam start, and prints medians. Needs a
production build for the page figures. --cold measures instead the first answer and the exam
start on first visits (a new browser context each); --throttle puts those visits under 4x CPU
slowdown and a slow network. Environment: BENCH_DRILL_SEEDS (400), BENCH_DRILL_ONLY,
BENCH_FEEDBACK_RUNS (60), BENCH_EXAM_RUNS (30), BENCH_COLD_RUNS (8), BENCH_PORT (3320).`,
  "bench-lessons.ts": `
usage: npm run bench:lessons [-- --only=<url>] [-- --scripts] [-- --throttle]
Measures each lesson page's first-load JavaScript and load time against its budget, from a
production build. --only= limits it to one page. --throttle loads each page under 4x CPU
slowdown and a slow network (LCP target 1.5 s). Environment: NEXT_DIST_DIR (.next),
BENCH_PORT (3203).`,
  "bench-static-view.ts": `
usage: npm run bench:static-view
Times the checks the review makes of a view's HTML without a browser (html-document and the static
view items) on pathological documents (an unclosed comment, an unclosed tag with and without
<!doctype html>, many <img src> loads, many fetch("https://…") literals) at 100, 200, 400 and
800 KB, taking turns, and prints the median CPU time per size, the ratio per doubling and over the
whole range (about 2 per doubling when the checks are linear, about 4 when quadratic) and the
largest evidence. No build or browser needed. Environment: BENCH_RUNS (11), BENCH_SIZES
(100,200,400,800, in KB).`,
  "screenshot-paths.ts": `
usage: npm run docs:screenshots -- [base URL]
With the app served (npm start), redraws docs/path-*-375.png: the home page's three learning
paths on a 375 × 740 phone. The base URL defaults to http://localhost:3000.`,
  "review-published.ts": `
usage: npm run review:published [-- --render] [--dir path]
Installs the published MCP App servers listed in lib/review/published.ts at their pinned versions
(from the npm registry, cached in --dir, default ~/.cache/mcp-apps-academy/published), reviews
each over stdio and compares the pass/fail/warning/not-checkable counts with the expected ones.
--render renders each view too (needs npm run build). Exit 1 when a report differs.`,
  "conformance-server.ts": `
usage: npm run conformance-server -- (--stdio | --http PORT) [--era dual|modern|legacy]
         [--allow-origin ORIGIN]... [--negative-control csp]
         [--once --out FILE.json|FILE.md [--timeout SECONDS] [--linger SECONDS]]
Serves the MCP Apps host conformance server. Its UI tools show a view that tests the host
rendering it: PASS / FAIL / NOT OBSERVABLE per host- or proxy-directed catalogue entry, with the
entry's keyword (MUST, SHOULD, MAY). conformance_run probes the declared-origin CSP;
conformance_run_default_csp's resource declares no csp and probes the restrictive default.
  --stdio             serve over stdio (for hosts that start servers themselves)
  --http PORT         serve http://127.0.0.1:PORT/mcp (0: a free port, printed) for browser hosts
  --allow-origin      with --http: a page origin allowed to call the server (CORS); repeatable;
                      default http://localhost:3000 (the academy). Any other Origin gets 403
  --era               dual (default: both protocol eras), modern or legacy
  --negative-control  csp: add conformance_run_csp_control, whose view also declares the origin
                      the CSP probe expects blocked: on a host that honours declared origins its
                      CSP block rows must FAIL (they can fail); on a host that blocks declared
                      origins as well it proves nothing, and says so
  --once              one run: the first view that reports (the control's excepted), then its end
                      (its teardown beacons, up to --linger seconds, default 60); then exit
  --out               with --once: write the report there, as JSON or Markdown by its extension,
                      with a text to send upstream for each FAIL (spec line, evidence, steps)
  --timeout           with --once: seconds to wait for a view's report (default 120)
Reports are printed on stderr as JSON and Markdown, control characters removed, and kept as
conformance://report/latest; a report is stored only with its run's token. Exit (--once): 0 when
no MUST row failed (MUST rows NOT OBSERVABLE are listed apart), 1 when one did, 2 when no view
reported within --timeout or for bad usage.`,
  "hosts-grid.ts": `
usage: npm run hosts:grid [-- --only ID,ID] [--dir DIR] [--no-default-csp]
Measures the open-source MCP Apps hosts that install from the npm registry, at pinned versions:
MCP Inspector 2.12.0 (mcp-inspector), sunpeak 0.20.79 in its ChatGPT and Claude runtimes
(sunpeak-chatgpt, sunpeak-claude), and @mcp-ui/client 7.1.1's AppRenderer as its README shows and
passing the declared csp (apprenderer-readme, apprenderer-csp). Installs each into DIR (default
.hosts-grid, gitignored), never into the project. Per host and run: a conformance server
(--once) behind a logging pass-through, the host driven in Chromium to run conformance_run (then
conformance_run_default_csp for the default-CSP row, unless --no-default-csp), the report awaited,
the view closed for the teardown rows. Writes content/hosts/<id>.json as soon as a host is done
(reports and logs stay in DIR). ext-apps' basic-host is not published and is skipped. Exit 1 when
a host could not be measured (the message names the host and the step), 2 for bad usage.`,
  "hosts-examples.ts": `
usage: npm run hosts:examples [-- --out FILE.md] [--host ID]...
One worked example per closed host (a profile whose host is not open source), each step run: the
profile's departures from the reference (violation or allowed variation, rule, source and date),
the first simulator preset it decides otherwise (headless runs under the reference and the host),
npm run review -- --json's "Works in" cell on basic-vanillajs 2.0.3 and the works-in fixture,
and a host drill item the profile decides. Markdown on stdout, or in FILE.md
(docs/hosts-worked-examples.md is its output). --host ID limits it to that host. Exit 1 when a
host has no example at some step, 2 for bad usage.`,
  "relay.ts": `
usage: npm run relay -- --stdio "<command>" [--port N] [--origin URL]
Makes a stdio MCP server reachable from the review page: serves it over Streamable HTTP at
http://127.0.0.1:N/mcp (a free port unless --port), with CORS for the academy's origin only
(--origin, default http://localhost:3000). Each legacy session gets a server process of its own;
requests outside a session share one. Paste the printed URL into /review. Ctrl-C ends the relay
and every server process it started. Exit 2 for bad usage.`,
};

const script = path.basename(process.argv[1] ?? "");
const args = process.argv.slice(2);
if (USAGES[script] && (args.includes("--help") || args.includes("-h"))) {
  process.stdout.write(`${USAGES[script].trim()}\n`);
  process.exit(0);
}
