import { type Frame } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getProxyFrame, getViewFrame, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

/** Posts a size-changed notification from the view to its parent, as App's autoResize would. */
function reportSize(view: Frame, size: { width?: number; height?: number }) {
  return view.evaluate((params) => {
    window.parent.postMessage(
      { jsonrpc: "2.0", method: "ui/notifications/size-changed", params },
      "*",
    );
  }, size);
}

test("with a flexible container (no containerDimensions), the host follows the width and height the view reports (BRG-7), and the demo view asks for fullscreen only when the host offers it (BRG-6)", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const frame = page.locator('iframe[data-simulator="proxy"]');
  await expect(frame).toBeVisible();
  const before = (await frame.boundingBox())!;
  const column = (await page.getByTestId("view-container").boundingBox())!;
  const view = await getViewFrame(page);

  // Height: the view reports a taller content size, as App's autoResize would after it grew.
  const height = Math.round(before.height) + 600;
  await reportSize(view, { height });
  // The view's viewport takes the size: the frame is that plus its own border.
  await expect
    .poll(() => view.evaluate(() => window.innerHeight), { timeout: 10_000 })
    .toBe(height);
  expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(height);

  // Width: unbounded when containerDimensions is absent, so the view's width is followed too.
  const width = Math.round(column.width / 2);
  await reportSize(view, { width, height });
  await expect.poll(() => view.evaluate(() => window.innerWidth), { timeout: 10_000 }).toBe(width);
  // A view that reports the width it now has (as ext-apps' App does on every resize) leaves the
  // frame as it is: the frame's border is not taken from the view again on each report.
  await reportSize(view, { width, height });
  await page.waitForTimeout(200);
  expect(await view.evaluate(() => window.innerWidth)).toBe(width);

  // A width beyond the page's column is followed only up to the column: the page never scrolls
  // sideways for a view.
  await reportSize(view, { width: Math.round(column.width) + 2000 });
  await expect
    .poll(async () => Math.round((await frame.boundingBox())!.width))
    .toBe(Math.round(column.width));

  // BRG-6: this host's context lists only "inline", so the demo view does not ask for fullscreen.
  // The sequence lists a method in its filter once any message of it is in the run's trace.
  const methods = page.getByTestId("sequence-panel").getByLabel("Method");
  const requested = methods.locator('option[value="ui/request-display-mode"]');
  await view.getByTestId("display-mode").click();
  await expect(view.locator('[data-probe="display-mode"]').first()).toHaveAttribute(
    "data-outcome",
    "not-offered",
  );
  await expect(requested).toHaveCount(0);
  // Once a host context lists fullscreen (sent here by the proxy document, the view's parent),
  // the view asks, and gets this host's answer: it stays inline.
  const proxy = await getProxyFrame(page);
  await proxy.evaluate(() => {
    document.querySelector("iframe")!.contentWindow!.postMessage(
      {
        jsonrpc: "2.0",
        method: "ui/notifications/host-context-changed",
        params: { availableDisplayModes: ["inline", "fullscreen"] },
      },
      "*",
    );
  });
  await view.getByTestId("display-mode").click();
  await expect(view.locator('[data-probe="display-mode"]').first()).toHaveAttribute(
    "data-outcome",
    "inline",
  );
  await expect(requested).toHaveCount(1);
});
