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
      .getByRole("button", { name: consentAnswer === "allow" ? "Allow" : "Deny" })
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
