import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("follows the system colour scheme until the learner chooses", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.getByTestId("theme-select")).toHaveValue("system");
  expect(await background(page)).toBe("rgb(17, 20, 24)");
  await page.emulateMedia({ colorScheme: "light" });
  expect(await background(page)).toBe("rgb(255, 255, 255)");
});

test("a chosen theme survives a reload and overrides the system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByTestId("theme-select").selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe("rgb(17, 20, 24)");

  await page.reload();
  // Applied before hydration by the head script, and kept once the store loads.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("theme-select")).toHaveValue("dark");
  expect(await background(page)).toBe("rgb(17, 20, 24)");

  await page.getByTestId("theme-select").selectOption("system");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);
  expect(await background(page)).toBe("rgb(255, 255, 255)");
});
