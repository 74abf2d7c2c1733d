// npm run bench:simulator — after `npm run build`.
// Serves the production build, opens /simulator in headless Chromium and prints, over 50 runs,
// median and p95 of (a) the pure decision rules for one scenario, (b) a full run from the proxy
// starting to load to the view confirming its tool result (a cold proxy every time), (c) a toggle
// on the page until the decision table shows it, and (d) until the re-run's view has its result,
// toggling a permission (same CSP: the run may take the spare proxy loaded ahead) and, for
// comparison, a connect-src origin (new CSP: a proxy of its own), and (e) 200 runs through the
// page's own "Run again" button: the page's DOM and JS heap at run 20 and at run 200, and the time
// per run at the start and at the end (issue 11: flat within 10 %). Figures, not pass/fail.
import { chromium } from "@playwright/test";
import { requireBuildAndChromium, startServer, stats } from "./bench-harness";
import { CHROMIUM_ARGS } from "./find-chromium";
import { describeGrowth, pageFootprint } from "./page-footprint";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const RUNS = 50;
/** Page runs for the footprint figure, measured after WARM_RUNS and after PAGE_RUNS. */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 200);
const WARM_RUNS = 20;
const CHUNK = 20;
const PRESET = process.env.BENCH_PRESET ?? "happy-path";

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(1)} ms`);

const browserPath = requireBuildAndChromium();
const { base, stop } = await startServer(PORT);

try {
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  await page.goto(`${base}/simulator`);
  await page.waitForFunction(() => !!window.academySimulator);

  // Warm-up: first loads compile and cache what later runs reuse.
  await page.evaluate((id) => window.academySimulator!.runMany(id, 3), PRESET);

  const rules = await page.evaluate(
    (id) => window.academySimulator!.timeRules(id, 50, 200),
    PRESET,
  );
  const full = await page.evaluate(({ id, n }) => window.academySimulator!.runMany(id, n), {
    id: PRESET,
    n: RUNS,
  });
  // The page itself: toggles through the UI (table preview, then the real re-run through the proxy).
  await page.goto(`${base}/simulator?preset=${PRESET}`);
  await page.waitForFunction(() => !!window.academySimulator);
  await page.waitForSelector('[data-testid="run-status"][data-status="done"]', {
    state: "attached",
  });
  const toggles = await page.evaluate(({ id, n }) => window.academySimulator!.benchToggles(id, n), {
    id: PRESET,
    n: RUNS,
  });
  // The same, flipping a connect-src origin: a new CSP each time, so no run finds a spare proxy.
  const cspToggles = await page.evaluate(
    ({ id, n }) => window.academySimulator!.benchToggles(id, n, "csp"),
    { id: PRESET, n: RUNS },
  );

  // (e) Runs through the page: warm up to run 20, measure, go on to run 200, measure again.
  await page.goto(`${base}/simulator?preset=${PRESET}`);
  await page.waitForFunction(() => !!window.academySimulator);
  await page.waitForSelector('[data-testid="run-status"][data-status="done"]', {
    state: "attached",
  });
  const settle = async () => {
    await page.waitForSelector('iframe[data-simulator="spare-proxy"]', { state: "attached" });
    await page.waitForTimeout(500);
  };
  const chunkMs: number[] = [];
  const pageOutcomes: string[] = [];
  const runChunk = async (n: number) => {
    const t0 = Date.now();
    pageOutcomes.push(...(await page.evaluate((k) => window.academySimulator!.runPage(k), n)));
    chunkMs.push((Date.now() - t0) / n);
  };
  await runChunk(WARM_RUNS - 1); // the page's own first run is run 1
  await settle();
  const warmFootprint = await pageFootprint(page);
  for (let done = WARM_RUNS; done < PAGE_RUNS; done += CHUNK)
    await runChunk(Math.min(CHUNK, PAGE_RUNS - done));
  await settle();
  const endFootprint = await pageFootprint(page);
  await browser.close();

  const a = stats(rules);
  const b = stats(full.fullRunMs);
  console.log(
    `Simulator benchmark, preset "${PRESET}", headless Chromium, ${new Date().toISOString()}`,
  );
  console.log(
    `(a) pure rules, decide() per call (50 samples × 200 calls): median ${fmt(a.median)}, p95 ${fmt(a.p95)}, max ${fmt(a.max)}   target < 1 ms`,
  );
  console.log(
    `(b) full run, proxy load → tool result in view (${b.n} runs): median ${fmt(b.median)}, p95 ${fmt(b.p95)}, min ${fmt(b.min)}, max ${fmt(b.max)}   target median < 150 ms`,
  );
  const t = stats(toggles.tableMs);
  const v = stats(toggles.viewMs.filter((x) => Number.isFinite(x)));
  console.log(
    `(c) toggle → decision table updated (${t.n} toggles): median ${fmt(t.median)}, p95 ${fmt(t.p95)}   target median < 16 ms`,
  );
  console.log(
    `(d) toggle → view re-rendered through proxy and bridge (${v.n} toggles): median ${fmt(v.median)}, p95 ${fmt(v.p95)}   target median < 150 ms`,
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
  breakdown(toggles.parts, toggles.preloaded);
  const c = stats(cspToggles.viewMs.filter((x) => Number.isFinite(x)));
  console.log(
    `    the same toggling a connect-src origin (new CSP, new proxy each run; ${c.n} toggles): median ${fmt(c.median)}, p95 ${fmt(c.p95)}`,
  );
  breakdown(cspToggles.parts, cspToggles.preloaded);
  console.log(
    `(e) ${PAGE_RUNS} runs through the page ("Run again"), after forced GC; within 10 % is flat:\n` +
      describeGrowth(warmFootprint, endFootprint, WARM_RUNS, PAGE_RUNS)
        .split("\n")
        .map((l) => `    ${l}`)
        .join("\n") +
      `\n    mean time per page run: runs 2–${WARM_RUNS} ${fmt(chunkMs[0]!)}, last ${CHUNK} runs ${fmt(chunkMs[chunkMs.length - 1]!)}`,
  );
  const pageNotRendered = pageOutcomes.filter((o) => o !== "rendered").length;
  if (pageNotRendered)
    console.log(`warning: ${pageNotRendered} of ${pageOutcomes.length} page runs did not render`);
  const notRendered = full.outcomes.filter((o) => o !== "rendered").length;
  if (notRendered) console.log(`warning: ${notRendered} of ${RUNS} runs did not render`);
} finally {
  stop();
}
