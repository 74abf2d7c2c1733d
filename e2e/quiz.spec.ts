import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

test("a practice question answered wrong then right records progress", async ({ page }) => {
  await page.goto("/quizzes");
  const first = page.locator('form[data-question="vis-omitted-default"]');
  await first.getByLabel("Only the agent").check();
  await first.getByRole("button", { name: "Check answer" }).click();
  const feedback = first.getByTestId("feedback");
  await expect(feedback).toHaveAttribute("data-correct", "false");
  await expect(feedback).toContainText("a missing visibility is read as");
  await expect(feedback).toContainText("TOOL-2");

  await feedback.getByRole("button", { name: "Next question" }).click();
  const second = page.locator('form[data-question="vis-empty-list"]');
  await second.getByLabel("False").check();
  await second.getByRole("button", { name: "Check answer" }).click();
  await expect(second.getByTestId("feedback")).toHaveAttribute("data-correct", "true");

  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByTestId("questions-answered")).toHaveText(/^2 of \d+$/);
});
