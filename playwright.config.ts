import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./scripts/find-chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium({ headlessShell: true });

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace unless asked for (E2E_TRACE=1): recording DOM snapshots at every action costs CPU in
    // the browser and the worker in every test, and a CI run keeps no artifacts to read them from.
    // E2E_TRACE=1 keeps snapshots for failed tests (no screencast).
    trace: process.env.E2E_TRACE ? { mode: "retain-on-failure", screenshots: false } : "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromium?.executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // Serves the production build made by `npm run build` (part of `npm test`).
    command: `npx next start --port ${PORT}`,
    url: `http://localhost:${PORT}`,
    // Never reuse: a server left running would serve an older build than the one just made.
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
