import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { collectPageErrors, STORAGE_NAME, waitForHydration } from "./helpers";

const GARBAGE = '{"state": {"lessons": trunc';

test("survives a corrupted saved value, keeps it aside and lets the learner export it", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first load: later loads must see what the app itself wrote.
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    },
    [STORAGE_NAME, GARBAGE] as const,
  );
  await page.goto("/");
  await waitForHydration(page);
  const notice = page.locator('[data-notice="corrupted"]');
  await expect(notice).toContainText("could not be read");
  await expect(page.getByTestId("lessons-done")).toHaveText(/^0 of/);

  await notice.getByRole("link", { name: "Open Progress" }).click();
  await expect(page).toHaveURL(/\/progress#kept-aside$/);
  const list = page.getByTestId("kept-aside-list");
  // Said in words (issue #24): what the data is and why it was set aside, not "kept aside".
  await expect(
    page.getByRole("heading", { name: "Saved data that could not be read" }),
  ).toBeVisible();
  await expect(list).toContainText("damaged: not valid JSON");
  await expect(list).not.toContainText("corrupted");
  const download = page.waitForEvent("download");
  await list.getByRole("button", { name: "Export" }).click();
  const file = await (await download).path();
  expect(readFileSync(file, "utf8")).toBe(GARBAGE);

  // The app still saves new progress, and the copy is still there after a reload.
  await page.getByTestId("theme-select").selectOption("dark");
  await page.reload();
  await expect(page.getByTestId("theme-select")).toHaveValue("dark");
  await expect(page.getByTestId("kept-aside-list")).toContainText("not valid JSON");
  await expect(page.locator('[data-notice="corrupted"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("an unreadable value is kept aside once across reloads, and the space can be freed", async ({
  page,
}) => {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    },
    [STORAGE_NAME, GARBAGE] as const,
  );
  await page.goto("/progress");
  await waitForHydration(page);
  // Nothing changes the progress between these loads: still one copy.
  await page.reload();
  await waitForHydration(page);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("kept-aside-list").locator("li")).toHaveCount(1);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => k.includes(":kept-aside:"))).toHaveLength(1);

  const usage = page.getByTestId("storage-usage");
  await expect(usage).toContainText(/uses \d+(\.\d)? (B|KB)/);
  await expect(usage).not.toContainText(" 0 B for saved data that could not be read");
  await usage.getByRole("button", { name: /Discard all unreadable saved data/ }).click();
  await expect(page.getByTestId("kept-aside-list")).toHaveCount(0);
  await expect(usage).toContainText("0 B for saved data that could not be read");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("kept-aside-list")).toHaveCount(0);
});
