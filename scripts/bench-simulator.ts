// npm run bench:simulator — after `npm run build`.
// Serves the production build (with the bench fixtures on), and in headless Chromium measures,
// over RUNS rounds, median and p95 of:
//   (a) the pure decision rules for one scenario;
//   (b) a full run, from the proxy starting to load to the view confirming its tool result (a cold
//       proxy every time), with the demo view (the preset) and with the plain no-SDK view;
//   (c) a toggle on the page until the decision table shows it (ms, on its own: one frame);
//   (d) the same toggle until the re-run's view has its result, toggling a permission (same CSP:
//       the run may take the spare proxy loaded ahead) and a connect-src origin (two CSPs in turn;
//       the pool keeps a spare for each, so this mostly measures the same path with a new policy);
//   (e) PAGE_RUNS runs through the page's own "Run again" button: the page's DOM and JS heap after
//       forced GC at run 20 and at the last run, and the time per run at the start and the end
//       (issue 11: flat within 10 %);
//   (f) cold start: a new browser context (empty cache) navigates to the simulator and the page's
//       own first run finishes; from navigation start to the run starting and to its view
//       confirming its tool result (the page's performance clock starts at navigation).
//       Beside it, each in a new context too: (f0) the cold floor, the floor page making one run
//       as it loads (no framework, no SDK), and (g) the bare runner, a page with the simulator's
//       real runner and nothing else making the same preset's first run (bench fixtures,
//       lib/simulator/bench-runner.ts): what a page built on this runner could do at best.
// Interleaved with them, one floor run before each measured run: the bench fixture at
// /bench/floor (lib/simulator/bench-floor.ts), a bare page that loads the same signed proxy on a
// per-run sandbox origin, writes a tiny view into it, answers one ui/initialize and delivers one
// tool result. Milliseconds do not travel between machines; ratios to the floor measured in the
// same run do, so every figure is printed as both. Figures, not pass/fail.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { execSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import {
  CPU_RATE,
  requireBuildAndChromium,
  startServer,
  stats,
  throttle,
  THROTTLE,
  type Stats,
} from "./bench-harness";
import { COLD_STEPS, coldSegments, formatColdSegments, type ColdSample } from "./cold-segments";
import { buildBenchRunner } from "./bench-runner-bundle";
import { CHROMIUM_ARGS } from "./find-chromium";
import { describeGrowth, pageFootprint } from "./page-footprint";
import { FIRST_MARKS } from "../lib/first-marks";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
/** Page runs for the footprint figure, measured after WARM_RUNS and after PAGE_RUNS. */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 200);
const WARM_RUNS = 20;
const CHUNK = 20;
const PRESET = process.env.BENCH_PRESET ?? "happy-path";
const PLAIN_PRESET = "plain-bridge-view";

