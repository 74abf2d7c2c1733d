import { type ChildProcess } from "node:child_process";
import { hostname } from "node:os";
import { type Frame, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolations,
  runForReal,
  startExampleServer,
} from "./helpers";

/**
 * The review page's tool runner against REAL published MCP App servers (2.0.3, legacy era only),
 * started here: each UI tool is called with real arguments and its real view runs in the sandbox
 * proxy, with the bridge forwarding its own calls to the real server.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const BASIC_PORT = BASE_PORT + 11;
const MONITOR_PORT = BASE_PORT + 12;
const BASIC_URL = `http://localhost:${BASIC_PORT}/mcp`;
const MONITOR_URL = `http://localhost:${MONITOR_PORT}/mcp`;
const FAILING_PORT = BASE_PORT + 13;
/** Nothing listens here: the failing view declares it (and fetches one below it, undeclared). */
const DEAD_PORT = BASE_PORT + 19;
const FAILING_URL = `http://localhost:${FAILING_PORT}/mcp`;

const servers: ChildProcess[] = [];

function start(pkg: string, port: number, args: string[] = []): Promise<void> {
  const { child, ready } = startExampleServer(pkg, port, args);
  servers.push(child);
  return ready;
}

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  await Promise.all([
    start("server-basic-vanillajs", BASIC_PORT),
    start("server-system-monitor", MONITOR_PORT),
    start("e2e/fixtures/failing-views-server.mjs", FAILING_PORT, [
      String(FAILING_PORT),
      String(DEAD_PORT),
    ]),
  ]);
});

test.afterAll(() => {
  for (const s of servers) s.kill();
});

async function review(page: Page, url: string) {
  await page.goto("/review");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Server URL").fill(url);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
}

const toolSection = (page: Page, name: string) =>
  page.locator(`[data-testid="review-ui-tool"][data-tool="${name}"]`);

/** The view's own document: the inner frame of the run's proxy frame. */
const viewOf = (section: Locator) =>
  section.getByTestId("review-view").frameLocator("iframe").frameLocator("iframe");

async function viewFrame(section: Locator): Promise<Frame> {
  const proxy = await section.getByTestId("review-view").locator("iframe").elementHandle();
  const frame = await proxy!.contentFrame();
  await expect.poll(() => frame!.childFrames().length).toBeGreaterThan(0);
  return frame!.childFrames()[0]!;
}

/** Sends a JSON-RPC request from inside the view's document, as the view itself would. */
function requestFromView(view: Frame, method: string, params: unknown) {
  return view.evaluate(
    ({ method, params }) =>
      new Promise<unknown>((resolve) => {
        const id = `e2e-${Math.random().toString(36).slice(2)}`;
        window.addEventListener("message", function on(e: MessageEvent) {
          if ((e.data as { id?: unknown })?.id === id) {
            window.removeEventListener("message", on);
            resolve(e.data);
          }
        });
        window.parent.postMessage({ jsonrpc: "2.0", id, method, params }, "*");
      }),
    { method, params },
  );
}

/** Waits until the view's frame has taken the height the view asked for (BRG-7). */
async function settled(section: Locator) {
  const frame = section.getByTestId("review-view").locator("iframe");
  // Real views are slow to start on a loaded machine (system-monitor: seconds): be generous.
  await expect
    .poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).style.height), { timeout: 30_000 })
    .not.toBe("");
  await section.page().waitForTimeout(300);
}

/**
 * Axe on our page; the real view's own document is a stranger's (the basic example's inputs have
 * no labels) and is left out.
 */
async function expectOurPageAccessible(page: Page) {
  await expectNoSeriousA11yViolations(page, '[data-testid="review-view"] iframe');
}

async function initMs(section: Locator): Promise<number> {
  const status = section.getByTestId("runner-status");
  await expect(status).toHaveAttribute("data-state", "initialized", { timeout: 20_000 });
  const text = (await status.textContent()) ?? "";
  const ms = /Initialized in (\d+) ms/.exec(text);
  expect(ms).not.toBeNull();
  return Number(ms![1]);
}

