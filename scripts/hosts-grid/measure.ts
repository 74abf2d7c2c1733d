/**
 * One run of the conformance kit in one host: a conformance server (--once) behind a logging
 * pass-through, the host started against the pass-through, the view opened in Chromium as a user
 * would, the report awaited, the operator's link pressed, the view closed, and the server's exit
 * (its report file written) awaited. Everything started is stopped, whatever happens. Node only.
 */
import type { Browser, Page } from "@playwright/test";
import type { GridHost } from "./hosts";
import { startPassThrough } from "./passthrough";
import { freePort } from "./process";
import { startConformanceServer } from "./server";

export interface MeasureOptions {
  browser: Browser;
  host: GridHost;
  tool: string;
  /** The host's install folder. */
  dir: string;
  /** The report file the server writes. */
  out: string;
  /** Logs go to `${logPrefix}.server.log`, `.wire.jsonl`, `.host.log`. */
  logPrefix: string;
  /** Press the view's "Open the test link" and confirm, for the operator's row. */
  pressLink: boolean;
  say(line: string): void;
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
}

export interface Measured {
  out: string;
  exitCode: number | null;
  /** tools/call names the pass-through saw. */
  toolCalls: string[];
}

const REPORT_TIMEOUT_MS = 150_000;
const LINGER_S = 30;

/** The frame holding the conformance view (its link button), however deep the host nests it. */
async function viewFrame(page: Page) {
  for (const frame of page.frames()) {
    if (
      await frame
        .locator("#open-link")
        .count()
        .catch(() => 0)
    )
      return frame;
  }
  return undefined;
}

/**
 * The operator's probe, done by the grid: press the view's link button, accept what the host asks
 * (a dialog, or a button of its own that opens the link), and wait for the amended report. Best
 * effort: on a host that never opens the link the row stays NOT OBSERVABLE, as it would for a
 * person.
 */
async function pressLink(page: Page, o: MeasureOptions, waitAmended: () => Promise<boolean>) {
  const frame = await viewFrame(page);
  const button = frame?.locator("#open-link");
  if (!button || !(await button.isEnabled().catch(() => false))) {
    o.say("the view's link button is off (the host offers no openLinks): left to the report");
    return;
  }
  page.on("dialog", (d) => void d.accept().catch(() => {}));
  await button.click();
  const amended = waitAmended();
  // A host may ask before opening: a button of its own on the page.
  const confirm = page.getByRole("button", { name: /^(open|allow|continue|confirm|yes)\b/i });
  await confirm
    .first()
    .click({ timeout: 3000 })
    .catch(() => {});
  o.say((await amended) ? "the link row was amended" : "the link row stayed as it was");
}

export async function measure(o: MeasureOptions): Promise<Measured> {
  const ports: [number, number] = [await freePort(), await freePort()];
  const server = await o.step("start the conformance server", () =>
    startConformanceServer({
      out: o.out,
      log: `${o.logPrefix}.server.log`,
      allowOrigins: o.host.origins(ports),
      timeoutS: REPORT_TIMEOUT_MS / 1000,
      lingerS: LINGER_S,
    }),
  );
  const cleanup: (() => void)[] = [() => server.stop()];
  try {
    const pass = await startPassThrough(`${server.origin}/mcp`, `${o.logPrefix}.wire.jsonl`);
    cleanup.push(() => pass.close());
    const run = await o.step("start the host", () =>
      o.host.start({ dir: o.dir, mcpUrl: pass.url, ports, log: `${o.logPrefix}.host.log` }),
    );
    cleanup.push(() => run.stop());
    o.say(`server ${server.origin}, pass-through ${pass.url}, host at ${run.pageUrl}`);
    const context = await o.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    cleanup.push(() => void context.close().catch(() => {}));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await o.step("open the view", async () => {
      await page.goto(run.pageUrl);
      await run.open(page, o.tool);
    });
    const report = await o.step("wait for the view's report", () =>
      server.firstReport(REPORT_TIMEOUT_MS),
    );
    o.say(
      `report for run ${report.run} (${report.host.name ?? "unnamed host"} ${report.host.version ?? ""})`,
    );
    if (o.pressLink)
      await o.step("press the link", () =>
        pressLink(
          page,
          o,
          async () =>
            !!(await server.reportWhere(
              report.run,
              (r) =>
                r.results.some(
                  (p) => p.id === "links/open-external" && p.verdict !== "NOT OBSERVABLE",
                ),
              15_000,
            )),
        ),
      );
    const closed = await o.step("close the view", () => run.close(page));
    o.say(`${closed}; waiting up to ${LINGER_S} s for the teardown beacons`);
    const exitCode = await o.step("wait for the report file", async () => {
      const code = await Promise.race([
        server.exited,
        new Promise<"late">((r) => setTimeout(() => r("late"), (LINGER_S + 30) * 1000)),
      ]);
      if (code === "late")
        throw new Error(`the server did not exit ${LINGER_S + 30} s after the view was closed`);
      if (code === 2 || code === null)
        throw new Error(`the server exited ${code}: no report file; see ${o.logPrefix}.server.log`);
      return code;
    });
    o.say(`server exit ${exitCode}; report ${o.out}`);
    return { out: o.out, exitCode, toolCalls: pass.toolCalls() };
  } finally {
    for (const c of cleanup.reverse()) c();
  }
}
