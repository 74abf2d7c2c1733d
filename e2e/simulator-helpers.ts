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

/** Picks a preset in the page and runs it, answering the consent dialog if it appears. */
export async function runPreset(page: Page, id: string, consentAnswer?: "allow" | "deny") {
  await page.getByTestId("preset-select").selectOption(id);
  const status = page.getByTestId("run-status");
  const before = Number(await status.getAttribute("data-run"));
  await page.getByTestId("run").click();
  // Wait for this run to start, so a finished earlier run is never mistaken for it.
  await expect(status).toHaveAttribute("data-run", String(before + 1));
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

/** The sandbox proxy's frame (on the sandbox origin). */
export function getProxyFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes("/sandbox/proxy"));
  if (!frame) throw new Error("no sandbox proxy frame");
  return frame;
}

/** The view's frame, inside the proxy. */
export async function getViewFrame(page: Page): Promise<Frame> {
  await expect.poll(() => getProxyFrame(page).childFrames().length).toBeGreaterThan(0);
  return getProxyFrame(page).childFrames()[0]!;
}

export function portOf(page: Page): string {
  return new URL(page.url()).port;
}
