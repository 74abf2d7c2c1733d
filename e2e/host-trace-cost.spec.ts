// What big view messages cost the host page once they are in (issue #39, "Oversized bursts"): a
// view that logs messages just under the 256 KiB cap, at a rate the byte limit allows, must not
// make the host's trace, message sequence or /review's records work in proportion to everything
// it sent before.
import { spawn, type ChildProcess } from "node:child_process";
import { type Frame, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium";
import { expect, test } from "./fixtures";
import { runForReal } from "./helpers";
import { getViewFrame } from "./simulator-helpers";

/**
 * With site isolation, as desktop Chrome has by default (see host-stall.spec.ts): the proxy and
 * the view run in another renderer process, so what is measured on the host page is the host's
 * own work, not the view's building and posting of its messages.
 */
test.use({
  launchOptions: {
    executablePath: findChromium({ headlessShell: true })?.executablePath,
    args: [...CHROMIUM_ARGS, "--site-per-process"],
  },
});
test.describe.configure({ timeout: 180_000 });

/** Characters of each logged message's data: just under the host's 256 KiB cap. */
const DATA_CHARS = 250 * 1024;
/** Messages in one burst, and the pause between them: about 2 MiB a second, half the byte limit. */
const MESSAGES = 40;
const EVERY_MS = 120;

interface Cost {
  /** The host page's main-thread task time during the burst (CDP TaskDuration), ms. */
  taskMs: number;
  /** The same, per message sent. */
  perMessageMs: number;
  /** The worst gap of a 10 ms heartbeat timer on the host page, ms. */
  worstGapMs: number;
  /** The longest long task the host page reported, ms. */
  longTaskMs: number;
  /** What the host page's JS heap still holds after the burst (both after a full GC), KiB. */
  retainedKiB: number;
}

/** The data of a small log message: the same burst with it is the baseline. */
const SMALL_CHARS = 16;

/**
 * Sends MESSAGES `notifications/message` of `chars` characters each from the view's document,
 * EVERY_MS apart, and measures what they cost the host page's main thread until 1 s after the
 * last, and what its heap keeps of them.
 */
async function costOfBurst(page: Page, view: Frame, chars: number): Promise<Cost> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const taskSeconds = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "TaskDuration")!.value;
  };
  const heapAfterGc = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    return (await cdp.send("Runtime.getHeapUsage")).usedSize;
  };
  const heapBefore = await heapAfterGc();
  await page.evaluate(() => {
    const w = window as unknown as { __cost?: { worstGapMs: number; longTaskMs: number } };
    // One heartbeat and one observer per page, reset for each burst.
    if (w.__cost) {
      w.__cost.worstGapMs = 0;
      w.__cost.longTaskMs = 0;
      return;
    }
    const cost = (w.__cost = { worstGapMs: 0, longTaskMs: 0 });
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      cost.worstGapMs = Math.max(cost.worstGapMs, now - last);
      last = now;
      setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        cost.longTaskMs = Math.max(cost.longTaskMs, Math.round(e.duration));
    }).observe({ type: "longtask" });
  });
  const before = await taskSeconds();
  await view.evaluate(
    ({ chars, n, every }) =>
      new Promise<void>((resolve) => {
        let i = 0;
        const send = () => {
          // Each message's data is its own string, with markup in it that must stay text.
          const data = `${i}:<b>data</b>`.padEnd(chars, "z");
          window.parent.postMessage(
            { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } },
            "*",
          );
          if (++i < n) setTimeout(send, every);
          else resolve();
        };
        send();
      }),
    { chars, n: MESSAGES, every: EVERY_MS },
  );
  await page.waitForTimeout(1000);
  const taskMs = ((await taskSeconds()) - before) * 1000;
  const seen = await page.evaluate(
    () => (window as unknown as { __cost: { worstGapMs: number; longTaskMs: number } }).__cost,
  );
  const retained = (await heapAfterGc()) - heapBefore;
  await cdp.detach();
  return {
    taskMs: Math.round(taskMs),
    perMessageMs: Math.round((taskMs / MESSAGES) * 10) / 10,
    worstGapMs: Math.round(seen.worstGapMs),
    longTaskMs: seen.longTaskMs,
    retainedKiB: Math.round(retained / 1024),
  };
}

/**
 * The bounds, against the same burst of 16-character messages on the same page. Memory: the trace
 * and the records keep at most 2,048 characters of each string, so forty 250 KiB messages may
 * leave at most RETAINED_KIB more on the heap (before: 9,200 KiB on the simulator, 29,800 KiB on
 * /review, every message kept whole). Time, on /review only: its records wrote every kept message
 * as JSON again on each redraw, 89 to 114 ms more per big message in five runs here; with the
 * records bounded, 24 to 68 ms on this loaded 2-core machine (most of it the transport's own
 * read of each message, about 12 ms, and the collector). Times are printed, not bounded: they
 * follow the machine's load, and a performance target is a measured figure here, not a timed
 * test. What the fix changes for certain is what the page keeps (the heap bound) and what it
 * shows (the "not kept" text); both failed before it.
 */
const RETAINED_KIB = 2048;

