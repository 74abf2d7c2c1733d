import { expect, test, type Page } from "@playwright/test";
import { collectPageErrors, expectNoSeriousA11yViolations } from "./helpers";

/** Waits until React has hydrated the element, so its handlers are attached. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith("__react"));
  }, selector);
}

test.describe("course search from anywhere", () => {
  for (const shortcut of ["Control+k", "Meta+k"]) {
    test(`${shortcut} opens the search; "consent" leads with its lesson, snippet marked`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto("/lessons/what-mcp-apps-is");
      await hydrated(page, ".search-button");
      await page.keyboard.press(shortcut);
      const dialog = page.getByRole("dialog", { name: "Search the course" });
      await expect(dialog).toBeVisible();
      const box = dialog.getByRole("searchbox", { name: "Search the course" });
      await expect(box).toBeFocused();
      await box.fill("consent");
      const first = dialog.getByTestId("search-hits").locator("li").first();
      await expect(first.getByRole("link")).toHaveAttribute(
        "href",
        /^\/lessons\/app-initiated-tool-calls#[a-z-]+$/,
      );
      await expect(first.locator("mark")).toHaveText(/^consent$/i);
      await expectNoSeriousA11yViolations(page);
      await box.press("Enter");
      await expect(page).toHaveURL(/\/lessons\/app-initiated-tool-calls#[a-z-]+$/);
      await expect(dialog).toBeHidden();
      expect(errors).toEqual([]);
    });
  }

  test("finds a rule and a matrix field, and Escape closes the dialog", async ({ page }) => {
    await page.goto("/");
    await hydrated(page, ".search-button");
    await page.getByRole("button", { name: /^Search/ }).click();
    const dialog = page.getByRole("dialog", { name: "Search the course" });
    const box = dialog.getByRole("searchbox");
    await box.fill("TOOL-2");
    await expect(dialog.getByTestId("search-hits").locator("li").first()).toHaveAttribute(
      "data-kind",
      "rule",
    );
    await box.fill("prefersBorder");
    await expect(dialog.locator('li[data-kind="field"] a').first()).toHaveAttribute(
      "href",
      /^\/reference\/metadata-matrix#/,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
