import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  answerOneInPractice,
  collectPageErrors,
  expectNoSeriousA11yViolationsInBothThemes,
  questionCount,
  STORAGE_NAME,
  waitForHydration,
} from "./helpers";

const NEG_COUNT = questionCount("negotiation");
const negotiationRow = (page: Page) => page.getByTestId("mastery").locator('tr[data-topic="NEG"]');
const saved = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_NAME);

test("all progress is exported as a file and imported back into an empty browser", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await answerOneInPractice(page);
  await page.goto("/progress");
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(`1 of ${NEG_COUNT}`);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all progress" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mcp-apps-academy-progress-\d{4}-\d\d-\d\d\.json$/);
  const path = await file.path();
  const exported = JSON.parse(readFileSync(path, "utf8"));
  expect(exported).toMatchObject({ format: "mcp-apps-academy/progress", version: 2 });
  expect(exported.progress.quiz.answers).toHaveProperty("neg-identifier-fill");

  // A fresh browser profile: nothing saved.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(`0 of ${NEG_COUNT}`);

  await page.getByLabel(/Import a progress file/).setInputFiles(path);
  const confirm = page.getByTestId("import-confirm");
  await expect(confirm).toContainText("1 answered question");
  await confirm.getByRole("button", { name: "Merge into my progress" }).click();
  await expect(page.getByTestId("import-done")).toContainText("Imported");
  await expect(negotiationRow(page)).toContainText(`1 of ${NEG_COUNT}`);
  await expect(page.getByTestId("due-summary")).toContainText("1 card");

  await page.reload();
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(`1 of ${NEG_COUNT}`);
  expect(errors).toEqual([]);
});

test("an invalid or foreign file is refused with a clear message and overwrites nothing", async ({
  page,
}) => {
  await answerOneInPractice(page);
  await page.goto("/progress");
  await waitForHydration(page);
  const before = await saved(page);
  const input = page.getByLabel(/Import a progress file/);
  const error = page.getByTestId("import-error");

  await input.setInputFiles({
    name: "package.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ name: "some-app", version: "1.0.0" })),
  });
  await expect(error).toHaveText(
    /^This file is not an MCP Apps Academy progress export .*Nothing was imported and your progress is unchanged\.$/,
  );
  await expect(page.getByTestId("import-confirm")).toHaveCount(0);

  await input.setInputFiles({
    name: "notes.json",
    mimeType: "application/json",
    buffer: Buffer.from("{ this is not json"),
  });
  await expect(error).toContainText("This file is not valid JSON");

  await input.setInputFiles({
    name: "future.json",
    mimeType: "application/json",
    buffer: Buffer.from(
      JSON.stringify({ format: "mcp-apps-academy/progress", version: 99, progress: {} }),
    ),
  });
  await expect(error).toContainText("newer version of the app (format 99");

  expect(await saved(page)).toBe(before);
  await expect(negotiationRow(page)).toContainText(`1 of ${NEG_COUNT}`);
  await page.reload();
  await waitForHydration(page);
  await expect(negotiationRow(page)).toContainText(`1 of ${NEG_COUNT}`);
});

test(`the progress page has no serious axe violations (light and dark)`, async ({ page }) => {
  await answerOneInPractice(page);
  await page.goto("/progress");
  await waitForHydration(page);
  await page.getByLabel(/Import a progress file/).setInputFiles({
    name: "x.json",
    mimeType: "application/json",
    buffer: Buffer.from("[]"),
  });
  await expect(page.getByTestId("import-error")).toBeVisible();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("the progress page fits a 375 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await answerOneInPractice(page);
  await page.goto("/progress");
  await waitForHydration(page);
  await expect(page.getByTestId("mastery")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
