import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

// Issue #35 item 5: a question that names a source document links to the sources page, which
// says what the document is; reachable by keyboard.
test("a question's mention of the review checklist links to its entry on the sources page, by keyboard", async ({
  page,
}) => {
  await page.goto("/quizzes/practice/perm?q=perm-missing-grant");
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "review checklist" }).first();
  await expect(link).toHaveAttribute("href", "/reference/sources#review-checklist");
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reference\/sources#review-checklist$/);
  await expect(page.getByRole("heading", { level: 2, name: "The review checklist" })).toBeVisible();
  await expect(
    page.getByText(/practitioners' checklists and notes, not the specification/),
  ).toBeVisible();
});