test("basic-vanillajs: get-time's real view shows the real result, and its own button reaches the server", async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  await review(page, BASIC_URL);
  const section = toolSection(page, "get-time");
  await expect(section.getByTestId("tool-form")).toContainText("This tool takes no arguments.");
  await runForReal(section);
  const ms = await initMs(section);
  console.log(`basic-vanillajs get-time initialized in ${ms} ms`);

  // The time the server returned is what the view shows.
  const result = JSON.parse((await section.getByTestId("tool-result").textContent()) ?? "{}") as {
    structuredContent: { time: string };
  };
  expect(result.structuredContent.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  const view = viewOf(section);
  await expect(view.locator("#server-time")).toHaveText(result.structuredContent.time);
  // Observed, not guessed: the view's bundle probes eval, which the restrictive default CSP blocks.
  await expect(
    section.getByTestId("view-failures").locator('[data-kind="csp-blocked"]'),
  ).toContainText("script-src");

  // The view's own button: tools/call get-time, asked, forwarded to the real server, shown.
  await settled(section);
  await view.locator("#get-time-btn").click();
  const consent = section.getByTestId("consent-dialog");
  await expect(consent).toBeVisible();
  await expect(consent).toContainText("get-time");
  await consent.getByRole("button", { name: "Allow", exact: true }).click();
  await expect(view.locator("#server-time")).not.toHaveText(result.structuredContent.time);
  await expect(view.locator("#server-time")).toHaveText(/^\d{4}-\d\d-\d\dT/);
  await section.getByText(/All app-initiated calls/).click();
  await expect(
    section.locator(
      '[data-testid="app-calls"] li[data-target="get-time"][data-outcome="forwarded"]',
    ),
  ).toHaveCount(1);

  // ui/message and notifications/message are recorded.
  await view.locator("#send-message-btn").click();
  await view.locator("#send-log-btn").click();
  await expect(section.getByTestId("view-records")).toContainText("ui/message");
  await expect(section.getByTestId("view-records")).toContainText("This is log text.");

  // ui/open-link: declined first (not opened), then confirmed (opened in a new tab).
  await context.route("https://modelcontextprotocol.io/**", (route) =>
    route.fulfill({ body: "ok", contentType: "text/plain" }),
  );
  await view.locator("#open-link-btn").click();
  const link = section.getByTestId("link-dialog");
  await expect(link.getByTestId("link-url")).toHaveText("https://modelcontextprotocol.io/");
  await link.getByRole("button", { name: "Don't open it" }).click();
  await expect(section.getByTestId("view-records")).toContainText("the user declined");
  await view.locator("#open-link-btn").click();
  const opened = context.waitForEvent("page");
  await link.getByRole("button", { name: "Open the link" }).click();
  expect((await opened).url()).toBe("https://modelcontextprotocol.io/");
  await expect(section.getByTestId("view-records")).toContainText(
    "opened after the user confirmed",
  );

  await expectOurPageAccessible(page);

  // Closing: ui/resource-teardown first, answered by the real view, then the frame goes (BRG-3).
  await section.getByRole("button", { name: "Close the view" }).click();
  await expect(section.getByTestId("review-view").locator("iframe")).toHaveCount(0);
  await expect(section.getByTestId("runner-status")).toHaveAttribute("data-state", "closed");
  await section.getByText(/Message log/).click();
  const teardown = section
    .getByTestId("message-log")
    .locator("tr", { hasText: "ui/resource-teardown" });
  await expect(teardown.filter({ hasText: "host → proxy" })).toHaveCount(1);
  await expect(teardown.filter({ hasText: "proxy → host" })).toHaveCount(1);
  // The log's filter keeps the matching rows only.
  await section.getByTestId("log-filter").fill("resource-teardown");
  await expect(section.getByTestId("message-log").locator("tbody tr")).toHaveCount(2);
  expect(errors).toEqual([]);
});

