// npm run bench:lessons — after `npm run build` (honours NEXT_DIST_DIR, like next.config.ts).
// For the lesson index, every lesson, the metadata-matrix page, the simulator and /review it prints:
//   (a) first-load JS, gzipped: every script Chromium downloads for a cold load of that URL before
//       its load event (the page's HTML names them; async scripts hold the load event), gzipped
//       here from the build output so the figure does not depend on the server's compression;
//   (b) what the page fetches after its load event while idle, with no input: Next.js prefetching
//       the code of routes it links to, and a lesson widget that sits within reach of the first
//       screen (widgets load as the reader nears them; see app/_components/widgets/lazy.tsx);
//   (c) for comparison, the build's own figure for the route (route-bundle-stats.json): the chunks
//       every page of the route loads before hydration (widget chunks are not among them);
//   (d) largest contentful paint in headless Chromium on localhost, median of 3 cold loads.
// Targets: under 150 KiB of first-load JS per lesson (200 KiB for the simulator, whose SDK and runner
// load when its first run needs them), LCP under 1 s. Figures, not pass/fail.
// `-- --scripts` lists each page's scripts; `-- --only=/simulator` measures the pages whose URL
// starts with that prefix; `-- --throttle` loads each page under 4× CPU slowdown and a slow
// network (LCP target 1.5 s).
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { requireBuildAndChromium, startServer, stats, throttle, THROTTLE } from "./bench-harness";
import { CHROMIUM_ARGS } from "./find-chromium";

const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const PORT = Number(process.env.BENCH_PORT ?? 3203);
const LOADS = 3;
const KIB = 1024;
const TARGET_KIB = 150;

interface RouteStats {
  route: string;
  firstLoadChunkPaths: string[];
}

const browserPath = requireBuildAndChromium(DIST);
const statsFile = path.join(DIST, "diagnostics", "route-bundle-stats.json");
if (!existsSync(statsFile)) {
  console.error(`${statsFile} is missing: this Next.js version does not write it.`);
  process.exit(1);
}

const gzipped = new Map<string, number>();
/** Gzipped size of a build file, by its path on disk. */
function gz(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipped.set(file, size);
  }
  return size;
}
/** Gzipped size of a script the browser loaded, found in the build output by its URL path. */
function gzUrl(url: string): number {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith("/_next/static/")) {
    throw new Error(`a script outside the build output was loaded: ${url}`);
  }
  return gz(path.join(DIST, "static", pathname.slice("/_next/static/".length)));
}
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

const routeStats = JSON.parse(readFileSync(statsFile, "utf8")) as RouteStats[];
function routeJs(route: string): number {
  const entry = routeStats.find((r) => r.route === route);
  if (!entry) throw new Error(`route ${route} is not in ${statsFile}`);
  return entry.firstLoadChunkPaths.reduce((n, c) => n + gz(c), 0);
}

const slugs = readdirSync(path.join("content", "checklist"))
  .filter((n) => n.endsWith(".mdx"))
  .map((n) => n.slice(0, -".mdx".length))
  .sort();
const SIMULATOR_TARGET_KIB = 200;
/** Under `--throttle` (bench-harness), LCP's target is 1.5 s (issue 23), against 1 s. */
const LCP_TARGET_MS = THROTTLE ? 1500 : 1000;
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const pages: { url: string; route: string; target?: number }[] = [
  { url: "/lessons", route: "/lessons" },
  ...slugs.map((s) => ({ url: `/lessons/${s}`, route: "/lessons/[slug]" })),
  { url: "/reference/metadata-matrix", route: "/reference/metadata-matrix" },
  { url: "/simulator", route: "/simulator", target: SIMULATOR_TARGET_KIB },
  // The review page: its SDK, collect and report code load when the learner presses Connect.
  { url: "/review", route: "/review" },
].filter((p) => !ONLY || p.url.startsWith(ONLY));
if (!pages.length) {
  console.error(`No page starts with ${ONLY}.`);
  process.exit(1);
}

