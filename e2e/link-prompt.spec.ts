import { startRelay, type Relay } from "../lib/host/relay";
import { expect, test } from "./fixtures";

/**
 * Issue #39 (LOW): 300 `ui/open-link` requests gave a modal with the focus on "Open the link",
 * and three presses of Enter opened three tabs. The link prompt now has the consent prompt's
 * defences. The server is a stdio fixture whose view asks for five links at once, reached through
 * the local relay as a person would reach it.
 */
let relay: Relay | undefined;
test.afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

test("a view that floods link requests cannot get a tab opened by Enter, is offered a block, and can be closed from the prompt", async ({
  page,
  context,
  baseURL,
}) => {
  relay = await startRelay({
    command: `${process.execPath} e2e/servers/link-flood.mjs`,
    allowOrigin: new URL(baseURL!).origin,
  });
  const opened: string[] = [];
  context.on("page", (p) => opened.push(p.url()));
  await page.goto("/review");
  await page.getByLabel("Server URL").fill(relay.url);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
  const section = page.locator('[data-testid="review-ui-tool"][data-tool="show_links"]');
  await section.getByTestId("preview-tool").click();

  const dialog = section.getByTestId("link-dialog");
  await expect(dialog.getByRole("heading", { name: "The view asks to open a link" })).toBeFocused({
    timeout: 20_000,
  });
  for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
  // Enter on the question, and on "Open the link" itself, opens nothing.
  await dialog.getByRole("button", { name: "Open the link" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(500);
  expect(opened).toEqual([]);
  await expect(dialog).toBeVisible();

  // Five asks within 10 s: the block is offered, and takes every waiting question with it.
  await expect(dialog.getByTestId("link-block-offer")).toBeVisible();
  await dialog.getByRole("button", { name: "Block further links from this view" }).click();
  await expect(dialog).toBeHidden();
  expect(opened).toEqual([]);

  // Closing the view from the prompt is always one button away: run again and use it.
  await section.getByTestId("preview-tool").click();
  await expect(dialog.getByRole("button", { name: "Decline and close the view" })).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole("button", { name: "Decline and close the view" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("runner-status")).toHaveAttribute("data-state", "closed");
  expect(opened).toEqual([]);
});
