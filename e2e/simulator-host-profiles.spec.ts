import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors, expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { runPreset } from "./simulator-helpers";

// Host profiles (issue 33): the Host select changes the table as the chosen host's profile says,
// each row that departs from the reference is marked with how, the rule and the source, and the
// share link carries the host.

test.describe.configure({ timeout: 120_000 });

const row = (page: Page, name: string) =>
  page.getByTestId("decision-table").locator(`tr[data-row="${name}"]`);

/** Chooses a host and waits for its run (the choice starts one) to finish. */
async function chooseHost(page: Page, label: string) {
  const status = page.getByTestId("run-status");
  const before = Number(await status.getAttribute("data-run"));
  await page.getByLabel("Host", { exact: true }).selectOption({ label });
  await expect
    .poll(async () => Number(await status.getAttribute("data-run")), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
}

test("choosing a host changes the table as its profile says, each departing row marked", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/simulator?preset=app-calls-model-only-tool");
  await runPreset(page, "app-calls-model-only-tool");
  // The reference refuses a view's call to a model-only tool (TOOL-4), and marks nothing.
  await expect(row(page, "app-call")).toHaveAttribute("data-verdict", "fail");
  await expect(page.locator(".sim-departure")).toHaveCount(0);

  // Measured on 2026-12-06: sunpeak forwards it, and applies no CSP at all.
  await chooseHost(page, "sunpeak inspector, Claude runtime 0.20.79");
  await expect(row(page, "app-call")).toHaveAttribute("data-verdict", "pass");
  const call = row(page, "app-call").locator(".sim-departure");
  await expect(call).toHaveAttribute("data-departure", "violation");
  await expect(call).toContainText("The reference host: fail");
  await expect(call.locator('[data-field="appCallVisibility"]')).toContainText("spec violation");
  await expect(call.getByRole("link", { name: "TOOL-4" })).toBeVisible();
  await expect(call.locator(".sim-evidence")).toContainText("measured here, 2026-12-06");
  const csp = row(page, "csp").locator(".sim-departure");
  await expect(csp.locator('[data-field="cspApplied"]')).toContainText("spec violation");
  // Rows the profile leaves alone are not marked.
  await expect(row(page, "mime").locator(".sim-departure")).toHaveCount(0);
  // The page's sandbox never loosens its own policy, whatever the host would serve.
  await expect(page.getByTestId("table-host")).toContainText("sunpeak inspector");

  // Claude drops frame and base-uri lists: an allowed variation of CSP-3, on a third-party probe.
  await runPreset(page, "csp-all-four-lists");
  await chooseHost(page, "Claude (claude.ai and Claude Desktop)");
  await expect(row(page, "csp")).toHaveAttribute("data-verdict", "pass");
  const drop = row(page, "csp").locator(".sim-departure");
  await expect(drop).toHaveAttribute("data-departure", "variation");
  await expect(drop.locator('[data-field="cspFrameDomains"]')).toContainText("allowed variation");
  await expect(drop.locator('[data-field="cspFrameDomains"] .sim-evidence')).toContainText(
    "2026-08-19",
  );
  // Claude's connect domains are disputed (a 2026-02-27 report against later probes), so the
  // full profile says so; and what no source speaks about is named as unknown.
  await expect(page.getByTestId("host-unknown")).toContainText("the default CSP");
  await expect(page.getByTestId("host-behaviours")).toContainText("ui/update-model-context");
  expect(errors).toEqual([]);
});

test("a share link round-trips the host, beside a preset and beside an edited scenario", async ({
  page,
}) => {
  await page.goto("/simulator?preset=csp-all-four-lists");
  await runPreset(page, "csp-all-four-lists");
  await chooseHost(page, "Claude (claude.ai and Claude Desktop)");
  await expect(page).toHaveURL(/\?preset=csp-all-four-lists&host=claude$/, {
    timeout: 10_000,
  });
  await page.reload();
  await expect(page.getByLabel("Host", { exact: true })).toHaveValue("claude");
  await expect(row(page, "csp").locator(".sim-departure")).toHaveAttribute(
    "data-departure",
    "variation",
  );

  // An edited scenario travels in the fragment; the host goes with it.
  await page.getByText("Scenario as JSON").click();
  const editor = page.getByTestId("json-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.title = "Four lists, edited";
  await editor.fill(JSON.stringify(scenario, null, 2));
  await editor.blur();
  await expect(page).toHaveURL(/#s=d1\.[A-Za-z0-9_-]+&host=claude$/, { timeout: 10_000 });
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByLabel("Host", { exact: true })).toHaveValue("claude");
  await expect(other.getByTestId("table-host")).toContainText("Claude");

  // A host the simulator does not know is said in words, and the reference is used.
  await other.goto("/simulator?preset=happy-path&host=netscape");
  await expect(other.getByTestId("link-message")).toContainText('no profile for ("netscape")');
  await expect(other.getByLabel("Host", { exact: true })).toHaveValue("reference");
});

test("the conformance preset shows the chosen host's measured row", async ({ page }) => {
  await page.goto("/simulator?preset=conformance-view&host=basic-host");
  const measured = page.getByTestId("measured-row");
  await expect(measured).toHaveAttribute("data-record", "basic-host");
  await expect(measured).toContainText("on 2026-12-06");
  await expect(measured.locator('tr[data-entry="visibility/app-tool-call-guard"]')).toHaveAttribute(
    "data-measured",
    "FAIL",
  );
});

test("the host choice works by keyboard at 375 px, and the page is axe-clean in light and dark", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/simulator?preset=app-calls-model-only-tool");
  await runPreset(page, "app-calls-model-only-tool");
  const select = page.getByLabel("Host", { exact: true });
  await select.focus();
  await expect(select).toBeFocused();
  await expect(select).toHaveAccessibleDescription(/spec/);
  // Keyboard: the next option down is the first documented host.
  await page.keyboard.press("ArrowDown");
  await expect(select).not.toHaveValue("reference");
  await page.getByLabel("Host", { exact: true }).selectOption("sunpeak-claude");
  // On a narrow screen the table is a tab of its own.
  await page
    .getByRole("tablist", { name: "Simulator panels" })
    .getByRole("tab", { name: "Table", exact: true })
    .click();
  await expect(row(page, "app-call").locator(".sim-departure")).toBeVisible({ timeout: 15_000 });
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolationsInBothThemes(page, 'iframe[data-simulator="proxy"]');
});