/** Waits for two frames, after which the LCP entries of a painted page are final. */
function lcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(last)));
      }),
  );
}

const server = await startServer(PORT);
try {
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  // Warm the server once per page, so LCP measures the page, not the server's first response.
  for (const p of pages) await fetch(server.base + p.url);

  const rows: {
    url: string;
    loaded: number;
    scripts: string[];
    later: string[];
    route: number;
    lcp: number;
    target: number;
  }[] = [];
  for (const p of pages) {
    const samples: number[] = [];
    let scripts: string[] = [];
    let later: string[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext(); // a cold cache each time
      const page = await context.newPage();
      await throttle(page);
      const seen: { url: string; afterLoad: boolean }[] = [];
      let loaded = false;
      page.on("load", () => (loaded = true));
      page.on("response", (r) => {
        if (r.request().resourceType() === "script") seen.push({ url: r.url(), afterLoad: loaded });
      });
      await page.goto(server.base + p.url, { waitUntil: "networkidle" });
      samples.push(await lcp(page));
      if (i === 0) {
        scripts = seen
          .filter((x) => !x.afterLoad)
          .map((x) => x.url)
          .sort();
        later = seen
          .filter((x) => x.afterLoad)
          .map((x) => x.url)
          .sort();
      }
      await context.close();
    }
    rows.push({
      url: p.url,
      loaded: scripts.reduce((n, s) => n + gzUrl(s), 0),
      scripts,
      later,
      route: routeJs(p.route),
      lcp: stats(samples).median,
      target: p.target ?? TARGET_KIB,
    });
  }
  await browser.close();

  console.log(
    `Lesson benchmark, ${DIST}, headless Chromium${THROTTLE ? ", 4× CPU slowdown and a slow network" : ""}, ${new Date().toISOString()}`,
  );
  console.log(
    "first-load JS = scripts a cold load downloads before its load event, gzipped; after load = fetched later while idle (prefetch, widgets near the first screen); route (build) = the build's figure for the whole route",
  );
  console.log("");
  console.log(
    `${"page".padEnd(44)} ${"first-load JS".padStart(14)} ${"after load".padStart(11)} ${"route (build)".padStart(14)} ${"LCP".padStart(8)}`,
  );
  for (const r of rows) {
    const flag =
      (r.loaded > r.target * KIB ? ` (over ${r.target} KiB)` : "") +
      (r.lcp > LCP_TARGET_MS ? ` (LCP over ${LCP_TARGET_MS} ms)` : "");
    console.log(
      `${r.url.padEnd(44)} ${kib(r.loaded).padStart(14)} ${kib(r.later.reduce((n, u) => n + gzUrl(u), 0)).padStart(11)} ${kib(r.route).padStart(14)} ${`${r.lcp.toFixed(0)} ms`.padStart(8)}${flag}`,
    );
  }
  if (process.argv.includes("--scripts")) {
    for (const r of rows) {
      console.log(`\n${r.url}`);
      for (const s of r.scripts)
        console.log(`  ${kib(gzUrl(s)).padStart(9)}  ${new URL(s).pathname}`);
    }
  }
  const lessons = rows.filter((r) => r.url.startsWith("/lessons/"));
  if (lessons.length) {
    const js = stats(lessons.map((r) => r.loaded));
    const paint = stats(lessons.map((r) => r.lcp));
    console.log("");
    console.log(
      `Lessons (${lessons.length}): first-load JS median ${kib(js.median)}, largest ${kib(js.max)} ` +
        `(target < ${TARGET_KIB} KiB); route figure from the build ${kib(lessons[0]!.route)}; ` +
        `LCP median ${paint.median.toFixed(0)} ms, worst ${paint.max.toFixed(0)} ms (target < ${LCP_TARGET_MS} ms)`,
    );
  }
} finally {
  server.stop();
}
