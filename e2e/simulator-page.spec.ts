import { expect, test } from "./fixtures";
import { markLessonComplete, STORAGE_NAME, waitForHydration } from "./helpers";
import { runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 90_000 });

const done = async (page: import("@playwright/test").Page, after: number) => {
  const status = page.getByTestId("run-status");
  await expect(status).toHaveAttribute("data-run", String(after + 1));
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
};
const runNumber = async (page: import("@playwright/test").Page) =>
  Number(await page.getByTestId("run-status").getAttribute("data-run"));

test("changing a toggle re-runs and updates the table", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await expect(page.locator('[data-row="negotiation"]')).toHaveAttribute("data-verdict", "pass");
  const before = await runNumber(page);
  await page.getByTestId("client-extension").uncheck();
  // The table changes at once (preview), and the real run confirms it.
  await expect(page.locator('[data-row="negotiation"]')).toHaveAttribute("data-verdict", "fail");
  await done(page, before);
  await expect(page.locator('[data-row="negotiation"]')).toHaveAttribute("data-verdict", "fail");
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "text");
  await expect(page.getByTestId("text-fallback")).toContainText("ran for alice");
});

test("a toggle starts its run in the input's own event handler, not after React re-renders", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  const status = page.getByTestId("run-status");
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  const before = await runNumber(page);
  // The click is dispatched synchronously: everything its handlers do happens between t0 and t1.
  const { t0, t1 } = await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('[data-testid="client-extension"]')!;
    const t0 = performance.now();
    box.click();
    return { t0, t1: performance.now() };
  });
  await done(page, before);
  expect(await runNumber(page)).toBe(before + 1);
  // The run's own start mark (performance.now() as runInBrowser begins), from the page.
  const start = Number(await status.getAttribute("data-run-start"));
  expect(start).toBeGreaterThanOrEqual(t0);
  expect(start).toBeLessThanOrEqual(t1);
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "text");
});

test("free text: a mistyped mime type falls back to text", async ({ page }) => {
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await page.getByTestId("mime-input").fill("text/html");
  await expect(page.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "fail");
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "text", {
    timeout: 15_000,
  });
});

test("the JSON editor reports an invalid scenario inline and applies a valid one", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await page.getByText("Scenario as JSON").click();
  const editor = page.getByTestId("json-editor");
  const text = await editor.inputValue();
  await editor.fill(text.replace('"consent": "allow"', '"consent": "maybe"'));
  await expect(page.getByTestId("json-error")).toContainText("consent: ");
  await editor.fill(
    text.replace('"mimeType": "text/html;profile=mcp-app"', '"mimeType": "text/html+mcp"'),
  );
  await expect(page.getByTestId("json-error")).toHaveCount(0);
  await expect(page.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "fail");
});

test("a shared link round-trips the whole scenario", async ({ page }) => {
  await page.goto("/simulator?preset=csp-out-of-policy-subset");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  const before = page.url();
  await page.getByTestId("mime-input").fill("text/html;charset=utf-8");
  // The address follows the scenario a moment after each change.
  await expect.poll(() => page.url()).not.toBe(before);
  await expect(page).toHaveURL(/#s=/);
  const shared = page.url();
  const json = await (async () => {
    await page.getByText("Scenario as JSON").click();
    return page.getByTestId("json-editor").inputValue();
  })();
  const other = await page.context().newPage();
  await other.goto(shared);
  await other.getByText("Scenario as JSON").click();
  await expect(other.getByTestId("json-editor")).toHaveValue(json);
  await expect(other.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "fail");
});

test("a corrupted or future-version link shows a message and the default scenario, keeping progress", async ({
  page,
}) => {
  await page.goto("/lessons/who-may-call-a-tool");
  await markLessonComplete(page);
  await page.goto("/simulator?s=not-a-scenario!!");
  await expect(page.getByTestId("link-message")).toContainText("could not be used");
  await expect(page.getByTestId("preset-select")).toHaveValue("happy-path");
  const future = Buffer.from(JSON.stringify({ version: 7 })).toString("base64url");
  await page.goto(`/simulator?s=${future}`);
  await expect(page.getByTestId("link-message")).toContainText("scenario version 7 is newer");
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByTestId("lessons-done")).toHaveText(/^1 of/);
  const saved = await page.evaluate((k) => localStorage.getItem(k), STORAGE_NAME);
  expect(saved).toContain("who-may-call-a-tool");
});

