import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors, expectNoSeriousA11yViolations, runForReal } from "./helpers";

/**
 * /review's Run against servers started here as a person would start them: the README's try-it
 * server (scripts/serve-scenario.ts with --http and --cors, nothing else), and a server whose view
 * asks for geolocation and camera (e2e/fixtures/permissions-server.mjs). Ports: the app's + 10 and
 * + 14, clear of review.spec's 1-9 and review-view's 11-13, 18, 19 (the specs may run at once).
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const APP_ORIGIN = `http://localhost:${BASE_PORT}`;
const TRY_IT_PORT = BASE_PORT + 10;
const PERMISSIONS_PORT = BASE_PORT + 14;
const TRY_IT_URL = `http://127.0.0.1:${TRY_IT_PORT}/mcp`;
const PERMISSIONS_URL = `http://localhost:${PERMISSIONS_PORT}/mcp`;

const servers: ChildProcess[] = [];
/** Everything each server wrote, by port: the try-it server logs each call that reaches it. */
const output = new Map<number, string>();

/** Starts a server process and resolves once it says it is listening (both print to stderr). */
function start(command: string, args: string[], ready: RegExp, port: number): Promise<void> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  servers.push(child);
  output.set(port, "");
  child.stdout?.on("data", (chunk: Buffer) => output.set(port, output.get(port) + String(chunk)));
  child.stderr?.on("data", (chunk: Buffer) => output.set(port, output.get(port) + String(chunk)));
  return new Promise((resolve, reject) => {
    let said = "";
    const timer = setTimeout(
      () => reject(new Error(`${args.join(" ")} did not start: ${said}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      said += String(chunk);
      if (ready.test(said)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}: ${said}`)));
  });
}

test.describe.configure({ mode: "serial" });
// Generous: a Run under a loaded 2-core machine took up to 85 s, and one test waits at a person's pace.
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await Promise.all([
    // Exactly the README's command: a scenario, --http and --cors; the era is the default.
    start(
      "node_modules/.bin/tsx",
      [
        "scripts/serve-scenario.ts",
        "content/scenarios/happy-path.json",
        "--http",
        String(TRY_IT_PORT),
        "--cors",
      ],
      /serving .* on http:/,
      TRY_IT_PORT,
    ),
    start(
      process.execPath,
      [path.join(process.cwd(), "e2e/fixtures/permissions-server.mjs"), String(PERMISSIONS_PORT)],
      /listening on/,
      PERMISSIONS_PORT,
    ),
  ]);
});

test.afterAll(() => {
  for (const s of servers) s.kill();
});

async function review(page: Page, url: string) {
  await page.goto("/review");
  await page.getByRole("textbox", { name: "Server URL" }).fill(url);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
}

const toolSection = (page: Page, name: string) =>
  page.locator(`[data-testid="review-ui-tool"][data-tool="${name}"]`);

/** The view's own document: the inner frame of the run's proxy frame. */
const viewOf = (section: Locator) =>
  section.getByTestId("review-view").frameLocator("iframe").frameLocator("iframe");

/** The `allow` attribute of the proxy's frame (ours) and of the view's (set by the proxy). */
async function allowAttributes(section: Locator) {
  const proxy = section.getByTestId("review-view").locator("iframe");
  const inner = section.getByTestId("review-view").frameLocator("iframe").locator("iframe");
  return {
    proxy: await proxy.getAttribute("allow"),
    view: await inner.getAttribute("allow"),
  };
}

