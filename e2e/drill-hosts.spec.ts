import { expect, test } from "./fixtures";
import { answerByKeyboard, saved } from "./drill-helpers";
import { loadHostProfiles } from "../lib/content/host-profiles";
import { loadHostRecords } from "../lib/content/hosts";
import { generateDrillItem } from "../lib/drill/generator";
import { drillHostOf } from "../lib/drill/host";
import { expectNoSeriousA11yViolationsInBothThemes, waitForHydration } from "./helpers";

test("a drill session on Claude at 375 px: items keyed with Claude's profile, answered by keyboard, kept apart from exam readiness, shown on /progress as their own topic; axe clean in both themes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const profiles = await loadHostProfiles(
    await loadHostRecords(),
    new Date().toISOString().slice(0, 10),
  );
  const claude = drillHostOf(profiles.find((p) => p.id === "claude")!);
  const items = Array.from({ length: 6 }, (_, n) =>
    generateDrillItem({ seed: `e2e-host-${n}`, host: claude }),
  );
  // The session holds items the profile decides and items it does not.
  expect(items.some((i) => i.host!.decides)).toBe(true);
  expect(items.some((i) => !i.host!.decides)).toBe(true);

  await page.goto("/quizzes/drill/hosts?host=claude&seed=e2e-host");
  await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: "Host" })).toHaveValue("claude");
  const WRONG = 2;
  for (const [n, item] of items.entries()) {
    await expect(page.getByRole("heading", { name: `Item ${n + 1}` })).toBeVisible();
    const form = page.locator("form[data-question]");
    // The profile is stated in the stem, and the policy line names the host.
    await expect(form).toContainText("Claude's profile (content/host-profiles/claude.json)");
    await expect(form).toContainText("This host (Claude), where its profile says nothing:");
    const feedback = await answerByKeyboard(page, item, n !== WRONG);
    await expect(feedback).toContainText(
      item.host!.decides
        ? "Claude's profile decides this item."
        : "Claude's profile does not decide this item:",
    );
    await expect(
      feedback.getByRole("link", { name: "Run this scenario in the simulator, on this host" }),
    ).toHaveAttribute("href", /^\/simulator#s=d1\..*&host=claude$/);
    if (n < items.length - 1) await page.keyboard.press("n");
  }
  await expect(
    page.getByText(`Claude · ${items.length - 1} of ${items.length} right this session`),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolationsInBothThemes(page);

  // Kept apart: host results only, no rule card, no exam drill result.
  const state = await saved(page);
  const results = Object.values(state.quiz.hostDrillResults) as {
    host: string;
    correct: boolean;
  }[];
  expect(results).toHaveLength(items.length);
  expect(results.every((r) => r.host === "claude")).toBe(true);
  expect(state.quiz.ruleCards ?? {}).toEqual({});
  expect(state.quiz.drillResults ?? {}).toEqual({});

  // On /progress: exam readiness untouched (0 %), the real hosts shown apart with their own figure:
  // 5 of 6 right is 83 %, capped by one host drilled of those with a profile.
  await page.goto("/progress");
  await waitForHydration(page);
  await expect(page.getByTestId("exam-readiness-figure")).toHaveText("0 %");
  const cap = Math.floor(100 / profiles.length);
  await expect(page.getByTestId("hosts-readiness")).toHaveAttribute("data-readiness", String(cap));
  await expect(page.getByTestId("hosts-readiness")).toContainText("Not part of exam readiness");
  await expect(page.getByTestId("host-mastery").locator('[data-host="claude"]')).toContainText(
    "5 of 6 right",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
