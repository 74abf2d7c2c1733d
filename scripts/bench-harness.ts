// Shared by the bench:* scripts: a production server on a port of its own, a Chromium to drive
// it, and median/p95 over samples. The scripts print figures; none of them passes or fails.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { findChromium } from "./find-chromium";

export interface Stats {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** Nearest-rank median and p95 (and extremes) of a list of samples. */
export function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
}

/** Exits with a one-line message when there is no production build or no Chromium. */
export function requireBuildAndChromium(dist = process.env.NEXT_DIST_DIR ?? ".next") {
  if (!existsSync(path.join(dist, "BUILD_ID"))) {
    console.error(`No production build in ${dist}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const chromium = findChromium();
  if (!chromium) {
    console.error("No Chromium found (see README).");
    process.exit(1);
  }
  return chromium;
}

/**
 * Starts `next start` on `port` (in its own process group, killed on exit), with `env` added to
 * this process's environment, and resolves with its base URL once it answers. Throws after about
 * 30 s.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => void }> {
  const server = spawn("npx", ["next", "start", "--port", String(port)], {
    stdio: "ignore",
    detached: true,
    env: { ...process.env, ...env },
  });
  const stop = () => {
    try {
      process.kill(-server.pid!);
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    if (i > 120) {
      stop();
      throw new Error(`the server on port ${port} did not start`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `--throttle` on a bench: a phone-class profile, 4× CPU slowdown and a slow network (150 ms
 * latency, 1.6 Mbit/s down, 750 kbit/s up), set through the DevTools protocol on one page before
 * it navigates. The benches apply it to both sides of a ratio alike.
 */
export const THROTTLE = process.argv.includes("--throttle");
export const CPU_RATE = 4;

/** Puts `page` under the throttle profile when the bench was started with `--throttle`. */
export async function throttle(page: Page): Promise<void> {
  if (!THROTTLE) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}
