import { type Frame, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { getViewFrame } from "./simulator-helpers";

/**
 * BRG-5's consent gate at a person's pace, in the simulator (issues #24 and #25): the person's time
 * never counts against the view, a prompt is never answered by a reflex (Enter), and a view that
 * queues calls at will can be closed or blocked from its prompt, with nothing more reaching the
 * server.
 */

test.describe.configure({ timeout: 150_000 });

const PRESET = "/simulator?preset=app-call-consent-ask-allow";
const status = (page: Page) => page.getByTestId("run-status");
const prompt = (page: Page) => page.getByRole("dialog", { name: "Allow this tool call?" });

async function waitDone(page: Page) {
  await expect(status(page)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  // How long the view took to confirm its tool result: the view's own time, before any prompt.
  const s = status(page);
  const [load, result] = await Promise.all([
    s.getAttribute("data-proxy-load"),
    s.getAttribute("data-result-in-view"),
  ]);
  if (load && result)
    console.log(
      `view had its result ${Math.round(Number(result) - Number(load))} ms after its proxy began loading`,
    );
}

/** Every row's verdict and the outcome, as the page shows them. */
async function verdicts(page: Page) {
  const rows = await page
    .locator("[data-row][data-verdict]")
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute("data-row")}:${e.getAttribute("data-verdict")}`),
    );
  return {
    rows: [...new Set(rows)].sort(),
    outcome: await page.locator("strong[data-outcome]").getAttribute("data-outcome"),
    appCall: await page.locator("[data-app-call]").getAttribute("data-app-call"),
  };
}

/**
 * How many host ↔ server tools/call messages the run's sequence holds (the agent's call and its
 * answer make 2; a forwarded app call adds 2 more).
 */
async function serverToolCalls(page: Page): Promise<number> {
  const panel = page.getByTestId("sequence-panel");
  await panel.getByLabel("Lane").selectOption("server");
  await panel.getByLabel("Method").selectOption("tools/call");
  return Number(await panel.getByTestId("trace").getAttribute("data-rows"));
}

/** Sends `count` tools/call requests from the view at once; their answers collect in the view. */
async function flood(view: Frame, count: number, firstId = 5000) {
  await view.evaluate(
    ({ count, firstId }) => {
      const w = window as unknown as { __answers?: Record<number, unknown> };
      w.__answers ??= {};
      if (!(w as { __listening?: boolean }).__listening) {
        (w as { __listening?: boolean }).__listening = true;
        window.addEventListener("message", (e) => {
          const d = e.data as { id?: number };
          if (e.source === window.parent && typeof d?.id === "number" && d.id >= 5000)
            w.__answers![d.id] = d;
        });
      }
      for (let i = 0; i < count; i++)
        window.parent.postMessage(
          {
            jsonrpc: "2.0",
            id: firstId + i,
            method: "tools/call",
            params: { name: "save_note", arguments: { note: `flood-${i}` } },
          },
          "*",
        );
    },
    { count, firstId },
  );
}

const answers = (view: Frame) =>
  view.evaluate(() =>
    Object.values((window as unknown as { __answers?: Record<number, unknown> }).__answers ?? {}),
  ) as Promise<{ id: number; result?: unknown; error?: { code: number; message: string } }[]>;

test("a person who waits 10 s before Allow gets the run an immediate Allow gets, and no time-out (BRG-5)", async ({
  page,
}) => {
  await page.goto(PRESET);
  await expect(prompt(page)).toBeVisible({ timeout: 60_000 });
  await prompt(page).getByRole("button", { name: "Allow", exact: true }).click();
  await waitDone(page);
  const immediate = await verdicts(page);
  expect(immediate).toMatchObject({ outcome: "rendered", appCall: "forwarded" });

  await page.getByTestId("run").click();
  await expect(prompt(page)).toBeVisible({ timeout: 60_000 });
  // A person reads the arguments and thinks: 10 s, far past the run's 4 s limit for the view.
  await page.waitForTimeout(10_000);
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole("button", { name: "Allow", exact: true }).click();
  await waitDone(page);
  expect(await verdicts(page)).toEqual(immediate);
  await expect(page.locator("body")).not.toContainText("timed out");
  expect(await serverToolCalls(page)).toBe(4);
});

test("a person who waits 10 s before Deny gets the denied outcome, and no time-out (BRG-5)", async ({
  page,
}) => {
  await page.goto(PRESET);
  await expect(prompt(page)).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(10_000);
  await prompt(page).getByRole("button", { name: "Deny", exact: true }).click();
  await waitDone(page);
  const v = await verdicts(page);
  expect(v).toMatchObject({ outcome: "rendered", appCall: "refused" });
  expect(v.rows).toContain("app-call:fail");
  await expect(page.locator("body")).not.toContainText("timed out");
  expect(await serverToolCalls(page)).toBe(2);
});

test("Enter on a consent prompt never allows: focus is on the prompt itself and nothing reaches the server", async ({
  page,
}) => {
  await page.goto(PRESET);
  const dialog = prompt(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole("heading", { name: "Allow this tool call?" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Allow", exact: true })).not.toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Enter");
    await page.waitForTimeout(200);
  }
  // Still the same prompt, still unanswered.
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-app-call]")).toHaveCount(0);
  // Even with Allow itself focused, Enter does not press it.
  await dialog.getByRole("button", { name: "Allow", exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Deny", exact: true }).click();
  await waitDone(page);
  await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "refused");
  expect(await serverToolCalls(page)).toBe(2);
});

test("a view that queues 300 calls is closed from its first prompt: all are refused and nothing more reaches the server (BRG-5, BRG-3)", async ({
  page,
}) => {
  await page.goto(PRESET);
  const dialog = prompt(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  const view = await getViewFrame(page);
  await flood(view, 300);
  // The prompt says how many wait: its own call and the 300 behind it.
  await expect(dialog.getByTestId("consent-queued")).toContainText("300 more", { timeout: 10_000 });
  await dialog.getByRole("button", { name: "Deny and close the view" }).click();
  await expect(dialog).toBeHidden();
  await waitDone(page);
  // No second prompt comes, and the view is gone.
  await page.waitForTimeout(1500);
  await expect(dialog).toBeHidden();
  await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveCount(0);
  await expect(page.getByTestId("run-status")).toContainText("closed the view");
  await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "refused");
  // It initialized, so it was sent ui/resource-teardown before its frame went (BRG-3).
  const panel = page.getByTestId("sequence-panel");
  await panel.getByLabel("Method").selectOption("ui/resource-teardown");
  await expect(panel.locator('li[data-method="ui/resource-teardown"]').first()).toBeVisible();
  await panel.getByLabel("Method").selectOption("");
  expect(await serverToolCalls(page)).toBe(2);
});

test("after 3 calls in 10 s the prompt offers to block the view: later calls get a JSON-RPC error and no prompt (BRG-5)", async ({
  page,
}) => {
  await page.goto(PRESET);
  const dialog = prompt(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  const block = dialog.getByRole("button", { name: "Block further calls from this view" });
  // One call: no offer to block.
  await expect(dialog.getByTestId("consent-queued")).toBeVisible();
  await expect(block).toHaveCount(0);
  const view = await getViewFrame(page);
  await flood(view, 2);
  await expect(block).toBeVisible();
  await expect(dialog).toContainText("3 calls within 10 s");
  await block.click();
  await expect(dialog).toBeHidden();
  // The two queued calls are refused with an error naming the reason, without a prompt.
  await expect.poll(async () => (await answers(view)).length).toBe(2);
  for (const a of await answers(view)) {
    expect(a.error?.code).toBe(-32600);
    expect(a.error?.message).toContain("blocked further tool calls from this view");
    expect(a.error?.message).toContain("BRG-5, host policy");
  }
  // A later call too: answered at once, no prompt.
  await flood(view, 1, 6000);
  await expect.poll(async () => (await answers(view)).length).toBe(3);
  await expect(dialog).toBeHidden();
  await waitDone(page);
  expect(await serverToolCalls(page)).toBe(2);
  const panel = page.getByTestId("sequence-panel");
  await panel.getByLabel("Lane").selectOption("");
  await panel.getByLabel("Method").selectOption("");
  await panel.getByLabel("Rejected only").check();
  await expect(panel).toContainText("refused without a prompt");
});

test(`the open prompt, with its queue count and Block offer, has no serious accessibility violation on a 375 px screen (light and dark)`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(PRESET);
  const dialog = prompt(page);
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await flood(await getViewFrame(page), 3);
  const block = dialog.getByRole("button", { name: "Block further calls from this view" });
  await expect(block).toBeVisible();
  // Every answer is on screen and reachable on a phone.
  for (const name of ["Allow", "Deny", "Deny and close the view"])
    await expect(dialog.getByRole("button", { name, exact: true })).toBeInViewport();
  await expectNoSeriousA11yViolationsInBothThemes(page, 'iframe[data-simulator="proxy"]');
  await dialog.getByRole("button", { name: "Deny and close the view" }).click();
  await expect(dialog).toBeHidden();
});
