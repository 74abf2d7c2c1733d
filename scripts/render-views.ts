/**
 * `npm run review -- --render`: each UI tool's view rendered in headless Chromium by the academy's
 * own /review page — the same hardened sandbox proxy, live view and bridge a person uses there —
 * with a sample result (the page's "Preview the view without calling": nothing is called). The
 * page's own view checks are read back as the JSON it offers for download, so the CLI's items are
 * the page's, object for object. A stdio server is reached through the local relay
 * (lib/host/relay.ts); the academy is the one at --app-url, or else this checkout's production
 * build, started here on a free port.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { startRelay, type Relay } from "../lib/host/relay";
import type { RenderRequest } from "../lib/review/cli";
import type { ReportItem } from "../lib/review/report";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium";

const ROOT = path.resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, ms: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`the academy server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the academy did not answer at ${url} within ${ms} ms`);
}

/** The academy to render in: the one given, or this checkout's build served on a free port. */
async function academy(appUrl: string | undefined, progress: (l: string) => void) {
  if (appUrl) return { url: appUrl.replace(/\/+$/, ""), stop: async () => {} };
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error(
      "--render needs the academy: build it first (npm run build), or pass --app-url of a running one",
    );
  }
  const port = await freePort();
  progress(`Starting the academy on port ${port}…`);
  const next = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [next, "start", "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = `http://localhost:${port}`;
  try {
    await waitForHttp(`${url}/review`, 60_000, child);
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

export async function renderViews(r: RenderRequest): Promise<ReportItem[]> {
  const progress = r.progress ?? (() => {});
  const chromiumAt = findChromium({ headlessShell: true });
  if (!chromiumAt) throw new Error("--render needs Chromium (apt install chromium-headless-shell)");
  const app = await academy(r.appUrl, progress);
  let relay: Relay | undefined;
  let browser: Browser | undefined;
  try {
    let serverUrl = r.url;
    if (r.stdio) {
      relay = await startRelay({ command: r.stdio, allowOrigin: new URL(app.url).origin });
      serverUrl = relay.url;
      progress(`Relaying the stdio server at ${serverUrl}…`);
    }
    browser = await chromium.launch({
      executablePath: chromiumAt.executablePath,
      args: CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ acceptDownloads: true });
    progress(`Reviewing on ${app.url}/review…`);
    await page.goto(`${app.url}/review`);
    await page.getByLabel("Server URL").fill(serverUrl!);
    if (r.bearer) await page.getByLabel("Bearer token (optional)").fill(r.bearer);
    await page.getByRole("button", { name: "Connect and review" }).click();
    await page.getByTestId("review-result").waitFor({ timeout: 60_000 });
    const items: ReportItem[] = [];
    for (const tool of r.tools) {
      progress(`Rendering ${tool}'s view…`);
      const section = page.locator(
        `[data-testid="review-ui-tool"][data-tool=${JSON.stringify(tool)}]`,
      );
      await section.getByTestId("preview-tool").click();
      const view = section.getByTestId("review-view");
      await view
        .locator(
          'xpath=self::*[@data-state="initialized" or @data-state="failed" or @data-state="text" or @data-state="torn-down"]',
        )
        .waitFor({ timeout: r.handshakeMs + 15_000 });
      await page.waitForTimeout(r.watchMs);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByTestId("view-checks-json").click(),
      ]);
      const file = await download.path();
      items.push(...(JSON.parse(readFileSync(file, "utf8")) as ReportItem[]));
    }
    return items;
  } finally {
    await browser?.close().catch(() => {});
    await relay?.close().catch(() => {});
    await app.stop();
  }
}