test("prediction mode offers the table's own refusal words and grades them right (the exam path's app-only step)", async ({
  page,
}) => {
  await page.goto("/simulator?preset=visibility-app-only-ui-tool");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await page.getByTestId("predict-toggle").check();
  const pick = (row: string, v: string) =>
    page.locator(`[data-predict-row="${row}"]`).getByLabel(v, { exact: true }).check();
  await pick("visibility", "refused — as the spec requires");
  for (const row of ["negotiation", "mime", "csp", "permissions", "app-call"])
    await pick(row, "skip");
  await pick("outcome", "not-called");
  const before = await runNumber(page);
  await page.getByTestId("run").click();
  await done(page, before);
  await expect(page.locator('[data-predict-row="visibility"]')).toHaveAttribute(
    "data-graded",
    "right",
  );
  await expect(page.locator('[data-predict-row="outcome"]')).toHaveAttribute(
    "data-graded",
    "right",
  );
});

test("prediction mode grades a wrong prediction as wrong and counts it", async ({ page }) => {
  await page.goto("/simulator?preset=mime-plain-text-html");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await page.getByTestId("predict-toggle").check();
  await expect(page.getByTestId("decision-table")).toHaveCount(0);
  const pick = (row: string, v: string) =>
    page.locator(`[data-predict-row="${row}"]`).getByLabel(v, { exact: true }).check();
  for (const row of ["negotiation", "visibility", "mime", "csp", "permissions"])
    await pick(row, "pass");
  await pick("app-call", "skip");
  await pick("outcome", "rendered");
  const before = await runNumber(page);
  await page.getByTestId("run").click();
  await done(page, before);
  await expect(page.locator('[data-predict-row="mime"]')).toHaveAttribute("data-graded", "wrong");
  await expect(page.locator('[data-predict-row="mime"]')).toContainText("Wrong: it was fail");
  await expect(page.locator('[data-predict-row="negotiation"]')).toHaveAttribute(
    "data-graded",
    "right",
  );
  await expect(page.locator('[data-predict-row="outcome"]')).toHaveAttribute(
    "data-graded",
    "wrong",
  );
  const saved = await page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? "{}"),
    STORAGE_NAME,
  );
  expect(saved.state.quiz.answers["simulator:mime-plain-text-html"]).toMatchObject({
    attempts: 1,
    lastCorrect: false,
  });
});

test("the sequence diagram steps one message at a time and shows a message's JSON", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await page.getByLabel("Step through one message at a time").check();
  await expect(page.locator('[data-testid="trace"] li')).toHaveCount(1);
  await expect(page.getByTestId("step-sentence")).toContainText(
    "server/discover".length ? "capabilities" : "",
  );
  await page.getByTestId("step-next").click();
  await expect(page.locator('[data-testid="trace"] li')).toHaveCount(2);
  await page.locator('[data-testid="trace"] li').first().getByRole("button").click();
  await expect(page.getByTestId("message-json")).toContainText('"method": "server/discover"');
});

test("before rendering a view that declares external origins, the host warns the user and logs the CSP it built for audit (CSP-3); the CSP panel shows requested, effective and observed policy", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await runPreset(page, "happy-path");
  const panel = page.getByTestId("csp-panel");
  await expect(panel).toContainText("connectDomains");
  const header = page.getByTestId("csp-header");
  await expect(header).toContainText("connect-src 'self' http://api.localhost:");

  // The warning names the origin, beside the view, placed before the view's frame.
  const warning = page.getByTestId("external-origins-warning");
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/http:\/\/api\.localhost:\d+/);
  expect(
    await warning.evaluate(
      (el) =>
        !!(
          el.compareDocumentPosition(document.querySelector('iframe[data-simulator="proxy"]')!) &
          Node.DOCUMENT_POSITION_FOLLOWING
        ),
    ),
  ).toBe(true);
  // In the trace: the warning, then the exact header logged for audit, both before the view's
  // HTML went to the proxy.
  const trace = page.getByTestId("trace");
  const seqOf = async (text: string) =>
    Number(await trace.locator("li", { hasText: text }).first().getAttribute("data-seq"));
  const warned = await seqOf("warned the user");
  const logged = await seqOf("CSP logged for audit");
  const sent = Number(
    await trace
      .locator('li[data-method="ui/notifications/sandbox-resource-ready"]')
      .first()
      .getAttribute("data-seq"),
  );
  expect(warned).toBeLessThan(sent);
  expect(logged).toBeLessThan(sent);
  await trace
    .locator("li", { hasText: "CSP logged for audit" })
    .first()
    .getByRole("button")
    .click();
  await expect(page.getByTestId("message-json")).toContainText(
    (await header.textContent())!.trim(),
  );
});

