import { type BrowserContext, test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Every spec imports `test` from here. Each worker keeps one browser context for all its tests,
 * instead of Playwright's fresh context per test: a fresh context starts a renderer and loads the
 * app's chunks with a cold HTTP and code cache (~1 s for the context and ~2 s more to a first
 * simulator run on these machines, in every test). Each test still gets its own page, and what a
 * test can leave behind in the shared context is cleared after it: every page closed, the app's
 * and the sandbox's storage, cookies, permissions, geolocation and routes
 * (e2e/isolation.spec.ts holds this). Tests that need a cold browser make their own context from
 * `browser`. E2E_TRACE=1 (traces of failed tests) or E2E_FRESH_CONTEXTS=1 goes back to a fresh
 * context per test.
 */
const FRESH = !!(process.env.E2E_TRACE || process.env.E2E_FRESH_CONTEXTS);

/** Origins whose storage a test may fill: the app's, on both host names, and the sandbox's. */
function originsOf(baseURL: string): string[] {
  const port = new URL(baseURL).port;
  return ["localhost", "127.0.0.1", "sandbox.localhost"].map((h) => `http://${h}:${port}`);
}

async function reset(context: BrowserContext, baseURL: string) {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  for (const origin of originsOf(baseURL)) {
    await cdp.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,session_storage,indexeddb,cache_storage,service_workers",
    });
  }
  await cdp.detach();
  await Promise.all(context.pages().map((p) => p.close()));
  await context.clearCookies();
  await context.clearPermissions();
  await context.setGeolocation(null);
  await context.unrouteAll({ behavior: "ignoreErrors" });
}

export const test = FRESH
  ? base
  : base.extend<object, { workerContext: BrowserContext }>({
      workerContext: [
        async ({ browser }, provide, workerInfo) => {
          const { viewport, userAgent, screen, deviceScaleFactor, isMobile, hasTouch, baseURL } =
            workerInfo.project.use;
          const context = await browser.newContext({
            viewport,
            userAgent,
            screen,
            deviceScaleFactor,
            isMobile,
            hasTouch,
            baseURL,
          });
          await provide(context);
          await context.close();
        },
        { scope: "worker" },
      ],
      context: async ({ workerContext, baseURL }, provide) => {
        await provide(workerContext);
        await reset(workerContext, baseURL!);
      },
      page: async ({ context }, provide) => {
        await provide(await context.newPage());
      },
    });