test.describe("big logged messages, on the simulator", () => {
  test("forty 250 KiB log messages are not kept whole, and the sequence still counts every one and shows its start as text, saying what was not kept", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", /done|error/, {
      timeout: 20_000,
    });
    const view = await getViewFrame(page);
    const method = page.getByLabel("Method");
    const list = page.getByTestId("trace");
    // The run's own logs, before the bursts (the demo view logs its result's arrival).
    await method.selectOption("notifications/message");
    const own = Number(await list.getAttribute("data-rows"));
    await method.selectOption("");
    const small = await costOfBurst(page, view, SMALL_CHARS);
    const big = await costOfBurst(page, view, DATA_CHARS);
    console.log(`simulator, ${MESSAGES} × ${SMALL_CHARS} characters: ${JSON.stringify(small)}`);
    console.log(`simulator, ${MESSAGES} × 250 KiB: ${JSON.stringify(big)}`);
    await expect(page.locator("[data-outcome]")).not.toHaveAttribute("data-outcome", "torn-down");
    // Every message is counted, the big ones too.
    await method.selectOption("notifications/message");
    await expect(list).toHaveAttribute("data-rows", String(own + 2 * MESSAGES));
    // The last one's JSON, as text: a preview of the data, and what was left out.
    await expect
      .poll(async () => {
        const last = list.locator("li").last();
        await last.scrollIntoViewIfNeeded();
        return (
          (await last.getAttribute("aria-posinset")) === (await last.getAttribute("aria-setsize"))
        );
      })
      .toBe(true);
    await list.locator("li").last().getByRole("button").first().click();
    const json = page.getByTestId("message-json");
    await expect(json).toContainText(`"data": "${MESSAGES - 1}:<b>data</b>zzz`);
    await expect(json.locator("b")).toHaveCount(0);
    const notKept = (DATA_CHARS - 2048).toLocaleString("en");
    await expect(json).toContainText(`zz" … and ${notKept} more characters, not kept`);
    await expect(json.getByTestId("message-clipped")).toContainText(
      `it cut 1 string of this message, ${notKept} characters not kept`,
    );
    expect(big.retainedKiB - small.retainedKiB).toBeLessThan(RETAINED_KIB);
  });
});

const TRY_IT_PORT = Number(process.env.E2E_PORT ?? 3100) + 34;
let server: ChildProcess | undefined;

test.describe("big logged messages, on /review", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const child = spawn(
      "node_modules/.bin/tsx",
      [
        "scripts/serve-scenario.ts",
        "content/scenarios/happy-path.json",
        "--http",
        String(TRY_IT_PORT),
        "--cors",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let said = "";
      const onData = (chunk: Buffer) => {
        said += String(chunk);
        if (/serving .* on http:/.test(said)) resolve();
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.on("exit", (code) => reject(new Error(`serve-scenario exited with ${code}: ${said}`)));
    });
  });
  test.afterAll(() => void server?.kill());

  async function viewFrame(section: Locator): Promise<Frame> {
    const proxy = await section.getByTestId("review-view").locator("iframe").elementHandle();
    const frame = await proxy!.contentFrame();
    await expect.poll(() => frame!.childFrames().length).toBeGreaterThan(0);
    return frame!.childFrames()[0]!;
  }

  test("forty 250 KiB log messages cost the host page little each, and What the view sent lists every one, shortened, as text", async ({
    page,
  }) => {
    await page.goto("/review");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Server URL").fill(`http://127.0.0.1:${TRY_IT_PORT}/mcp`);
    await page.getByRole("button", { name: "Connect and review" }).click();
    await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
    const section = page.locator('[data-testid="review-ui-tool"][data-tool="show_forecast"]');
    await runForReal(section);
    const status = section.getByTestId("runner-status");
    await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 30_000 });
    const view = await viewFrame(section);
    const records = section.getByTestId("view-records").locator("li", {
      hasText: "notifications/message (info)",
    });
    const small = await costOfBurst(page, view, SMALL_CHARS);
    const big = await costOfBurst(page, view, DATA_CHARS);
    console.log(`/review, ${MESSAGES} × ${SMALL_CHARS} characters: ${JSON.stringify(small)}`);
    console.log(`/review, ${MESSAGES} × 250 KiB: ${JSON.stringify(big)}`);
    await expect(status).toHaveAttribute("data-state", "initialized");
    // Every message of both bursts, and only those: the view's own logs, which may still arrive
    // after it is initialized, carry no such data.
    await expect(records.filter({ hasText: ":<b>data</b>" })).toHaveCount(2 * MESSAGES);
    await expect(records.last()).toContainText(`"${MESSAGES - 1}:<b>data</b>zzz`);
    // The data's JSON is a quoted string: two characters more than the data.
    const notKept = (DATA_CHARS + 2 - 300).toLocaleString("en");
    await expect(records.last()).toContainText(`… and ${notKept} more characters`);
    await expect(section.getByTestId("view-records").locator("b")).toHaveCount(0);
    expect(big.retainedKiB - small.retainedKiB).toBeLessThan(RETAINED_KIB);
  });
});
