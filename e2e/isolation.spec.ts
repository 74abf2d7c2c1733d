import { expect, test } from "./fixtures";

/**
 * The shared per-worker context (e2e/fixtures.ts) must not carry one test's state into the next:
 * the second test runs after the first, in the same worker, and finds nothing the first left.
 */
test.describe.configure({ mode: "serial" });

test("a test leaves storage, a permission, a route and an extra page behind", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("isolation-probe", "left behind"));
  await context.grantPermissions(["geolocation"]);
  await context.route("**/isolation-probe", (route) => route.fulfill({ body: "routed" }));
  await context.newPage();
  expect(context.pages()).toHaveLength(2);
});

test("the next test in the worker finds none of it", async ({ page, context }) => {
  expect(context.pages()).toHaveLength(1);
  await page.goto("/");
  expect(await page.evaluate(() => localStorage.getItem("isolation-probe"))).toBeNull();
  expect(
    await page.evaluate(
      async () => (await navigator.permissions.query({ name: "geolocation" })).state,
    ),
  ).not.toBe("granted");
  const probe = await page.request.get("/isolation-probe");
  expect(probe.status()).toBe(404);
  const routed = await page.evaluate(async () => (await fetch("/isolation-probe")).status);
  expect(routed).toBe(404);
});
