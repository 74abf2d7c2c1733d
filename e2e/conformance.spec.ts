import { spawn, type ChildProcess } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  runForReal,
} from "./helpers";

/**
 * Our /review live view, loaded with the conformance server (scripts/conformance-server.ts, over
 * HTTP with CORS for this app's origin only, dual era, and its CSP negative control): the ordinary
 * run must pass every automatic probe, and the control run must fail exactly the CSP block probes
 * (this host honours declared origins, so the control can fail here).
 */

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = APP_PORT + 25;
const URL = `http://127.0.0.1:${PORT}/mcp`;
let server: ChildProcess | undefined;
let stderr = "";

test.beforeAll(async () => {
  server = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/conformance-server.ts",
      "--http",
      String(PORT),
      "--negative-control",
      "csp",
      // The app under test is the only page allowed to call the server (issue #39).
      "--allow-origin",
      `http://localhost:${APP_PORT}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  server.stderr!.on("data", (c: Buffer) => (stderr += String(c)));
  await expect.poll(() => stderr, { timeout: 60_000 }).toContain("conformance server listening");
});

test.afterAll(() => {
  server?.kill();
});

/** Everything on /review but the tool sections, left to e2e/review-view.spec.ts's axe checks. */
const OTHER_PARTS =
  'header, footer, form, [data-testid="review-result"] > :not([data-testid="review-ui-tool"])';

const section = (page: Page, tool: string) =>
  page.locator(`[data-testid="review-ui-tool"][data-tool="${tool}"]`);
const viewOf = (s: Locator) =>
  s.getByTestId("review-view").frameLocator("iframe").frameLocator("iframe");

/**
 * Runs one conformance tool, allowing the view's app-only calls, and returns its verdict rows;
 * with `report`, also lets the report through and waits until the server has it.
 */
async function runProbes(page: Page, tool: string, report: boolean) {
  const s = section(page, tool);
  await runForReal(s);
  const consent = s.getByTestId("consent-dialog");
  const view = viewOf(s);
  const status = view.locator("#status");
  // The view's own calls (ping, then the report) are asked for: "always" for each tool.
  for (const name of ["conformance_ping", ...(report ? ["conformance_report"] : [])]) {
    await expect(consent).toContainText(name, { timeout: 20_000 });
    await consent.getByTestId("consent-always").click();
  }
  if (report) await expect(status).toHaveAttribute("data-sent", "true");
  else await expect(status).toHaveAttribute("data-state", "done", { timeout: 20_000 });
  return view.locator('[data-testid="conformance-table"] tbody tr');
}

const verdicts = async (rows: Locator, kind: string) =>
  Object.fromEntries(
    await rows.evaluateAll(
      (trs, kind) =>
        trs
          .filter((tr) => (tr as HTMLElement).dataset.kind === kind)
          .map((tr) => [(tr as HTMLElement).dataset.probe!, (tr as HTMLElement).dataset.verdict!]),
      kind,
    ),
  );

test("the review's live view passes every automatic conformance probe, opens the operator's link after confirmation and lets the view answer teardown before removing it, and the CSP negative control fails exactly the CSP probes (SBX-2..5, CSP-3, BRG-2..7)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await page.goto("/review");
  await page.getByLabel("Server URL").fill(URL);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });

  // The first view starts in the dark theme (the host context's theme and colours), the control
  // in the light one: axe checks the view's table in both.
  await page.emulateMedia({ colorScheme: "dark" });
  const rows = await runProbes(page, "conformance_run", true);
  const automatic = await verdicts(rows, "automatic");
  console.log(`conformance in /review: ${JSON.stringify(automatic)}`);
  expect(Object.keys(automatic).length).toBeGreaterThanOrEqual(17);
  expect(Object.entries(automatic).filter(([, v]) => v !== "PASS")).toEqual([]);
  // What the view cannot see is said, not left blank.
  expect(Object.keys(await verdicts(rows, "unobservable")).length).toBeGreaterThan(20);
  // The report reached the server, which printed it as JSON and Markdown.
  await expect.poll(() => stderr).toContain('{"conformanceReport"');
  expect(stderr).toContain("| sandbox/no-messages-before-initialized | PASS |");
  // BRG-7, beyond the probe: the frame follows a width the view reports (the view's viewport
  // becomes it), and a width past the container only up to the container's own width, so the
  // page never scrolls sideways.
  const run = section(page, "conformance_run");
  const container = run.getByTestId("review-view");
  const proxyFrame = container.locator("iframe");
  const column = Math.round((await container.boundingBox())!.width);
  const viewFrame = (await (await proxyFrame.elementHandle())!.contentFrame())!.childFrames()[0]!;
  const reportWidth = (width: number) =>
    viewFrame.evaluate((width) => {
      window.parent.postMessage(
        { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width } },
        "*",
      );
    }, width);
  const half = Math.round(column / 2);
  await reportWidth(half);
  await expect.poll(() => viewFrame.evaluate(() => window.innerWidth)).toBe(half);
  await reportWidth(column + 2000);
  await expect.poll(async () => Math.round((await proxyFrame.boundingBox())!.width)).toBe(column);
  // The operator's probe: the view asks to open a page the server serves; the host asks the
  // person, opens it, and the server saw it served (BRG-4).
  await viewOf(run).getByRole("button", { name: "Open the test link" }).click();
  const opened = page.context().waitForEvent("page");
  await run.getByTestId("link-dialog").getByRole("button", { name: "Open the link" }).click();
  await (await opened).close();
  await expect(viewOf(run).locator('tr[data-probe="links/open-external"]')).toHaveAttribute(
    "data-verdict",
    "PASS",
  );
  // The table follows the host's theme and is accessible. The rest of /review is checked by
  // e2e/review-view.spec.ts: here axe looks at the view and the runner around it only.
  await expect(viewOf(run).locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoSeriousA11yViolationsInBothThemes(page, OTHER_PARTS);
  // Closing: the host sends ui/resource-teardown and waits; the view's beacons let the server
  // amend the two teardown rows, and it prints the report again (BRG-3).
  await run.getByRole("button", { name: "Close the view" }).click();
  await expect.poll(() => stderr).toContain("| lifecycle/teardown-notify | PASS |");
  await expect.poll(() => stderr).toContain("| lifecycle/teardown-await | PASS |");

  const controlRows = await runProbes(page, "conformance_run_csp_control", false);
  const controlView = viewOf(section(page, "conformance_run_csp_control"));
  await expect(controlView.locator("html")).toHaveAttribute("data-theme", "light");
  await expectNoSeriousA11yViolations(page, OTHER_PARTS, ["color-contrast"]);
  const control = await verdicts(controlRows, "automatic");
  expect(
    Object.entries(control)
      .filter(([, v]) => v !== "PASS")
      .map(([id]) => id)
      .sort(),
  ).toEqual([
    "security/csp-block-undeclared",
    "security/csp-no-loosening",
    "security/sandbox-csp-enforced",
  ]);
  expect(errors).toEqual([]);
});
