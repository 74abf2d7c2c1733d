import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 90_000 });

const LANES = ["server", "host", "proxy", "view"] as const;
type Lane = (typeof LANES)[number];

/**
 * The happy path's message kinds and the lanes each must run between, from the protocol flow:
 * host ↔ server over MCP; the proxy's own sandbox-* messages end at the proxy (SBX-3); every
 * bridge message is relayed by the proxy and so runs between host and view (SBX-4).
 */
const HAPPY: [method: string, kind: string, from: Lane, to: Lane][] = [
  ["server/discover", "request", "host", "server"],
  ["server/discover", "response", "server", "host"],
  ["tools/list", "request", "host", "server"],
  ["tools/list", "response", "server", "host"],
  ["tools/call", "request", "host", "server"],
  ["tools/call", "response", "server", "host"],
  ["resources/read", "request", "host", "server"],
  ["resources/read", "response", "server", "host"],
  ["ui/notifications/sandbox-proxy-ready", "notification", "proxy", "host"],
  ["ui/notifications/sandbox-resource-ready", "notification", "host", "proxy"],
  ["ui/initialize", "request", "view", "host"],
  ["ui/initialize", "response", "host", "view"],
  ["ui/notifications/initialized", "notification", "view", "host"],
  ["ui/notifications/tool-input", "notification", "host", "view"],
  ["ui/notifications/tool-result", "notification", "host", "view"],
];

async function laneBoxes(page: Page) {
  const heads = page.getByTestId("sequence-lanes").locator("[data-lane]");
  await expect(heads).toHaveCount(4);
  const boxes: Record<string, { left: number; right: number }> = {};
  for (const lane of LANES) {
    const b = (await heads.and(page.locator(`[data-lane="${lane}"]`)).boundingBox())!;
    boxes[lane] = { left: b.x, right: b.x + b.width };
  }
  return boxes;
}

/** The horizontal extent of a message's arrow line, which runs from centre of lane to centre. */
async function lineOf(row: Locator) {
  const b = (await row.getByTestId("arrow-line").boundingBox())!;
  return { left: b.x, right: b.x + b.width };
}

const centre = (b: { left: number; right: number }) => (b.left + b.right) / 2;

async function happyRun(page: Page) {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  await expect(page.getByTestId("trace").locator("li").first()).toBeVisible();
}

test("every arrow runs from its sender's lane to its receiver's lane", async ({ page }) => {
  await happyRun(page);
  const lanes = await laneBoxes(page);
  for (const [method, kind, from, to] of HAPPY) {
    const row = page
      .getByTestId("trace")
      .locator(`li[data-method="${method}"][data-kind="${kind}"]`)
      .first();
    await row.scrollIntoViewIfNeeded();
    const line = await lineOf(row);
    const [a, b] = LANES.indexOf(from) < LANES.indexOf(to) ? [from, to] : [to, from];
    const what = `${method} ${kind} (${from} → ${to})`;
    expect(Math.abs(line.left - centre(lanes[a]!)), `${what}: left end`).toBeLessThan(4);
    expect(Math.abs(line.right - centre(lanes[b]!)), `${what}: right end`).toBeLessThan(4);
    await expect(row, what).toHaveAttribute(
      "data-dir",
      LANES.indexOf(from) < LANES.indexOf(to) ? "right" : "left",
    );
  }
  // No message of the happy path is drawn as a dot in one lane: each crosses at least one gap.
  const rows = page.getByTestId("trace").locator("li:not([data-kind='event'])");
  const n = await rows.count();
  expect(n).toBeGreaterThan(HAPPY.length - 1);
  for (let i = 0; i < n; i++) {
    const line = await lineOf(rows.nth(i));
    expect(line.right - line.left).toBeGreaterThan((lanes.host!.right - lanes.host!.left) * 0.8);
  }
});

