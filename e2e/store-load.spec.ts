import { expect, test } from "./fixtures";
import { coldPageRoutingChunk } from "./helpers";
import { LOAD_FAILED_MESSAGE } from "../lib/store/lazy-store";

/**
 * Issue 23: the progress store is a chunk of its own, fetched after the page
 * (lib/store/lazy-store.ts). These hold what a learner on a slow or broken connection sees: the
 * lesson is there at once, its progress arrives when the store does, and a store that never
 * arrives says so instead of leaving "loading" for ever. Each test opens a cold context of its
 * own, so the chunk is really fetched.
 */
const LESSON = "/lessons/content-security-policy";
/** A sentence only the store's own chunk carries (a notice of store.ts). */
const STORE_MARK = "so the app started fresh";

test("a lesson shows at once while its progress store is slow, and the store's progress follows", async ({
  browser,
}) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const { page, close } = await coldPageRoutingChunk(browser, STORE_MARK, async (route, body) => {
    await held;
    await route.fulfill({ body, contentType: "text/javascript" });
  });
  await page.goto(LESSON);
  // The lesson and the header work before the store has arrived; the button waits for it.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const mark = page.getByRole("button", { name: "Mark lesson complete" });
  await expect(mark).toBeDisabled();
  await page.getByTestId("theme-select").selectOption("dark");
  await page.waitForTimeout(1000);
  await expect(mark).toBeDisabled();
  release();
  await expect(mark).toBeEnabled();
  await mark.click();
  await expect(page.getByTestId("lesson-status")).toContainText("Completed");
  // The theme chosen while the store was on its way was kept, and saved with the lesson.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const saved = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("mcp-apps-academy:progress")!),
  );
  expect(saved.state.preferences.theme).toBe("dark");
  expect(Object.keys(saved.state.lessons.completed)).toEqual(["content-security-policy"]);
  await close();
});

test("a progress store that never arrives is reported, and the lesson stays readable", async ({
  browser,
}) => {
  let tries = 0;
  const { page, close } = await coldPageRoutingChunk(browser, STORE_MARK, async (route) => {
    tries++;
    await route.abort("failed");
  });
  await page.goto(LESSON);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Three tries, 1.5 s and 3 s apart (each may fetch more than once: the bundler's chunk loader
  // has its own), then the notice.
  const notice = page.locator(".notice", { hasText: LOAD_FAILED_MESSAGE });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  expect(tries).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("button", { name: "Mark lesson complete" })).toBeDisabled();
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
  await close();
});
