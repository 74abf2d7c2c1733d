import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Frame, type Page } from "@playwright/test";

export interface PresetFile {
  id: string;
  consent: string;
  consentAnswer?: "allow" | "deny";
  action: { kind: string; tool?: string };
  expect: {
    rows: Record<string, string>;
    outcome: string;
    era?: string;
    appCall?: string;
    cspHeader?: string;
    allow?: string;
    toolCall?: string;
    inputPartials?: number;
  };
}

/** Every preset in content/scenarios, read as data (the browser runs them; the test only compares). */
export function presetFiles(): PresetFile[] {
  const dir = path.resolve(process.cwd(), "content/scenarios");
  return readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as PresetFile);
}

/**
 * Picks a preset (which runs it), or runs it again if it is already picked, and waits for that
 * run to finish, answering the consent dialog if it appears.
 */
export async function runPreset(page: Page, id: string, consentAnswer?: "allow" | "deny") {
  const select = page.getByTestId("preset-select");
  const status = page.getByTestId("run-status");
  await expect(status).not.toHaveAttribute("data-status", "running", { timeout: 15_000 });
  const before = Number(await status.getAttribute("data-run"));
  if ((await select.inputValue()) === id) await page.getByTestId("run").click();
  else await select.selectOption(id);
  // Wait for a run that started after ours was asked for, so an earlier run is never read.
  await expect
    .poll(async () => Number(await status.getAttribute("data-run")), { timeout: 15_000 })
    .toBeGreaterThan(before);
  const dialog = page.getByRole("dialog", { name: "Allow this tool call?" });
  await expect
    .poll(
      async () =>
        (await dialog.isVisible()) ? "dialog" : await status.getAttribute("data-status"),
      {
        timeout: 15_000,
      },
    )
    .toMatch(/dialog|done|error/);
  if (await dialog.isVisible()) {
    await dialog
      .getByRole("button", { name: consentAnswer === "allow" ? "Allow" : "Deny", exact: true })
      .click();
  }
  await expect(status).toHaveAttribute("data-status", /done|error/, { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-status", "done");
}

/**
 * The current run's sandbox proxy frame (on the sandbox origin). A spare proxy, loaded for the
 * next run, may also be in the page: it is marked data-simulator="spare-proxy" and not matched.
 */
export async function getProxyFrame(page: Page): Promise<Frame> {
  const element = await page.locator('iframe[data-simulator="proxy"]').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error("no sandbox proxy frame");
  return frame;
}

/** The view's frame, inside the proxy. */
export async function getViewFrame(page: Page): Promise<Frame> {
  await expect
    .poll(async () => (await getProxyFrame(page)).childFrames().length)
    .toBeGreaterThan(0);
  return (await getProxyFrame(page)).childFrames()[0]!;
}

export function portOf(page: Page): string {
  return new URL(page.url()).port;
}

/**
 * Walks down through the message sequence in jumps of one and a half screens, from the list's top
 * to its end, and reports: the most rows the DOM held at once, the positions at which the list was
 * on screen but none of its drawn rows was (a blank window), and the position (aria-posinset) and
 * size (aria-setsize) of the last row drawn at the end. What scrolls is the list's own box when it
 * has one (the wide workbench), else the page.
 */
export async function walkSequence(page: Page) {
  return page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-testid="trace"]')!;
    const frames = () =>
      new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    let box: HTMLElement | null = null;
    for (let e = list.parentElement; e && e !== document.body; e = e.parentElement) {
      const o = getComputedStyle(e).overflowY;
      if ((o === "auto" || o === "scroll") && e.scrollHeight > e.clientHeight + 1) {
        box = e;
        break;
      }
    }
    const clip = () => {
      const b = box?.getBoundingClientRect();
      return {
        top: Math.max(0, b?.top ?? 0),
        bottom: Math.min(window.innerHeight, b?.bottom ?? Infinity),
      };
    };
    const scrolled = () => (box ? box.scrollTop : window.scrollY);
    const atEnd = () =>
      box
        ? box.scrollTop + box.clientHeight >= box.scrollHeight - 2
        : window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    let most = 0;
    const blank: number[] = [];
    list.scrollIntoView({ block: "start" });
    await frames();
    for (let step = 0; step < 1000; step++) {
      await frames();
      const rows = Array.from(list.querySelectorAll("li"));
      most = Math.max(most, rows.length);
      const r = list.getBoundingClientRect();
      const { top: clipTop, bottom: clipBottom } = clip();
      const top = Math.max(clipTop, r.top);
      const bottom = Math.min(clipBottom, r.bottom);
      // More than a sliver of the list on screen: some drawn row must be there too. The window
      // of rows follows the scroll a frame or two later, longer on a loaded machine, so a blank
      // counts only if it is still blank after ~10 more frame pairs (a reader would see it).
      if (bottom - top > 60) {
        const seen = () =>
          Array.from(list.querySelectorAll("li")).some((li) => {
            const b = li.getBoundingClientRect();
            return b.bottom > top && b.top < bottom;
          });
        let shown = seen();
        for (let wait = 0; !shown && wait < 10; wait++) {
          await frames();
          shown = seen();
        }
        if (!shown) blank.push(Math.round(scrolled()));
      }
      if (atEnd()) break;
      const jump = (clipBottom - clipTop) * 1.5;
      if (box) box.scrollBy(0, jump);
      else window.scrollBy(0, jump);
    }
    await frames();
    const last = list.querySelector("li:last-child");
    const { top: clipTop, bottom: clipBottom } = clip();
    return {
      most,
      blank,
      lastPos: Number(last?.getAttribute("aria-posinset")),
      setSize: Number(last?.getAttribute("aria-setsize")),
      rows: Number(list.dataset.rows),
      lastVisible: (() => {
        const b = last?.getBoundingClientRect();
        return !!b && b.bottom > clipTop && b.top < clipBottom;
      })(),
    };
  });
}