/** `--cold`: only the floor and the cold series (f), interleaved; quicker to iterate on. */
const COLD_ONLY = process.argv.includes("--cold");
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(1)} ms`);

const browserPath = requireBuildAndChromium();
const runnerBundle = await buildBenchRunner();
const { base, stop } = await startServer(PORT, {
  ACADEMY_BENCH_FIXTURES: "1",
  ACADEMY_BENCH_RUNNER_BUNDLE: runnerBundle.file,
});

try {
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  const open = async (path: string, ready: string, throttled = false) => {
    const page = await browser.newPage();
    if (throttled) await throttle(page);
    await page.goto(`${base}${path}`);
    // Polled from here: waitForFunction polls a string predicate with eval inside the page, which
    // the page's CSP refuses once the predicate is not true at the first look (the simulator's
    // automation hook is installed after hydration, which may come after the load event).
    for (let i = 0; !(await page.evaluate(ready)); i++) {
      if (i > 600) throw new Error(`${path}: ${ready} never became true`);
      await page.waitForTimeout(25);
    }
    return page;
  };
  // One page per series, so no series leaves state the next one starts from.
  const floorPage = await open("/bench/floor", "!!window.academyFloor", true);
  const togglePage = async () => {
    const page = await open(`/simulator?preset=${PRESET}`, "!!window.academySimulator");
    await page.waitForSelector('[data-testid="run-status"][data-status="done"]', {
      state: "attached",
    });
    return page;
  };
  const permissionPage = await togglePage();
  const cspPage = await togglePage();

  const floorRun = async () => {
    await floorPage.bringToFront();
    return floorPage.evaluate(() => window.academyFloor!.run(4000));
  };
  const fullRun = async (id: string) => {
    await runs.bringToFront();
    const r = await runs.evaluate((id) => window.academySimulator!.runMany(id, 1), id);
    if (r.outcomes[0] !== "rendered" || r.fullRunMs.length !== 1)
      throw new Error(`a ${id} run did not render (${r.outcomes[0]})`);
    return r.fullRunMs[0]!;
  };
  const toggle = async (page: Page, field: "permission" | "csp", i: number) => {
    await page.bringToFront();
    return page.evaluate(
      ({ id, field, i }) => window.academySimulator!.benchToggles(id, 1, field, i),
      { id: PRESET, field, i },
    );
  };

  const coldStart = async (): Promise<ColdSample> => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await throttle(page);
      await page.goto(`${base}/simulator?preset=${PRESET}`);
      const status = page.locator('[data-testid="run-status"][data-status="done"]');
      await status.waitFor({ state: "attached", timeout: THROTTLE ? 90_000 : 30_000 });
      const [runStart, result] = await Promise.all(
        ["data-run-start", "data-result-in-view"].map(async (a) =>
          Number(await status.getAttribute(a)),
        ),
      );
      if (!Number.isFinite(result)) throw new Error("the cold page's first run did not render");
      // The steps the page marked once each (lib/first-marks.ts), and when the document arrived.
      const marks = await page.evaluate(() => ({
        document: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .responseEnd,
        ...Object.fromEntries(
          performance.getEntriesByType("mark").map((m) => [m.name, m.startTime] as const),
        ),
      }));
      const at = (name: string) => (marks as Record<string, number>)[name] ?? NaN;
      return {
        document: at("document"),
        hydrated: at(FIRST_MARKS.hydrated),
        runner: at(FIRST_MARKS.runner),
        runStart: runStart!,
        ticket: at(FIRST_MARKS.ticket),
        proxyReady: at(FIRST_MARKS.proxyReady),
        initialized: at(FIRST_MARKS.initialized),
        result: result!,
      };
    } finally {
      await context.close();
    }
  };

  /**
   * (f0) and (g): a fixture page in a new context that makes one run as it loads and puts the
   * time its view confirmed the result (ms since navigation) on its root element.
   */
  const coldFixture = async (path: string): Promise<number> => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await throttle(page);
      await page.goto(`${base}${path}`);
      const deadline = Date.now() + (THROTTLE ? 90_000 : 30_000);
      for (;;) {
        const { result, error, outcome } = await page.evaluate(() => {
          const d = document.documentElement.dataset;
          return { result: d.resultInView, error: d.error, outcome: d.outcome };
        });
        if (error) throw new Error(`${path}: ${error}`);
        if (outcome !== undefined && outcome !== "rendered")
          throw new Error(`${path}: the first run ended "${outcome}"`);
        if (result !== undefined) return Number(result);
        if (Date.now() > deadline) throw new Error(`${path}: no result`);
        await page.waitForTimeout(20);
      }
    } finally {
      await context.close();
    }
  };
  const coldFloor = () => coldFixture("/bench/floor?cold=1");
  const coldBare = () => coldFixture(`/bench/runner?preset=${PRESET}`);

  if (COLD_ONLY) {
    for (let i = 0; i < 2; i++) {
      await floorRun();
      await coldStart();
      await coldFloor();
      await coldBare();
    }
    const floor: number[] = [];
    const cold: ColdSample[] = [];
    const bounds: Bounds = { coldFloor: [], bare: [] };
    for (let i = 0; i < RUNS; i++) {
      floor.push(await floorRun());
      cold.push(await coldStart());
      bounds.coldFloor.push(await coldFloor());
      bounds.bare.push(await coldBare());
    }
    await browser.close();
    stop();
    printCold(floor, cold, bounds, true);
    process.exit(0);
  }
  const runs = await open("/simulator", "!!window.academySimulator");

  // Warm-up: first loads compile and cache what later runs reuse.
  for (let i = 0; i < 3; i++) {
    await floorRun();
    await fullRun(PRESET);
    await fullRun(PLAIN_PRESET);
  }
  await runs.bringToFront();
  const rules = await runs.evaluate(
    (id) => window.academySimulator!.timeRules(id, 50, 200),
    PRESET,
  );

  const floor: number[] = [];
  const demo: number[] = [];
  const plain: number[] = [];
  const tableMs: number[] = [];
  const viewMs: number[] = [];
  const parts: number[][] = [];
  const preloaded: boolean[] = [];
  const cspViewMs: number[] = [];
  const cspParts: number[][] = [];
  const cspPreloaded: boolean[] = [];
  const cold: ColdSample[] = [];
  const bounds: Bounds = { coldFloor: [], bare: [] };
  // Alternating: a floor run before each measured run, so load that comes and goes on the machine
  // weighs on both alike.
  for (let i = 0; i < RUNS; i++) {
    floor.push(await floorRun());
    demo.push(await fullRun(PRESET));
    floor.push(await floorRun());
    plain.push(await fullRun(PLAIN_PRESET));
    floor.push(await floorRun());
    const t = await toggle(permissionPage, "permission", i);
    tableMs.push(...t.tableMs);
    viewMs.push(...t.viewMs);
    parts.push(...t.parts);
    preloaded.push(...t.preloaded);
    floor.push(await floorRun());
    const c = await toggle(cspPage, "csp", i);
    cspViewMs.push(...c.viewMs);
    cspParts.push(...c.parts);
    cspPreloaded.push(...c.preloaded);
    floor.push(await floorRun());
    cold.push(await coldStart());
    bounds.coldFloor.push(await coldFloor());
    bounds.bare.push(await coldBare());
  }

  // (e) Runs through the page: warm up to run 20, measure, go on to PAGE_RUNS, measure again.
  const footprintPage = await togglePage();
  await footprintPage.bringToFront();
  const settle = async () => {
    await footprintPage.waitForSelector('iframe[data-simulator="spare-proxy"]', {
      state: "attached",
    });
    await footprintPage.waitForTimeout(500);
  };
  const chunkMs: number[] = [];
  const pageOutcomes: string[] = [];
  const runChunk = async (n: number) => {
    const t0 = Date.now();
    pageOutcomes.push(
      ...(await footprintPage.evaluate((k) => window.academySimulator!.runPage(k), n)),
    );
    chunkMs.push((Date.now() - t0) / n);
  };
  await runChunk(WARM_RUNS - 1); // the page's own first run is run 1
  await settle();
  const warmFootprint = await pageFootprint(footprintPage);
  for (let done = WARM_RUNS; done < PAGE_RUNS; done += CHUNK)
    await runChunk(Math.min(CHUNK, PAGE_RUNS - done));
  await settle();
  const endFootprint = await pageFootprint(footprintPage);
  await browser.close();

  let load = "";
  try {
    load = execSync("uptime", { encoding: "utf8" }).trim();
  } catch {
    // no uptime here
  }
  const f = stats(floor);
  const ratio = (s: Stats) =>
    `${(s.median / f.median).toFixed(2)}× floor (p95 ${(s.p95 / f.p95).toFixed(2)}×)`;
  const line = (label: string, s: Stats, target = "") =>
    console.log(
      `${label} (${s.n}): median ${fmt(s.median)}, p95 ${fmt(s.p95)} = ${ratio(s)}${target ? `   target ${target}` : ""}`,
    );
  console.log(
    `Simulator benchmark, preset "${PRESET}", headless Chromium, ${new Date().toISOString()}`,
  );
  if (load) console.log(`machine: ${load}`);
  const a = stats(rules);
  console.log(
    `(a) pure rules, decide() per call (50 samples × 200 calls): median ${fmt(a.median)}, p95 ${fmt(a.p95)}, max ${fmt(a.max)}   target < 1 ms`,
  );
  console.log(
    `floor: bare page, signed proxy on a per-run origin, tiny view, ui/initialize, one tool result (${f.n} runs, interleaved): median ${fmt(f.median)}, p95 ${fmt(f.p95)}, min ${fmt(f.min)}, max ${fmt(f.max)}`,
  );
  line("(b) full run, proxy load → tool result in view, demo view", stats(demo), "≤ 1.5× floor");
  line(`    the same with the plain view ("${PLAIN_PRESET}")`, stats(plain));
  const t = stats(tableMs);
  console.log(
    `(c) toggle → decision table updated (${t.n} toggles): median ${fmt(t.median)}, p95 ${fmt(t.p95)}   target median < 16 ms`,
  );
  line(
    "(d) toggle → view re-rendered through proxy and bridge",
    stats(viewMs.filter((x) => Number.isFinite(x))),
    "≤ 2× floor",
  );
  const breakdown = (parts: number[][], preloaded: boolean[]) => {
    if (!parts.length) return;
    const col = (i: number) => stats(parts.map((p) => p[i]!)).median;
    console.log(
      `    of which: toggle → run starts ${fmt(col(0))}, agent turn, read and previous view's teardown ${fmt(col(1))}, ` +
        `proxy load (or spare taken) → result in view ${fmt(col(2))} (medians); ` +
        `${preloaded.filter(Boolean).length} of ${preloaded.length} runs took a proxy loaded ahead`,
    );
  };
  breakdown(parts, preloaded);
  line(
    "    the same toggling a connect-src origin (two CSPs in turn)",
    stats(cspViewMs.filter((x) => Number.isFinite(x))),
  );
  breakdown(cspParts, cspPreloaded);
  console.log(
    `(e) ${PAGE_RUNS} runs through the page ("Run again"), after forced GC; within 10 % is flat:\n` +
      describeGrowth(warmFootprint, endFootprint, WARM_RUNS, PAGE_RUNS)
        .split("\n")
        .map((l) => `    ${l}`)
        .join("\n") +
      `\n    mean time per page run: runs 2–${WARM_RUNS} ${fmt(chunkMs[0]!)}, last ${CHUNK} runs ${fmt(chunkMs[chunkMs.length - 1]!)}`,
  );
  printCold(floor, cold, bounds, false);
  const pageNotRendered = pageOutcomes.filter((o) => o !== "rendered").length;
  if (pageNotRendered)
    console.log(`warning: ${pageNotRendered} of ${pageOutcomes.length} page runs did not render`);
} finally {
  stop();
}