test("presets are listed by decision row with a description, and open on click", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await page.getByText(/All presets, by decision row/).click();
  const list = page.getByTestId("preset-list");
  await expect(list.getByRole("region", { name: "Presets about csp" })).toContainText("flat");
  await list
    .getByRole("button", { name: /old text\/html\+mcp|text\/html\+mcp/i })
    .first()
    .click();
  await expect(page.getByTestId("preset-select")).toHaveValue("mime-old-html-mcp");
  await expect(page.locator('[data-row="mime"]')).toHaveAttribute("data-verdict", "fail");
});

test("the agent's tool list shows hidden tools as hidden, and the table reads that as a refusal the spec requires (TOOL-3), with a legend and rule chips that open the rule", async ({
  page,
}) => {
  await page.goto("/simulator?preset=visibility-app-only-ui-tool");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  await expect(
    page.locator('[data-testid="agent-tools"] li[data-listed="false"]').first(),
  ).toContainText("hidden");
  // Correct host behaviour is not painted as a failure.
  const row = page.getByTestId("decision-table").locator('[data-row="visibility"]');
  await expect(row).toHaveAttribute("data-refusal", "required");
  await expect(row.locator("td").first()).toHaveText("refused — as the spec requires");
  await expect(row.locator("td").first()).toHaveClass("verdict-refused");
  await expect(
    page.getByTestId("verdict-summary").locator('[data-summary-row="visibility"]'),
  ).toContainText("refused");
  const legend = page.getByTestId("verdict-legend").first();
  await legend.getByText("What the verdicts mean").click();
  await expect(legend).toContainText("refused — host policy, as the spec allows");
  // A rule chip goes where every other chip in the app goes: the rule on /rules (#24's low item).
  await expect(row.locator("a.rule-ref").first()).toHaveAttribute("href", /^\/rules#TOOL-\d+$/);
});

test("the page works at 375 px wide with panels stacked", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("captions say a scenario is edited, predicting hides the preset's description, a cache miss is not painted as an error, and the CSP panel speaks of no buttons when no view rendered", async ({
  page,
}) => {
  await page.goto("/simulator?preset=happy-path");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 15_000,
  });
  const title = "Everything passes and the view's call is forwarded";
  const description = page.getByTestId("preset-description");
  await expect(description).toContainText("NEG-2");
  // A cache miss (RES-5 bookkeeping) reads in the muted colour, as the row numbers do.
  const sequence = page.getByTestId("sequence-panel");
  const miss = sequence.locator('li[data-status="cache-miss"] .sim-status').first();
  const muted = await sequence
    .locator(".sim-seq-n")
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  expect(await miss.evaluate((el) => getComputedStyle(el).color)).toBe(muted);

  // Predicting: the description, which names the verdicts, is held back, here and in the list.
  await page.getByTestId("predict-toggle").check();
  await expect(description).not.toContainText("NEG-2");
  await page.getByTestId("preset-list").locator("summary").click();
  await expect(page.getByTestId("preset-list")).not.toContainText("forwarded as an ordinary");
  await page.getByTestId("predict-toggle").uncheck();
  await expect(description).toContainText("NEG-2");

  // An edit: every caption of its run says so.
  const run = await runNumber(page);
  await page.getByTestId("client-extension").uncheck();
  await done(page, run);
  for (const panel of ["view-panel", "sequence-panel", "csp-panel"])
    await expect(page.getByTestId(panel).locator(".sim-run-label")).toHaveText(
      `Run ${run + 1} · ${title} (edited)`,
    );
  const csp = page.getByTestId("csp-panel");
  await expect(csp).toContainText("No view was rendered");
  await expect(csp).not.toContainText("buttons");
});