test("the View lane is used, and relayed messages show the proxy they pass through", async ({
  page,
}) => {
  await happyRun(page);
  const lanes = await laneBoxes(page);
  const relayed = page
    .getByTestId("trace")
    .locator('li[data-method="ui/notifications/tool-result"]')
    .first();
  const line = await lineOf(relayed);
  expect(Math.abs(line.right - centre(lanes.view!))).toBeLessThan(4);
  // A mark on the proxy's lane: the message passes through it.
  const via = (await relayed.getByTestId("via-proxy").boundingBox())!;
  expect(Math.abs(via.x + via.width / 2 - centre(lanes.proxy!))).toBeLessThan(6);
});

test("the whole run is reachable: the last message can be scrolled to and is not clipped (its own box when wide, the page on a phone)", async ({
  page,
}) => {
  await happyRun(page);
  const list = page.getByTestId("trace");
  const last = list.locator("li").last();
  // The view, on screen beside the list, may still report its size: a new last row can arrive
  // after the scroll (or between the scroll and the look), so scroll and look again until the
  // last row is in sight and really on top, not overflowing out of a box under later content.
  await expect(async () => {
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ timeout: 1000 });
    const hit = await last.evaluate((li) => {
      const r = li.getBoundingClientRect();
      const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!el && li.contains(el);
    });
    expect(hit).toBe(true);
  }).toPass({ timeout: 10_000 });
  // On a wide screen the list scrolls in its own box inside the workbench's sequence panel (which
  // itself scrolls only on a short screen).
  const boxes = () =>
    list.evaluate((el) => {
      const out: string[] = [];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const o = getComputedStyle(e).overflowY;
        if (o !== "visible" && e.scrollHeight > e.clientHeight + 1) out.push(e.className);
      }
      return out;
    });
  expect((await boxes())[0]).toBe("sim-seq-scroll");
  // On a phone (the same elements, in tabs) the list grows with the page: neither it nor any box
  // around it hides messages behind a scrollbar that phones and trackpads do not show.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("tab", { name: "Sequence" }).click();
  await expect(list).toBeVisible();
  const clipped = await list.evaluate((el) => {
    const out: string[] = [];
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const o = getComputedStyle(e).overflowY;
      if (o !== "visible" && e.scrollHeight > e.clientHeight + 1)
        out.push(`${e.tagName}.${e.className} (${e.scrollHeight} > ${e.clientHeight})`);
    }
    return out;
  });
  expect(clipped).toEqual([]);
});

test("the sequence filters by lane, by method and to rejected messages only", async ({ page }) => {
  await page.goto("/simulator?preset=view-sends-garbage");
  await runPreset(page, "view-sends-garbage");
  const rows = page.getByTestId("trace").locator("li");
  const total = await rows.count();
  expect(total).toBeGreaterThan(5);

  await page.getByLabel("Lane").selectOption("server");
  await expect.poll(() => rows.count()).toBeLessThan(total);
  const lanesShown = await rows.evaluateAll((lis) =>
    lis.map((li) => [li.getAttribute("data-from-lane"), li.getAttribute("data-to-lane")]),
  );
  expect(lanesShown.length).toBeGreaterThan(0);
  for (const pair of lanesShown) expect(pair).toContain("server");
  await page.getByLabel("Lane").selectOption("");

  await page.getByLabel("Method").selectOption("tools/list");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Method").selectOption("");

  await page.getByLabel("Rejected only").check();
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  const statuses = await rows.evaluateAll((lis) => lis.map((li) => li.dataset.status));
  for (const s of statuses) expect(["rejected", "refused", "blocked"]).toContain(s);
  expect(statuses.length).toBeLessThan(total);
});

test("a message shows the rule IDs it triggered, and its JSON can be copied", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await happyRun(page);
  const init = page.getByTestId("trace").locator('li[data-method="ui/initialize"]').first();
  await expect(init.getByRole("link", { name: "BRG-2" })).toBeVisible();
  const ready = page
    .getByTestId("trace")
    .locator('li[data-method="ui/notifications/sandbox-proxy-ready"]')
    .first();
  await expect(ready.getByRole("link", { name: "SBX-3" })).toBeVisible();
  await init.getByRole("button").first().click();
  await page.getByTestId("message-json").getByRole("button", { name: "Copy JSON" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ jsonrpc: "2.0", method: "ui/initialize" });
});