/** The cold series (f0) and (g), in ms since navigation. */
interface Bounds {
  coldFloor: number[];
  bare: number[];
}

/**
 * (f): the cold figure against the floor, and its segments (scripts/cold-segments.ts); then (f0)
 * and (g) against the same floor, and the simulator against the bare runner.
 */
function printCold(floor: number[], cold: ColdSample[], bounds: Bounds, withFloor: boolean) {
  const f = stats(floor);
  const c = stats(cold.map((x) => x.result));
  const under = THROTTLE ? ` under ${CPU_RATE}× CPU slowdown and a slow network` : "";
  if (withFloor) {
    console.log(`Simulator cold start${under}, preset "${PRESET}", ${new Date().toISOString()}`);
    console.log(
      `floor${THROTTLE ? " (same throttling)" : ""} (${f.n} runs, interleaved): median ${fmt(f.median)}, p95 ${fmt(f.p95)}`,
    );
  }
  console.log(
    `(f) cold start${under}, navigation → first run's view has its result (${c.n} new contexts): ` +
      `median ${fmt(c.median)}, p95 ${fmt(c.p95)} = ${(c.median / f.median).toFixed(2)}× floor   ` +
      `target ≤ ${THROTTLE ? 5 : 4}× floor`,
  );
  console.log(
    `    segments (${COLD_STEPS.length} steps; "+" is the median of each load's own segment):`,
  );
  for (const l of formatColdSegments(coldSegments(cold), fmt)) console.log(l);
  const f0 = stats(bounds.coldFloor);
  const g = stats(bounds.bare);
  console.log(
    `(f0) cold floor${under}: the floor page, in a new context, makes one run as it loads ` +
      `(${f0.n}): median ${fmt(f0.median)}, p95 ${fmt(f0.p95)} = ${(f0.median / f.median).toFixed(2)}× floor`,
  );
  console.log(
    `(g) bare runner${under}: the real runner (${(runnerBundle.bytes / 1024).toFixed(0)} KiB minified) ` +
      `and nothing else, one "${PRESET}" run as the page loads (${g.n}): median ${fmt(g.median)}, ` +
      `p95 ${fmt(g.p95)} = ${(g.median / f.median).toFixed(2)}× floor, ` +
      `${(g.median / f0.median).toFixed(2)}× the cold floor; the simulator's cold start is ` +
      `${(c.median / g.median).toFixed(2)}× this`,
  );
}