test("basic-vanillajs: the view may read its own server's resources, never another server's; a mode it did not declare is refused", async ({
  page,
}) => {
  await review(page, BASIC_URL);
  const section = toolSection(page, "get-time");
  await runForReal(section);
  await initMs(section);
  const view = await viewFrame(section);

  const own = (await requestFromView(view, "resources/read", {
    uri: "ui://get-time/mcp-app.html",
  })) as { result?: { contents: { text?: string }[] }; error?: unknown };
  expect(own.error).toBeUndefined();
  expect(own.result?.contents[0]?.text).toContain('id="get-time-btn"');

  // The system monitor's view lives on the other server the test started.
  const foreign = (await requestFromView(view, "resources/read", {
    uri: "ui://system-monitor/mcp-app.html",
  })) as { result?: unknown; error?: { message: string } };
  expect(foreign.result).toBeUndefined();
  expect(foreign.error?.message).toContain("not a resource of this view's own server");

  // BRG-6: this view declared no availableDisplayModes, so full screen is refused and the answer
  // is the current mode.
  const mode = (await requestFromView(view, "ui/request-display-mode", { mode: "fullscreen" })) as {
    result?: { mode: string };
  };
  expect(mode.result).toEqual({ mode: "inline" });
  await expect(section.getByTestId("review-view")).not.toHaveClass(/fullscreen/);

  await section.getByText(/All app-initiated calls/).click();
  await expect(
    section.locator(
      '[data-testid="app-calls"] li[data-target="ui://system-monitor/mcp-app.html"][data-outcome="refused"]',
    ),
  ).toHaveCount(1);
  await expect(
    section.locator(
      '[data-testid="app-calls"] li[data-target="ui://get-time/mcp-app.html"][data-outcome="forwarded"]',
    ),
  ).toHaveCount(1);
});

test("system-monitor: the real view shows this machine, and its app-only polling is forwarded while the agent's list hides the tool", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await review(page, MONITOR_URL);
  const section = toolSection(page, "get-system-info");
  await runForReal(section);
  // The view starts polling poll-system-stats (visibility ["app"]) once it has its result.
  const consent = section.getByTestId("consent-dialog");
  await expect(consent).toBeVisible({ timeout: 20_000 });
  await expect(consent).toContainText("poll-system-stats");
  await consent.getByTestId("consent-always").click();
  const ms = await initMs(section);
  console.log(`system-monitor get-system-info initialized in ${ms} ms`);

  const view = viewOf(section);
  await settled(section);
  await expect(view.locator("#info-hostname")).toHaveText(hostname());
  await expect(view.locator("#memory-percent")).toHaveText(/^\d+%$/);

  const agentList = page.getByTestId("review-agent-tools");
  await expect(agentList).toContainText("get-system-info");
  await expect(agentList).not.toContainText("poll-system-stats");
  await expect(section.getByTestId("hidden-tools")).toContainText("poll-system-stats");
  await expect(section.getByTestId("hidden-tools")).toContainText("this view may call it");

  await section.getByTestId("observe-seconds").fill("5");
  await section.getByTestId("observe").click();
  const observed = section.getByTestId("observe-results");
  await expect(observed).toBeVisible({ timeout: 15_000 });
  const calls = observed.locator('li[data-target="poll-system-stats"][data-outcome="forwarded"]');
  // Every 2 s: two or three in a 5 s window (more under load would be odd, fewer means lost calls).
  expect(await calls.count()).toBeGreaterThanOrEqual(2);
  console.log(`system-monitor: ${await calls.count()} poll-system-stats calls forwarded in 5 s`);
  const seen = section.getByTestId("view-failures");
  console.log(
    `system-monitor blocked or failed loads: ${(await seen.count()) ? await seen.innerText() : "none"}`,
  );
  await expectOurPageAccessible(page);
  expect(errors).toEqual([]);
});

test("failures are told apart: a CSP block, a network failure of a declared origin, and a view that never initializes; a view that may reach an outside origin is announced before it renders, and the CSP built for it is logged (CSP-3)", async ({
  page,
}) => {
  await review(page, FAILING_URL);
  const offline = toolSection(page, "offline");
  await offline.getByTestId("handshake-timeout").fill("3");
  await runForReal(offline);
  const failures = offline.getByTestId("view-failures");
  const network = failures.locator('[data-kind="network"]');
  await expect(network).toHaveCount(1, { timeout: 15_000 });
  await expect(network).toContainText(`http://localhost:${DEAD_PORT}`);
  await expect(network).toContainText("declared in connectDomains");
  const blocked = failures.locator('[data-kind="csp-blocked"]');
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText("connect-src");
  await expect(blocked).toContainText(`http://localhost:${DEAD_PORT - 1}`);
  // Reports come from the sandbox document, which the view could forge: labelled as such.
  await expect(blocked).toContainText("Reported by the sandbox document (the view could forge it)");
  // CSP-3 (SHOULD warn, SHOULD log): the view declared one outside origin; the host said so
  // beside the view before it rendered, and logged the policy it built.
  await expect(offline.getByTestId("external-origins-warning")).toContainText(
    `http://localhost:${DEAD_PORT}`,
  );
  await expect(
    offline.getByTestId("message-log").locator("tr", { hasText: "CSP logged for audit" }),
  ).toHaveCount(1);

  const silent = toolSection(page, "silent");
  await silent.getByTestId("handshake-timeout").fill("2");
  await runForReal(silent);
  const timeout = silent.getByTestId("view-failures").locator('[data-kind="init-timeout"]');
  await expect(timeout).toHaveCount(1, { timeout: 15_000 });
  const text = (await timeout.textContent()) ?? "";
  expect(text).toContain("the view never sent ui/initialize within");
  // Observed in the document the server sent: it has no script at all, the likely cause.
  expect(text).toContain("The view's HTML has no <script> element");
  const waited = Number(/within (\d+) ms/.exec(text)?.[1]);
  expect(waited).toBeGreaterThanOrEqual(2000);
  expect(waited).toBeLessThan(6000);
  await expect(silent.getByTestId("runner-status")).toHaveAttribute("data-state", "failed");
});

