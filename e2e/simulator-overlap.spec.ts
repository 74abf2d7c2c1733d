import { expect, test } from "./fixtures";
import { getViewFrame, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 90_000 });

declare global {
  interface Window {
    __frameEvents?: string[];
  }
}

test("a re-run sends its view to the ready spare proxy while the previous view is still answering its teardown", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  // The spare for the same policy, loaded after that run.
  await expect(
    page.locator('iframe[data-simulator="spare-proxy"][data-spare="recent"]'),
  ).toHaveCount(1);
  const old = await getViewFrame(page);
  await expect(old.getByTestId("status")).toHaveText("result received");
  // This view will be slow to answer its teardown: its answers never leave it (the only request
  // the host sends it from now on is ui/resource-teardown), so the host waits its bounded second
  // before it removes the frame (BRG-3).
  await old.evaluate(() => {
    const proxy = window.parent;
    const post = proxy.postMessage.bind(proxy);
    proxy.postMessage = ((message: unknown, options: string) => {
      const m = message as { method?: string; result?: unknown };
      if (m?.method === undefined && m?.result !== undefined) return;
      post(message, options);
    }) as typeof proxy.postMessage;
  });
  // Records, in order, when the spare becomes this run's proxy, when the old frame is set aside
  // (still in the page) and when it is removed.
  await page.evaluate(() => {
    const events: string[] = [];
    window.__frameEvents = events;
    const container = document.querySelector('[data-testid="view-container"]')!;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "attributes" && r.target instanceof HTMLIFrameElement) {
          const now = r.target.dataset.simulator;
          if (r.oldValue === "spare-proxy" && now === "proxy")
            events.push(`spare taken@${performance.now()}`);
          if (r.oldValue === "proxy" && now === "leaving-proxy")
            events.push(`old set aside@${performance.now()}`);
        }
        for (const n of r.removedNodes)
          if (n instanceof HTMLIFrameElement && n.dataset.simulator === "leaving-proxy")
            events.push(`old removed@${performance.now()}`);
      }
    }).observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-simulator"],
      attributeOldValue: true,
    });
  });
  await runPreset(page, "happy-path");
  // The new run took the spare while the old view was still waited for (before, it waited for
  // the old frame's removal), and the old frame was removed only after the host's bounded wait
  // for its answer (BRG-3): about a second after it was set aside.
  await expect
    .poll(() => page.evaluate(() => window.__frameEvents!.map((e) => e.split("@")[0])), {
      timeout: 5000,
    })
    .toEqual(["old set aside", "spare taken", "old removed"]);
  const at = Object.fromEntries(
    (await page.evaluate(() => window.__frameEvents!)).map((e) => {
      const [name, t] = e.split("@");
      return [name!, Number(t)];
    }),
  );
  expect(at["old removed"]! - at["old set aside"]!).toBeGreaterThanOrEqual(900);
  await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveCount(1);
  const view = await getViewFrame(page);
  await expect(view.getByTestId("status")).toHaveText("result received");
  // The old view's late messages (its teardown answer) are not the new run's: none is traced as
  // a message from a stranger.
  await expect(page.locator('[data-testid="trace"] li[data-status="rejected"]')).toHaveCount(0);
});