test("the README's try-it server (serve-scenario.ts --http --cors): Run shows the real demo view, initialized, with the tool's result", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await review(page, TRY_IT_URL);
  const section = toolSection(page, "show_forecast");
  await runForReal(section);
  const status = section.getByTestId("runner-status");
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  await expect(status).toContainText(/Initialized in \d+ ms/);
  const view = viewOf(section);
  // The demo view got its result over the bridge (BRG-3) and shows what the server returned.
  await expect(view.getByTestId("status")).toHaveText("result received");
  await expect(view.getByTestId("tool-result-content")).toHaveText(/^show_forecast ran for /);
  await expect(view.getByTestId("tool-result")).toContainText('"tool": "show_forecast"');
  await expect(
    section.getByTestId("view-failures").locator('[data-kind="init-timeout"]'),
  ).toHaveCount(0);
  // The result judged as the CLI's --call judges it (lib/review/call-items.ts): the tool answered,
  // its text is useful (OUT-1), and its structuredContent is not repeated as JSON text (core SHOULD).
  const judged = section.getByTestId("call-items");
  await expect(judged.locator('[data-item="call:show_forecast"]')).toHaveAttribute(
    "data-status",
    "pass",
  );
  await expect(judged.locator('[data-item="text-fallback:show_forecast"]')).toHaveAttribute(
    "data-status",
    "pass",
  );
  await expect(judged.locator('[data-item="text-fallback:show_forecast"]')).toContainText(
    "ran for",
  );
  await expect(judged.locator('[data-item="structured-as-text:show_forecast"]')).toHaveAttribute(
    "data-status",
    "warning",
  );
  await expectNoSeriousA11yViolations(page, '[data-testid="review-view"] iframe');
  expect(errors).toEqual([]);
});

test("the try-it view's button for the app-only refresh_forecast: the call passes the visibility gate and asks the person; Deny sends nothing to the server, Allow reaches it (BRG-5, TOOL-4)", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await review(page, TRY_IT_URL);
  const section = toolSection(page, "show_forecast");
  await runForReal(section);
  const view = viewOf(section);
  await expect(view.getByTestId("status")).toHaveText("result received", { timeout: 20_000 });
  // The page says the view may call it (hidden from the agent's list, app-only on its own server).
  await expect(section.getByTestId("hidden-tools")).toContainText(
    "refresh_forecast (this view may call it)",
  );
  const reached = () =>
    (output.get(TRY_IT_PORT) ?? "").split("\n").filter((l) => l.includes("refresh_forecast"));
  expect(reached()).toEqual([]);
  const press = view.getByRole("button", { name: "Call refresh_forecast" });
  const consent = section.getByTestId("consent-dialog");

  // Deny: the host answers the view with a refusal, and the server never hears of it.
  await press.click();
  await expect(consent).toBeVisible({ timeout: 10_000 });
  await expect(consent.getByTestId("consent-tool")).toHaveText("refresh_forecast");
  await consent.getByRole("button", { name: "Deny", exact: true }).click();
  await expect(consent).toBeHidden();
  await expect(view.locator('[data-tool="refresh_forecast"][data-outcome="error"]')).toHaveCount(1);
  await expect(
    section.getByTestId("app-calls").locator('[data-target="refresh_forecast"]'),
  ).toHaveAttribute("data-outcome", "refused");
  await page.waitForTimeout(500);
  expect(reached()).toEqual([]);

  // Allow: the same call goes through as an ordinary tools/call, and the server logs it.
  await press.click();
  await expect(consent).toBeVisible({ timeout: 10_000 });
  await consent.getByRole("button", { name: "Allow", exact: true }).click();
  await expect(view.locator('[data-tool="refresh_forecast"][data-outcome="ok"]')).toContainText(
    "refresh_forecast ran for",
  );
  await expect.poll(reached).toHaveLength(1);
  expect(reached()[0]).toMatch(/allowed refresh_forecast/);
  expect(errors).toEqual([]);
});

test("a view that floods the host after it initialized is sent ui/resource-teardown before its frame goes, and the status says so (BRG-3, the SBX-5 note)", async ({
  page,
}) => {
  await review(page, TRY_IT_URL);
  const section = toolSection(page, "show_forecast");
  await runForReal(section);
  const status = section.getByTestId("runner-status");
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  await expect(viewOf(section).getByTestId("status")).toHaveText("result received");
  // The view goes over the host's message-rate limit (the simulator's hardening test floods the
  // same way): the host ends it, and since it had initialized it is told first.
  await viewOf(section)
    .locator("body")
    .evaluate(() => {
      for (let i = 0; i < 3000; i++)
        window.parent.postMessage(
          { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: i } },
          "*",
        );
    });
  await expect(status).toHaveAttribute("data-state", "torn-down", { timeout: 20_000 });
  await expect(status).toContainText("500 messages");
  await expect(status).toContainText("ui/resource-teardown was sent");
  const sent = section
    .getByTestId("message-log")
    .locator("tr", { hasText: "ui/resource-teardown" })
    .filter({ hasText: "host → proxy" });
  await expect(sent).toHaveCount(1);
  await expect(section.getByTestId("review-view").locator("iframe")).toHaveCount(0);
});

