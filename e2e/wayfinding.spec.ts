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

test.describe("the rules page", () => {
  test("a lesson's rule chip lands on that rule, highlighted, with its back-links", async ({
    page,
  }) => {
    await page.goto("/lessons/who-may-call-a-tool");
    await page
      .locator("article .rule-ref", { hasText: /^TOOL-2$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/rules#TOOL-2$/);
    const rule = page.locator("#TOOL-2");
    await expect(rule).toBeInViewport();
    expect(await rule.evaluate((el) => el.matches(":target"))).toBe(true);
    // Highlighted: the targeted rule's border is the accent colour, unlike its neighbour's.
    const border = (sel: string) =>
      page.locator(sel).evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(await border("#TOOL-2")).not.toBe(await border("#TOOL-3"));

    const lessonLinks = rule.getByRole("link", { name: "Who may call a tool" });
    await expect(lessonLinks).toHaveAttribute("href", "/lessons/who-may-call-a-tool");
    await expect(rule.locator("a[data-question]").first()).toHaveAttribute(
      "href",
      /^\/quizzes\/practice\/[a-z]+$/,
    );
    await expect(rule.locator("a[data-preset]").first()).toHaveAttribute(
      "href",
      /^\/simulator\?preset=[a-z0-9-]+$/,
    );
    // A section back-link opens the lesson at the heading where the rule is cited.
    await rule.getByRole("link", { name: "Two names, two callers" }).click();
    await expect(page).toHaveURL(/\/lessons\/who-may-call-a-tool#two-names$/);
    await expect(page.locator("#two-names")).toBeInViewport();
  });

  test("?id= and an old lower-case fragment highlight the rule too; axe clean", async ({
    page,
  }) => {
    for (const url of ["/rules?id=CSP-2", "/rules#csp-2"]) {
      await page.goto(url);
      await expect(page).toHaveURL(/#CSP-2$/);
      await expect(page.locator("#CSP-2")).toBeInViewport();
      expect(await page.locator("#CSP-2").evaluate((el) => el.matches(":target"))).toBe(true);
    }
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page);
    }
  });
});
