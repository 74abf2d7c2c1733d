import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

async function openEditor(page: Page) {
  const summary = page.getByText("Scenario as JSON");
  const details = page.locator("details", { has: summary });
  if (!(await details.getAttribute("open"))) await summary.click();
  return page.getByTestId("json-editor");
}

/** Words that do not compress away: a 40 KB scenario is still long once deflated. */
function filler(bytes: number): string {
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
  let seed = 7;
  let out = "";
  while (out.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out += `${words[seed % words.length]}${seed % 997} `;
  }
  return out;
}

test("a 40 KB scenario round-trips through a share link and a reload", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const editor = await openEditor(page);
  const scenario = JSON.parse(await editor.inputValue());
  scenario.uiTool.extraUiMeta = { note: filler(40_000) };
  const text = JSON.stringify(scenario, null, 2);
  expect(text.length).toBeGreaterThan(40_000);
  await editor.fill(text);
  await editor.blur();
  await expect(page).toHaveURL(/#s=/, { timeout: 10_000 });
  const shared = page.url();
  // The scenario travels in the fragment, which never reaches the server.
  expect(new URL(shared).search).toBe("");
  await page.reload();
  await expect(await openEditor(page)).toHaveValue(text);
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(await openEditor(other)).toHaveValue(text);
  await expect(other.getByTestId("edited-from")).toContainText("Edited from preset");
  await expect(other.getByTestId("edited-from")).toContainText(
    "Everything passes and the view's call is forwarded",
  );
});

test("a corrupted link is explained in words, not parser text", async ({ page }) => {
  await page.goto("/simulator#s=not-a-scenario!!");
  const message = page.getByTestId("link-message");
  await expect(message).toContainText("damaged");
  await expect(message).not.toContainText(/base64|Unexpected token|JSON\.parse/);
  await expect(page.getByTestId("preset-select")).toHaveValue("happy-path");
});

test("old ?s= links still open", async ({ page }) => {
  await page.goto("/simulator?preset=mime-plain-text-html");
  await runPreset(page, "mime-plain-text-html");
  const json = await (await openEditor(page)).inputValue();
  const old = Buffer.from(JSON.stringify(JSON.parse(json))).toString("base64url");
  await page.goto(`/simulator?s=${old}`);
  await expect(await openEditor(page)).toHaveValue(json);
});

test("the JSON editor names an unknown key as unknown, with line and column", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  const editor = await openEditor(page);
  const text = await editor.inputValue();
  const typo = text.replace('"consent":', '"consnet":');
  await editor.fill(typo);
  const lines = typo.split("\n");
  const line = lines.findIndex((l) => l.includes('"consnet"')) + 1;
  const column = lines[line - 1]!.indexOf('"consnet"') + 1;
  const error = page.getByTestId("json-error");
  await expect(error).toContainText('unknown key "consnet"');
  await expect(error).toContainText(`line ${line}, column ${column}`);
});

test("an empty prediction cannot be graded", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  await page.getByTestId("predict-toggle").check();
  await expect(page.getByTestId("run")).toBeDisabled();
  await expect(page.getByTestId("prediction")).toContainText("Predict every row and the outcome");
});
