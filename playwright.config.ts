import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./scripts/find-chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium();

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
    // DOM snapshots for a failed test, but no screencast: recording frames of every page costs CPU
    // in every test, and the suite runs on two cores.
    trace: { mode: "retain-on-failure", screenshots: false },
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
