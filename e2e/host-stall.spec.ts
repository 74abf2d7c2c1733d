// The host page's main thread while a view sends oversized messages, or many just under the
// size cap (issue #39): the host must tear the view down without stalling for a second.
import { type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium";
import { expect, test } from "./fixtures";
import { getViewFrame } from "./simulator-helpers";

/**
 * These tests run with site isolation, as desktop Chrome does by default: the host page and
 * its sandbox origin are different sites, so the proxy and the view run in another renderer
 * process. The headless shell the other tests use keeps every frame in one process unless told,
 * and there the view's own work (building and posting its messages) runs on the host page's main
 * thread, whatever the host does.
 */
test.use({
  launchOptions: {
    executablePath: findChromium({ headlessShell: true })?.executablePath,
    args: [...CHROMIUM_ARGS, "--site-per-process"],
  },
});
test.describe.configure({ timeout: 120_000 });

async function waitDone(page: Page) {
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", /done|error/, {
    timeout: 20_000,
  });
}

/** Characters in each message of the oversized burst: far above the host's 256 KiB cap. */
const BURST_CHARS = 32 * 1024 * 1024;

/**
 * The host page's main-thread stall while `act` runs: a 10 ms heartbeat timer's worst gap, and
 * the longest long task the page reported (a view or proxy in another process reports none here).
 * Measured until 300 ms after `act` has finished.
 */
async function stallDuring(page: Page, act: () => Promise<void>) {
  await page.evaluate(() => {
    const w = window as unknown as { __stall: { worstGapMs: number; longTaskMs: number } };
    const stall = (w.__stall = { worstGapMs: 0, longTaskMs: 0 });
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      stall.worstGapMs = Math.max(stall.worstGapMs, now - last);
      last = now;
      setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        stall.longTaskMs = Math.max(stall.longTaskMs, Math.round(e.duration));
    }).observe({ type: "longtask" });
  });
  const started = Date.now();
  await act();
  const tookMs = Date.now() - started;
  await page.waitForTimeout(300);
  const stall = await page.evaluate(
    () => (window as unknown as { __stall: { worstGapMs: number; longTaskMs: number } }).__stall,
  );
  return { worstGapMs: Math.round(stall.worstGapMs), longTaskMs: stall.longTaskMs, tookMs };
}

