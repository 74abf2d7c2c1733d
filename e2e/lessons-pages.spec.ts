import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { collectPageErrors, expectNoSeriousA11yViolationsInBothThemes } from "./helpers";

const DIR = path.join(process.cwd(), "content", "checklist");
const LESSONS = readdirSync(DIR)
  .filter((n) => n.endsWith(".mdx"))
  .map((n) => {
    const source = readFileSync(path.join(DIR, n), "utf8");
    return {
      slug: n.slice(0, -".mdx".length),
      title: /^title: (.+)$/m.exec(source)![1]!.trim(),
      hasCode: /^```/m.test(source),
    };
  });

test("there are lessons to check", () => {
  expect(LESSONS.length).toBeGreaterThanOrEqual(12);
});

for (const lesson of LESSONS) {
  test(`${lesson.slug} renders its skeleton, links and self-check, with no serious axe violation in light or dark`, async ({
    page,
  }) => {
    // Axe over a whole lesson (and its colours again in the dark scheme): slow on a loaded machine.
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await page.goto(`/lessons/${lesson.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
    for (const id of ["you-will-learn", "pitfalls", "recap", "self-check"]) {
      await expect(page.locator(`h2#${id}`)).toBeVisible();
    }
    const questions = page.locator('[data-widget="self-check"] [data-question]');
    expect(await questions.count()).toBeGreaterThanOrEqual(3);
    expect(await questions.count()).toBeLessThanOrEqual(5);
    const tryIt = page.locator(".try-it a");
    expect(await tryIt.count()).toBeGreaterThan(0);
    await expect(tryIt.first()).toHaveAttribute("href", /^\/simulator\?preset=[a-z0-9-]+$/);
    if (lesson.hasCode) await expect(page.locator("pre.shiki").first()).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    expect(errors).toEqual([]);
  });
}
