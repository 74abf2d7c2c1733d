import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startRelay, type Relay } from "../lib/host/relay";
import { expect, test } from "./fixtures";

/**
 * Issue #37 item 4: a real ext-apps view gave up on its tools/call after 60 s and sent
 * notifications/cancelled; the consent prompt stayed open, and Allow still called the server.
 * Here a fixture view withdraws its call 1.5 s after placing it, while the person has not answered.
 */
let relay: Relay | undefined;
test.afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

test("a view that withdraws a call waiting for consent closes the prompt with a notice, and nothing reaches the server", async ({
  page,
  baseURL,
}) => {
  const log = path.join(mkdtempSync(path.join(tmpdir(), "withdrawn-")), "calls.log");
  relay = await startRelay({
    command: `${process.execPath} e2e/servers/withdrawn-call.mjs --log ${log}`,
    allowOrigin: new URL(baseURL!).origin,
  });
  await page.goto("/review");
  await page.getByLabel("Server URL").fill(relay.url);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
  const section = page.locator('[data-testid="review-ui-tool"][data-tool="show_note"]');
  await section.getByTestId("preview-tool").click();

  const prompt = section.getByTestId("consent-dialog");
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText("save_note");
  // Nobody answers; the view withdraws the call.
  await expect(prompt).toBeHidden({ timeout: 10_000 });
  await expect(section.getByTestId("consent-withdrawn")).toContainText(
    "The view withdrew its call to save_note before you answered; nothing was sent to the server.",
  );
  await page.waitForTimeout(500);
  expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
});
