import { expect, test } from "@playwright/test";
import { getViewFrame, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

test("with a flexible height, the host resizes the view's frame when the view reports a new size (BRG-7)", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const frame = page.locator('iframe[data-simulator="proxy"]');
  await expect(frame).toBeVisible();
  const before = (await frame.boundingBox())!.height;

  // The view reports a taller content size, as App's autoResize would after its content grew.
  const view = await getViewFrame(page);
  const wanted = Math.round(before) + 600;
  await view.evaluate((height) => {
    window.parent.postMessage(
      { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { height } },
      "*",
    );
  }, wanted);
  // The host sets the frame's height to what the view reported.
  await expect
    .poll(() => frame.evaluate((el: HTMLElement) => el.style.height), { timeout: 10_000 })
    .toBe(`${wanted}px`);
  expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(wanted);
});
