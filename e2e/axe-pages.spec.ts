import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";

/**
 * Every page of the app, one instance of each page with a parameter, in the light and the dark
 * theme, on a 1366 px screen and a 375 px phone, as it first opens. Other specs check pages in
 * particular states (an exam under way, a drill answered, a lesson's widgets). Three pages have
 * axe tests of their own instead, each in both themes: the simulator after a real run at both
 * widths (simulator-layout.spec.ts), and /spec with a requirement opened and /rules with a rule
 * highlighted at 1280 px (spec-page.spec.ts, wayfinding.spec.ts); those two long pages would add
 * about 9 s per width here.
 */
const PAGES = [
  "/",
  "/lessons",
  "/lessons/the-app-host-bridge",
  "/quizzes",
  "/quizzes/practice/mixed",
  "/quizzes/exam",
  "/quizzes/review",
  "/quizzes/drill",
  "/progress",
  "/review",
  "/reference",
  "/reference/metadata-matrix",
  "/reference/sources",
  "/no-such-page",
];

for (const [width, height] of [
  [1366, 800],
  [375, 740],
] as const) {
  test(`every page as it opens is axe clean in both themes at ${width} px (the simulator, /spec and /rules in tests of their own)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
      await expect(page.locator("h1").first(), path).toBeVisible();
      // Pages that show saved progress say "Loading…" until the store has read it.
      await expect(page.getByText(/^Loading your saved/), path).toHaveCount(0);
      await test.step(path, () => expectNoSeriousA11yViolationsInBothThemes(page));
    }
  });
}
