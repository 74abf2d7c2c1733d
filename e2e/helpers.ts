import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const STORAGE_NAME = "mcp-apps-academy:progress";

/** Fails on any serious or critical axe violation, listing rule ids and the first targets. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect(serious).toEqual([]);
}

/** Collects uncaught page errors, so a test can assert the app never crashed. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Waits until the store has read localStorage (the home progress card stops loading). */
export async function waitForHydration(page: Page) {
  await expect(page.getByText("Loading your saved progress…")).toHaveCount(0);
}
