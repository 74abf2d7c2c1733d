import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getViewFrame, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 90_000 });

declare global {
  interface Window {
    __frameEvents?: string[];
    __mostViewsInSight?: number;
  }
}

/**
 * Counts, at every painted frame from now on, the view frames in sight (an iframe in the view
 * container that `checkVisibility()` says is rendered: a `hidden` frame is neither seen nor in
 * the accessibility tree), and keeps the most seen at once.
 */
async function countViewsInSight(page: Page) {
  await page.evaluate(() => {
    window.__mostViewsInSight = 0;
    const container = document.querySelector('[data-testid="view-container"]')!;
    const tick = () => {
      const inSight = [...container.querySelectorAll("iframe")].filter((f) =>
        f.checkVisibility(),
      ).length;
      window.__mostViewsInSight = Math.max(window.__mostViewsInSight!, inSight);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
const viewsInSight = (page: Page) =>
  page
    .locator('[data-testid="view-container"] iframe')
    .evaluateAll((frames) => frames.filter((f) => f.checkVisibility()).length);

test("a re-run sends its view to the ready spare proxy while the previous view is still answering its teardown, which is out of sight meanwhile; a run replaced on its way is hidden at once: never two views in sight", async ({
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
  await countViewsInSight(page);
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
  // Issue 25: the old view waited for its second out of sight, never beside the new one.
  expect(await page.evaluate(() => window.__mostViewsInSight)).toBe(1);
  expect(await viewsInSight(page)).toBe(1);

  // A run replaced while still on its way (this view never initializes: its run would wait for
  // its time-out) is hidden the moment the next run starts, and removed without a teardown
  // (SBX-5) once it returns.
  const status = page.getByTestId("run-status");
  const before = Number(await status.getAttribute("data-run"));
  await page.getByTestId("preset-select").selectOption("view-never-initializes");
  await expect(status).toHaveAttribute("data-run", String(before + 1));
  const silent = page.locator('[data-testid="view-container"] iframe[data-simulator="proxy"]');
  await expect(silent).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "running");
  await countViewsInSight(page);
  await page.getByTestId("preset-select").selectOption("happy-path");
  await expect(status).toHaveAttribute("data-run", String(before + 2));
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect((await getViewFrame(page)).getByTestId("status")).toHaveText("result received");
  expect(await page.evaluate(() => window.__mostViewsInSight)).toBe(1);
  expect(await viewsInSight(page)).toBe(1);
  // The replaced run's frame goes once its run returns (its 4 s wait, cut short or not).
  await expect(
    page.locator('[data-testid="view-container"] iframe[data-simulator="leaving-proxy"]'),
  ).toHaveCount(0, { timeout: 6000 });
});