test("the form is built from the inputSchema: errors name the field, and the real call gets typed arguments", async ({
  page,
}) => {
  await review(page, FAILING_URL);
  const section = toolSection(page, "echo");
  const field = (name: string) => section.locator(`[data-field="${name}"]`);
  await expect(field("city")).toContainText("(required)");
  await expect(field("days").locator("input")).toHaveValue("3");
  await field("days").locator("input").fill("2.5");
  await runForReal(section);
  const errors = section.getByTestId("form-errors");
  await expect(errors).toContainText('"city" is required');
  await expect(errors).toContainText('"days" must be a whole number');
  await expect(field("city").locator("input, textarea")).toHaveAttribute("aria-invalid", "true");

  await field("city").locator("input, textarea").fill("Oslo");
  await field("days").locator("input").fill("5");
  await field("units").locator("select").selectOption({ label: "imperial" });
  await field("tags").locator("textarea").fill("a\nb");
  await field("verbose").locator("input").check();
  await section.getByTestId("handshake-timeout").fill("1");
  await runForReal(section);
  await expect(errors).toHaveCount(0);
  const result = section.getByTestId("tool-result");
  await expect(result).toContainText("echoed", { timeout: 15_000 });
  const echoed = (
    JSON.parse((await result.textContent()) ?? "{}") as { structuredContent: { echoed: unknown } }
  ).structuredContent.echoed;
  expect(echoed).toEqual({
    city: "Oslo",
    days: 5,
    units: "imperial",
    tags: ["a", "b"],
    verbose: true,
  });
  await expectOurPageAccessible(page);
  // The runner's form, errors and log in the dark theme too (the page follows the system's).
  await page.emulateMedia({ colorScheme: "dark" });
  await field("days").locator("input").fill("x");
  await runForReal(section);
  await expect(errors).toContainText('"days" must be a number');
  await expectOurPageAccessible(page);
});

test("a view that declares full screen gets it and hears when the reader leaves it (BRG-6); it reads its server's templated resources", async ({
  page,
}) => {
  await review(page, FAILING_URL);
  const section = toolSection(page, "modes");
  await runForReal(section);
  await initMs(section);
  const view = viewOf(section);
  await expect(view.locator("#mode")).toHaveText("inline");
  await view.locator("#full").click();
  await expect(view.locator("#answer")).toHaveText("fullscreen");
  await expect(section.getByTestId("review-view")).toHaveClass(/fullscreen/);
  // Keys pressed inside the view are the view's; from the page (Shift+Tab leads out of the view
  // to the exit button, which comes first), Escape leaves full screen.
  await section.getByRole("button", { name: /Leave full screen/ }).focus();
  await page.keyboard.press("Escape");
  await expect(section.getByTestId("review-view")).not.toHaveClass(/fullscreen/);
  await expect(view.locator("#mode")).toHaveText("inline");

  // A view reads an unlisted resource of its own server through the server's template.
  const frame = await viewFrame(section);
  const item = (await requestFromView(frame, "resources/read", { uri: "items://42" })) as {
    result?: { contents: { text?: string }[] };
  };
  expect(item.result?.contents[0]?.text).toBe("item 42");
  const outside = (await requestFromView(frame, "resources/read", { uri: "items://42/more" })) as {
    error?: { message: string };
  };
  expect(outside.error?.message).toContain("not a resource of this view's own server");
});

