import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolations,
  STORAGE_NAME,
  waitForHydration,
} from "./helpers";

test("home explains the three parts and shows progress so far", async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const part of ["Lessons", "Simulator", "Quizzes"]) {
    await expect(
      page.getByRole("main").getByRole("link", { name: part, exact: true }),
    ).toBeVisible();
  }
  await waitForHydration(page);
  await expect(page.getByTestId("lessons-done")).toHaveText(/^0 of \d+$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of ["Lessons", "Simulator", "Quizzes", "Progress"]) {
    await expect(nav.getByRole("link", { name: item })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("header navigation works from the keyboard with a visible focus ring", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  // Tab on to the first nav link and follow it with Enter.
  let reached = false;
  for (let i = 0; i < 6 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Lessons" })
      .evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe("solid");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(page.getByRole("link", { name: "Lessons", exact: true }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("fits a 375 px wide screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of [
    "/",
    "/lessons",
    "/lessons/who-may-call-a-tool",
    "/quizzes",
    "/progress",
    "/rules",
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("a page load fetches no route it was not asked for; pointing at a link prefetches that one", async ({
  page,
}) => {
  const payloads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).searchParams.has("_rsc")) payloads.push(new URL(r.url()).pathname);
  });
  // The lesson page has the most links in view: header, course sidebar, contents, rule chips.
  await page.goto("/lessons/what-mcp-apps-is");
  await page.waitForLoadState("networkidle");
  // Next prefetches links in view once the page is idle; give it the time it took before (~2 s).
  await page.waitForTimeout(3000);
  expect(payloads).toEqual([]);
  const quizzes = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Quizzes",
  });
  await quizzes.hover();
  await expect.poll(() => payloads).toContain("/quizzes");
  await quizzes.click();
  await expect(page).toHaveURL(/\/quizzes$/);
});

test("home asks who you are and gives each learner an ordered path with progress; lessons are numbered with a total time", async ({
  page,
}) => {
  test.setTimeout(60_000); // two axe passes
  // The first lesson is already complete.
  const state = {
    lessons: { completed: { "what-mcp-apps-is": "2026-11-29T12:00:00.000Z" } },
    quiz: { answers: {}, cards: {}, exam: null, exams: [] },
    preferences: { theme: "system" },
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [STORAGE_NAME, JSON.stringify({ state, version: 2 })],
  );
  await page.goto("/");
  await waitForHydration(page);
  const paths = page.getByTestId("learning-paths");
  await expect(paths.getByRole("heading", { name: "Where should you start?" })).toBeVisible();
  await paths.getByLabel("I am building a host").check();
  const steps = paths.getByTestId("path-steps").locator(":scope > li");
  // Ordered through lessons, simulator presets, practice and the review, with progress.
  await expect(steps.first().locator(".path-kind")).toHaveText("Lesson");
  // A path skips lessons, so no step carries the course's lesson number ("Lesson 3").
  await expect(paths.locator(".path-kind", { hasText: /\d/ })).toHaveCount(0);
  await expect(steps.first()).toHaveAttribute("data-done", "true");
  await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");
  await expect(paths.getByTestId("path-progress")).toContainText(
    /1 of \d+ steps done( \(\d+ not tracked\))? · Next: Two protocol eras$/,
  );
  await expect(steps.filter({ hasText: "Simulator" }).first().getByRole("link")).toHaveAttribute(
    "href",
    "/simulator?preset=era-dual-client-legacy-server",
  );
  await expect(steps.filter({ hasText: "Practice" }).first()).toContainText("0 of 8 answered");
  await expect(steps.last()).toContainText("Due questions");
  await expectNoSeriousA11yViolations(page);

  // Another learner, another path: the server author's ends at the server review.
  await paths.getByLabel("I am shipping a server").check();
  await expect(steps.filter({ hasText: "Server review" }).getByRole("link")).toHaveAttribute(
    "href",
    "/review",
  );
  await expect(steps.filter({ hasText: "Server review" })).toContainText("not tracked");
  // What real hosts do differently is on the way to shipping, just before the review.
  await expect(
    steps.filter({ hasText: "Real hosts" }).getByRole("link", { name: "Real hosts" }),
  ).toHaveAttribute("href", "/lessons/real-hosts");
  // The counts agree: "N steps" in the summary is every step, tracked or not.
  const total = await steps.count();
  await expect(paths.getByTestId("path")).toContainText(`${total} steps, about`);
  const untracked = await steps.filter({ hasText: "not tracked" }).count();
  expect(untracked).toBeGreaterThan(0);
  await expect(paths.getByTestId("path-progress")).toContainText(
    new RegExp(`\\d+ of ${total - untracked} steps done \\(${untracked} not tracked\\)`),
  );
  // The choice is kept.
  await page.reload();
  await waitForHydration(page);
  await expect(paths.getByLabel("I am shipping a server")).toBeChecked();
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);

  await page.goto("/lessons");
  const cards = page.locator("ol.cards > li");
  const n = await cards.count();
  await expect(page.getByTestId("lessons-total")).toHaveText(
    new RegExp(`^${n} lessons, about \\d+ minutes of reading in all$`),
  );
  await expect(cards.first()).toContainText(`Lesson 1 of ${n}`);
  await expect(cards.last()).toContainText(`Lesson ${n} of ${n}`);
});
