// npm run bench:simulator — after `npm run build`.
// Serves the production build, opens /simulator in headless Chromium and prints, over 50 runs,
// median and p95 of (a) the pure decision rules for one scenario and (b) a full run from the
// proxy starting to load to the view confirming its tool result. Figures, not pass/fail.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const RUNS = 50;
const PRESET = process.env.BENCH_PRESET ?? "happy-path";

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
}
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(1)} ms`);

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const browserPath = findChromium();
if (!browserPath) {
  console.error("No Chromium found (see README).");
  process.exit(1);
}

const server = spawn("npx", ["next", "start", "--port", String(PORT)], {
  stdio: "ignore",
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid!);
  } catch {
    // already gone
  }
};
process.on("exit", stop);

try {
  const base = `http://localhost:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) break;
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
  if (toggles.parts.length) {
    const col = (i: number) => stats(toggles.parts.map((p) => p[i]!)).median;
    console.log(
      `    of which: toggle → run starts ${fmt(col(0))}, agent turn, read and previous view's teardown ${fmt(col(1))}, proxy load → result in view ${fmt(col(2))} (medians)`,
    );
  }
  const notRendered = full.outcomes.filter((o) => o !== "rendered").length;
  if (notRendered) console.log(`warning: ${notRendered} of ${RUNS} runs did not render`);
} finally {
  stop();
}