test("a UI tool the agent cannot see is not called, and the runner says why (TOOL-3)", async ({
  page,
}) => {
  await review(page, FAILING_URL);
  const section = toolSection(page, "app-only-view");
  await runForReal(section);
  const status = section.getByTestId("runner-status");
  await expect(status).toHaveAttribute("data-state", "text");
  await expect(status).toContainText("Not called");
  await expect(status).toContainText('lacks "model"');
  await expect(section.getByTestId("tool-result")).toHaveCount(0);
  await expect(section.getByTestId("review-view").locator("iframe")).toHaveCount(0);
});

/** Sends `count` tools/call requests from the view at once; their answers collect in the view. */
async function floodFromView(view: Frame, tool: string, count: number, prefix: string) {
  await view.evaluate(
    ({ tool, count, prefix }) => {
      const w = window as unknown as { __answers?: Record<string, unknown> };
      w.__answers ??= {};
      window.addEventListener("message", (e) => {
        const d = e.data as { id?: unknown };
        if (e.source === window.parent && typeof d?.id === "string" && d.id.startsWith(prefix))
          w.__answers![d.id] = d;
      });
      for (let i = 0; i < count; i++)
        window.parent.postMessage(
          { jsonrpc: "2.0", id: `${prefix}${i}`, method: "tools/call", params: { name: tool } },
          "*",
        );
    },
    { tool, count, prefix },
  );
}

const answersInView = (view: Frame) =>
  view.evaluate(() =>
    Object.values((window as unknown as { __answers?: Record<string, unknown> }).__answers ?? {}),
  ) as Promise<{ error?: { code: number; message: string } }[]>;

test("basic-vanillajs: a view that floods consent prompts is not allowed by Enter, can be closed from the first prompt, or blocked after 3 calls in 10 s; nothing more reaches the server (BRG-5)", async ({
  page,
}) => {
  await review(page, BASIC_URL);
  const section = toolSection(page, "get-time");
  await runForReal(section);
  await initMs(section);
  const forwarded = section.locator('[data-testid="app-calls"] li[data-outcome="forwarded"]');
  let view = await viewFrame(section);
  await floodFromView(view, "get-time", 1, "one-");
  const consent = section.getByTestId("consent-dialog");
  await expect(consent).toBeVisible();
  // Focus is on the prompt, not on Allow, and Enter never allows.
  await expect(consent.getByRole("heading", { name: "Allow this tool call?" })).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Enter");
    await page.waitForTimeout(200);
  }
  await expect(consent).toBeVisible();
  await expect(forwarded).toHaveCount(0);
  const block = consent.getByRole("button", { name: "Block further calls from this view" });
  await expect(block).toHaveCount(0);
  // 300 more: the prompt counts them and offers to block; "Deny and close the view" ends it all.
  await floodFromView(view, "get-time", 300, "many-");
  await expect(consent.getByTestId("consent-queued")).toContainText("300 more");
  await expect(block).toBeVisible();
  await consent.getByRole("button", { name: "Deny and close the view" }).click();
  await expect(consent).toBeHidden();
  await expect(section.getByTestId("review-view")).toHaveAttribute("data-state", "closed");
  await page.waitForTimeout(1500);
  await expect(consent).toBeHidden();
  await expect(section.getByTestId("review-view").locator("iframe")).toHaveCount(0);
  await expect(forwarded).toHaveCount(0);

  // Run again: 3 calls in 10 s bring the offer; Block refuses the rest with a JSON-RPC error.
  await runForReal(section);
  await initMs(section);
  view = await viewFrame(section);
  await floodFromView(view, "get-time", 3, "b-");
  await expect(block).toBeVisible();
  await expect(consent).toContainText("3 calls within 10 s");
  await block.click();
  await expect(consent).toBeHidden();
  await expect.poll(async () => (await answersInView(view)).length).toBe(3);
  await floodFromView(view, "get-time", 1, "late-");
  await expect.poll(async () => (await answersInView(view)).length).toBe(4);
  const errors = (await answersInView(view)).filter((a) => a.error);
  // The first was refused on its prompt (an isError result); the others without a prompt.
  expect(errors).toHaveLength(3);
  for (const a of errors) {
    expect(a.error!.code).toBe(-32600);
    expect(a.error!.message).toContain("blocked further tool calls from this view");
  }
  await expect(consent).toBeHidden();
  await expect(forwarded).toHaveCount(0);
});
