import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const STORAGE_NAME = "mcp-apps-academy:progress";

/**
 * Fails on any serious or critical axe violation, listing rule ids and the first targets.
 * `exclude`: a selector axe leaves out, e.g. a frame whose content the page does not own.
 * `rules`: only these axe rules (all of them when omitted).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  exclude?: string,
  rules?: string[],
) {
  let builder = new AxeBuilder({ page });
  if (exclude) builder = builder.exclude(exclude);
  if (rules) builder = builder.withRules(rules);
  const results = await builder.analyze();
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

/** The axe rules whose outcome depends on colours, so on the colour scheme. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page as it is now, in the light scheme with every axe rule, then in the dark scheme with the
 * colour rules: the app's themes change colours only (the same DOM, styled by
 * `prefers-color-scheme`), so the other rules would only repeat the light pass. One page load
 * serves both themes.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(page: Page, exclude?: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoSeriousA11yViolations(page, exclude);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(
    await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
    "the page now sees the dark scheme",
  ).toBe(true);
  await expectNoSeriousA11yViolations(page, exclude, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
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

/**
 * Answers the first Negotiation practice question right, which records the answer and makes the
 * question a review card; waits for the feedback, which shows once both are saved.
 */
export async function answerOneInPractice(page: Page) {
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  const form = page.locator('form[data-question="neg-identifier-fill"]');
  await form.getByLabel("Your answer").fill("io.modelcontextprotocol/ui");
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
  await expect(form.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
}

/** How many questions a topic's bank holds, read from the shipped file so counts follow the content. */
export function questionCount(bank: string): number {
  const file = new URL(`../content/quizzes/${bank}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { questions: unknown[] }).questions.length;
}
