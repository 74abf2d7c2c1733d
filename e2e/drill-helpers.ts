import { type Page } from "@playwright/test";
import { expect } from "./fixtures";
import type { DrillItem } from "../lib/drill/generator";
import { STORAGE_NAME } from "./helpers";

/** The learner's saved progress, as the page keeps it in localStorage. */
export const saved = async (page: Page) =>
  JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_NAME))!).state;

/** Answers the drill item on screen by keyboard: the key, or the option after it. */
export async function answerByKeyboard(
  page: Page,
  item: Pick<DrillItem, "question">,
  right: boolean,
) {
  const form = page.locator("form[data-question]");
  await expect(form).toHaveAttribute("data-question", item.question.id);
  const key = item.question.options.find((o) => o.id === item.question.answer)!.text;
  const shown = (await form.locator("label.option").allInnerTexts()).map((t) => t.trim());
  const keyAt = shown.indexOf(key);
  expect(keyAt, `the key "${key}" among ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(String((right ? keyAt : (keyAt + 1) % shown.length) + 1));
  await page.keyboard.press("Enter");
  const feedback = form.getByTestId("feedback");
  await expect(feedback).toHaveAttribute("data-correct", String(right));
  return feedback;
}
