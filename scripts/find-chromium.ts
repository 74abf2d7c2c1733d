import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export interface ChromiumLocation {
  /** undefined: use Playwright's own downloaded browser. */
  executablePath: string | undefined;
  source: string;
}

/** Debian's Chromium builds: the headless shell (package chromium-headless-shell) and the browser. */
const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Finds a Chromium: PLAYWRIGHT_CHROMIUM_EXECUTABLE, then Debian's builds, then Playwright's own
 * browser. Returns null when there is none.
 *
 * With `headlessShell` (the end-to-end tests) Debian's headless shell comes first: the same
 * Chromium version and Blink as the browser package, without the browser's UI layers — what
 * Playwright itself runs for headless tests. Measured here on the simulator page (load, run, a
 * second run; 10 iterations, interleaved): 2.4–2.7 s of CPU per iteration against 3.8–3.9 s for
 * the full browser in headless mode. The benches keep the full browser, the one people use.
 */
export function findChromium(options: { headlessShell?: boolean } = {}): ChromiumLocation | null {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { executablePath: fromEnv, source: "PLAYWRIGHT_CHROMIUM_EXECUTABLE" }
      : null;
  }
  const debian = options.headlessShell
    ? [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM]
    : [DEBIAN_CHROMIUM];
  for (const path of debian) {
    if (existsSync(path)) return { executablePath: path, source: path };
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
