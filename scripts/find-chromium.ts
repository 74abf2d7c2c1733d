import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export interface ChromiumLocation {
  /** undefined: use Playwright's own downloaded browser. */
  executablePath: string | undefined;
  source: string;
}

/**
 * Finds a Chromium for the end-to-end tests: PLAYWRIGHT_CHROMIUM_EXECUTABLE, then Debian's
 * /usr/bin/chromium, then Playwright's own browser. Returns null when there is none.
 */
export function findChromium(): ChromiumLocation | null {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { executablePath: fromEnv, source: "PLAYWRIGHT_CHROMIUM_EXECUTABLE" }
      : null;
  }
  if (existsSync("/usr/bin/chromium")) {
    return { executablePath: "/usr/bin/chromium", source: "/usr/bin/chromium" };
  }
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { executablePath: undefined, source: own };
  } catch {
    // Playwright throws when its browsers were never installed.
  }
  return null;
}

/** Flags that keep Chromium from reaching for the network on a closed machine. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