test.describe("resource limits, with the sandbox in its own process", () => {
  test("the view runs in another process: its own busy second does not stall the host page", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    const stall = await stallDuring(page, () =>
      view.evaluate(() => {
        const end = performance.now() + 1500;
        while (performance.now() < end);
      }),
    );
    console.log(`a view busy for 1.5 s: ${JSON.stringify(stall)}`);
    expect(stall.tookMs).toBeGreaterThanOrEqual(1500);
    expect(stall.worstGapMs).toBeLessThan(1000);
  });

  test("an oversized burst never reaches the host: its main thread never stalls 1 s, and the view is torn down naming the size limit (SBX-6)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    const stall = await stallDuring(page, async () => {
      // Eight notifications of 32 Mi characters each, as fast as the view can post them.
      await view.evaluate((chars) => {
        const data = "x".repeat(chars);
        for (let i = 0; i < 8; i++)
          window.parent.postMessage(
            { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } },
            "*",
          );
      }, BURST_CHARS);
      await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
        timeout: 60_000,
      });
    });
    console.log(`oversized burst: ${JSON.stringify(stall)}`);
    const alert = page.getByTestId("run-status").getByRole("alert");
    await expect(alert).toContainText("256 KiB");
    await expect(alert).toContainText("size limit");
    expect(stall.worstGapMs).toBeLessThan(1000);
  });

  test("a burst of messages each just under the size cap is torn down by the byte rate, naming it (SBX-6)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    const stall = await stallDuring(page, async () => {
      await view.evaluate(() => {
        // 600 notifications of 250 KiB each: every one is within the 256 KiB cap.
        const data = "y".repeat(250 * 1024);
        for (let i = 0; i < 600; i++)
          window.parent.postMessage(
            { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data } },
            "*",
          );
      });
      await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
        timeout: 60_000,
      });
    });
    console.log(`under-cap burst: ${JSON.stringify(stall)}`);
    await expect(page.getByTestId("run-status").getByRole("alert")).toContainText(
      "more than 4 MiB within one second",
    );
    // Each message is read and handled by the host, so up to 4 MiB of them are: a worst gap of
    // 0.4 to 0.9 s in five runs here (median 0.64 s), against over 10 s and no teardown at all
    // before the byte rate. That figure is printed above, not asserted: with every message read,
    // the gap follows the machine's load (4.3 s in one full run beside five builds), and a
    // performance target is a measured figure here, not a timed test. What fails without the
    // byte rate is the teardown itself, which never came within 60 s.
  });

  // A view shares its proxy's origin, so it can run script in the proxy document and post from
  // there (the message's source is then the proxy's own window), or post to the host page itself
  // (`top`, or the host window reached through its parent). Neither goes through the proxy's
  // check. The host must drop such messages without reading them: reading a posted message's
  // data is what makes the browser deserialize it, and that is the stall (issue #39).
  const bypasses = [
    {
      name: "from script the view put in its proxy document",
      post: (chars: number) => {
        const s = window.parent.document.createElement("script");
        s.textContent = `(() => { const data = "x".repeat(${chars}); for (let i = 0; i < 8; i++) parent.postMessage({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } }, "*"); })();`;
        window.parent.document.body.appendChild(s);
      },
    },
    {
      name: "from the view straight to the host page (top)",
      post: (chars: number) => {
        const data = "x".repeat(chars);
        for (let i = 0; i < 8; i++)
          window.top!.postMessage(
            { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } },
            "*",
          );
      },
    },
  ];
  for (const bypass of bypasses) {
    test(`an oversized burst posted past the proxy, ${bypass.name}, is dropped unread and the view torn down (SBX-2, SBX-6)`, async ({
      page,
    }) => {
      await page.goto("/simulator?preset=happy-path");
      await waitDone(page);
      const view = await getViewFrame(page);
      // Counts the host page's reads of a posted message's data above 1 MiB: reading is what
      // makes the browser deserialize it, so the host must never do it here.
      await page.evaluate(() => {
        const w = window as unknown as { __bigReads: number };
        w.__bigReads = 0;
        const read = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data")!.get!;
        Object.defineProperty(MessageEvent.prototype, "data", {
          configurable: true,
          get(this: MessageEvent) {
            const data = read.call(this) as { params?: { data?: unknown } } | null;
            const inner = data?.params?.data;
            if (typeof inner === "string" && inner.length > 1024 * 1024) w.__bigReads++;
            return data;
          },
        });
      });
      let tornDown = false;
      const stall = await stallDuring(page, async () => {
        await view.evaluate(bypass.post, BURST_CHARS);
        tornDown = await expect(page.locator("[data-outcome]"))
          .toHaveAttribute("data-outcome", "torn-down", { timeout: 20_000 })
          .then(
            () => true,
            () => false,
          );
      });
      const bigReads = await page.evaluate(
        () => (window as unknown as { __bigReads: number }).__bigReads,
      );
      // Printed before any assertion, so a failing run still gives its figures.
      console.log(
        `oversized burst ${bypass.name}: ${JSON.stringify({ ...stall, tornDown, bigReads })}`,
      );
      expect(tornDown).toBe(true);
      await expect(page.getByTestId("run-status").getByRole("alert")).toContainText(
        "past its sandbox proxy",
      );
      await expect(
        page.locator('[data-testid="trace"] li[data-status="rejected"]', {
          hasText: "Dropped unread",
        }),
      ).toHaveCount(1);
      expect(bigReads).toBe(0);
      // The heartbeat is printed, not bounded here. Unread, the messages still cost the host
      // page their delivery: the browser carries 256 MiB into its process whoever listens. On
      // this 2-core machine under a load average of 20-25, a page with no message listener at
      // all showed worst gaps of 1.4-2.4 s for the same burst, and these tests 1.9-4.5 s
      // (median 2.9 s from the proxy document, 3.4 s to top), against 5.8-12.4 s (median 8.0 s)
      // when the host read them. What the host controls, reading them, is held above.
    });
  }
});
