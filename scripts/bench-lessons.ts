// npm run bench:lessons — after `npm run build` (honours NEXT_DIST_DIR, like next.config.ts).
// Prints, for every lesson route and the lesson index, search and matrix pages:
//   (a) gzipped first-load JavaScript, from the build's route-bundle-stats.json, split into
//       what every route shares (framework, layout, store) and what the route adds;
//   (b) largest contentful paint in headless Chromium on localhost, median of 3 cold loads.
// Targets: under 150 KiB of first-load JS per lesson route, LCP under 1 s. Figures, not pass/fail.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium";

const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const PORT = Number(process.env.BENCH_PORT ?? 3203);
const LOADS = 3;
const KIB = 1024;

interface RouteStats {
  route: string;
  firstLoadChunkPaths: string[];
}

if (!existsSync(path.join(DIST, "BUILD_ID"))) {
  console.error(`No production build in ${DIST}: run \`npm run build\` first.`);
  process.exit(1);
}
const statsFile = path.join(DIST, "diagnostics", "route-bundle-stats.json");
if (!existsSync(statsFile)) {
  console.error(`${statsFile} is missing: this Next.js version does not write it.`);
  process.exit(1);
}
const browserPath = findChromium();
if (!browserPath) {
  console.error("No Chromium found (see README).");
  process.exit(1);
}

const gzipped = new Map<string, number>();
function gz(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipped.set(file, size);
  }
  return size;
}
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

const stats = JSON.parse(readFileSync(statsFile, "utf8")) as RouteStats[];
const shared = stats
  .map((r) => new Set(r.firstLoadChunkPaths))
  .reduce((a, b) => new Set([...a].filter((c) => b.has(c))));
const sharedBytes = [...shared].reduce((n, c) => n + gz(c), 0);

function jsFor(route: string): { total: number; own: number } {
  const entry = stats.find((r) => r.route === route);
  if (!entry) throw new Error(`route ${route} is not in ${statsFile}`);
  const total = entry.firstLoadChunkPaths.reduce((n, c) => n + gz(c), 0);
  return { total, own: total - sharedBytes };
}

const slugs = readdirSync(path.join("content", "checklist"))
  .filter((n) => n.endsWith(".mdx"))
  .map((n) => n.slice(0, -".mdx".length))
  .sort();
const pages: { url: string; route: string }[] = [
  { url: "/lessons", route: "/lessons" },
  ...slugs.map((s) => ({ url: `/lessons/${s}`, route: "/lessons/[slug]" })),
  { url: "/reference/metadata-matrix", route: "/reference/metadata-matrix" },
];

const server = spawn("npx", ["next", "start", "--port", String(PORT)], {
  stdio: "ignore",
  detached: true,
  env: { ...process.env, NEXT_DIST_DIR: DIST },
});
const stop = () => {
  try {
    process.kill(-server.pid!);
  } catch {
    // already gone
  }
};
process.on("exit", stop);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

try {
  const base = `http://localhost:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/lessons`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 120) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  // Warm the server once per page, so LCP measures the page, not the server's first compile.
  for (const p of pages) await fetch(base + p.url);

  const rows: { url: string; js: { total: number; own: number }; lcp: number }[] = [];
  for (const p of pages) {
    const samples: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext(); // a cold cache each time
      const page = await context.newPage();
      await page.goto(base + p.url, { waitUntil: "load" });
      samples.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let last = 0;
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) last = e.startTime;
              }).observe({ type: "largest-contentful-paint", buffered: true });
              // LCP entries are final once the page has painted; give it two frames.
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(last)));
            }),
        ),
      );
      await context.close();
    }
    rows.push({ url: p.url, js: jsFor(p.route), lcp: median(samples) });
  }
  await browser.close();

  console.log(`Lesson benchmark, ${DIST}, headless Chromium, ${new Date().toISOString()}`);
  console.log(
    `First-load JS shared by every route of the app (framework, layout, store): ${kib(sharedBytes)} gzipped`,
  );
  console.log("");
  console.log(
    `${"route".padEnd(44)} ${"first-load JS".padStart(14)} ${"route's own".padStart(12)} ${"LCP".padStart(8)}`,
  );
  for (const r of rows) {
    const flag = r.js.total > 150 * KIB ? " (over 150 KiB)" : "";
    console.log(
      `${r.url.padEnd(44)} ${kib(r.js.total).padStart(14)} ${kib(r.js.own).padStart(12)} ${`${r.lcp.toFixed(0)} ms`.padStart(8)}${flag}`,
    );
  }
  const lessonRows = rows.filter((r) => r.url.startsWith("/lessons/"));
  console.log("");
  console.log(
    `Lesson routes: first-load JS ${kib(Math.max(...lessonRows.map((r) => r.js.total)))} (target < 150 KiB); ` +
      `LCP median ${median(lessonRows.map((r) => r.lcp)).toFixed(0)} ms, worst ${Math.max(...lessonRows.map((r) => r.lcp)).toFixed(0)} ms (target < 1000 ms)`,
  );
} finally {
  stop();
}