test("a view that requests geolocation and camera gets neither unless the person allows it; allowing one grants exactly that one, for that run only (PERM-2, PERM-3); the tool's readOnlyHint does not spare the question before the real call (annotations are untrusted)", async ({
  page,
  context,
}) => {
  // The worst case of the issue: the learner already let the academy's origin use geolocation.
  await context.grantPermissions(["geolocation"], { origin: APP_ORIGIN });
  await context.setGeolocation({ latitude: 59.91, longitude: 10.75 });
  const errors = collectPageErrors(page);
  await review(page, PERMISSIONS_URL);
  const section = toolSection(page, "locate");
  const dialog = section.getByTestId("permission-dialog");
  const view = viewOf(section);
  const status = section.getByTestId("runner-status");

  // Run 1: asked before anything renders; nothing is ticked; answered at a person's pace, longer
  // than the handshake time-out, which starts only once the view is loading.
  await section.getByTestId("handshake-timeout").fill("3");
  // The tool says readOnlyHint: true, but annotations from a server nobody vetted are not trusted
  // (core server/tools, tools/annotations-untrusted): the page asks before the real call anyway.
  await section.getByTestId("run-tool").click();
  const confirm = section.getByTestId("confirm-call");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("readOnlyHint: true");
  await expect(confirm).toContainText("the server's own claim");
  await confirm.getByRole("button", { name: "Call it" }).click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId("review-view").locator("iframe")).toHaveCount(0);
  // The server's self-chosen name is shown as text: no markup, no right-to-left override.
  const name = dialog.getByTestId("permission-server");
  await expect(name).toHaveText("Where <b>am</b> I gnp.exe");
  await expect(dialog.locator("b")).toHaveCount(0);
  await expect(dialog).toContainText(`localhost:${PERMISSIONS_PORT}`);
  await expect(dialog).toContainText("this run only");
  const geolocation = dialog.getByRole("checkbox", { name: /geolocation/i });
  const camera = dialog.getByRole("checkbox", { name: /camera/i });
  await expect(geolocation).not.toBeChecked();
  await expect(camera).not.toBeChecked();
  await expect(dialog.getByText(/read this device's location/)).toBeVisible();
  await expect(dialog.getByText(/see through the camera/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="review-view"] iframe');
  await page.waitForTimeout(6_000);
  await dialog.getByRole("button", { name: "Render the view" }).click();

  // Nothing granted, and the view renders anyway (PERM-3).
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  await expect(view.locator("#result")).toHaveText("Locating on the map.");
  await expect(view.locator("#granted")).toHaveText("{}");
  await expect(view.locator("#policy-geolocation")).toHaveText("false");
  await expect(view.locator("#policy-camera")).toHaveText("false");
  expect(await allowAttributes(section)).toEqual({ proxy: null, view: null });
  await view.locator("#locate").click();
  await expect(view.locator("#position")).toHaveText(/^refused \(1\)/);
  const shown = section.getByTestId("view-permissions");
  await expect(shown).toContainText("Granted for this run: none");
  await expect(shown).toContainText("Not granted: geolocation, camera");

  // Run 2: asked again, nothing remembered; geolocation alone is ticked.
  await runForReal(section);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(geolocation).not.toBeChecked();
  await geolocation.check();
  await dialog.getByRole("button", { name: "Render the view" }).click();
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  await expect(view.locator("#granted")).toHaveText('{"geolocation":{}}');
  await expect(view.locator("#policy-geolocation")).toHaveText("true");
  await expect(view.locator("#policy-camera")).toHaveText("false");
  expect(await allowAttributes(section)).toEqual({ proxy: "geolocation", view: "geolocation" });
  await view.locator("#locate").click();
  await expect(view.locator("#position")).toHaveText("59.91,10.75");
  await expect(shown).toContainText("Granted for this run: geolocation");
  await expect(shown).toContainText("Not granted: camera");

  // Run 3: asked again; Escape grants nothing and the view still renders.
  await runForReal(section);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(geolocation).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  await expect(view.locator("#granted")).toHaveText("{}");
  await expect(view.locator("#policy-geolocation")).toHaveText("false");
  expect(await allowAttributes(section)).toEqual({ proxy: null, view: null });
  expect(errors).toEqual([]);
});
