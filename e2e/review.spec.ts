/**
 * The /review page in Chromium against real servers started here: the published legacy example
 * servers (@modelcontextprotocol/server-basic-vanillajs and -system-monitor 2.0.3, pinned
 * devDependencies, CORS `*`), the simulator's own server factory over Streamable HTTP with CORS
 * (modern only, and dual-era), the same factory without CORS, and a socket that never answers.
 * Expected verdicts are hand-written in lib/review/expected-fixtures.ts; the CLI is run as a
 * separate process for the comparison.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  BASIC_VANILLAJS_EXPECTED,
  HAPPY_PATH_DUAL_EXPECTED,
  HAPPY_PATH_MODERN_ONLY_EXPECTED,
  SYSTEM_MONITOR_EXPECTED,
} from "../lib/review/expected-fixtures";
import type { Report } from "../lib/review/report";
import { formatReportMarkdown } from "../lib/review/report-format";
import type { WorksIn } from "../lib/review/works-in";
import { formatWorksInMarkdown } from "../lib/review/works-in-markdown";
import { expectNoSeriousA11yViolations } from "./helpers";

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const APP_ORIGIN = `http://localhost:${APP_PORT}`;
const port = (n: number) => APP_PORT + n;
const url = (n: number) => `http://127.0.0.1:${port(n)}/mcp`;
const TSX = "node_modules/.bin/tsx";
const HAPPY = "content/scenarios/happy-path.json";

const SERVERS: { n: number; command: string; args: string[]; env?: Record<string, string> }[] = [
  {
    n: 1,
    command: "node",
    args: ["node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js"],
    env: { PORT: String(port(1)) },
  },
  {
    n: 2,
    command: "node",
    args: ["node_modules/@modelcontextprotocol/server-system-monitor/dist/index.js"],
    env: { PORT: String(port(2)) },
  },
  {
    n: 3,
    command: TSX,
    args: [
      "scripts/serve-scenario.ts",
      HAPPY,
      "--era",
      "modern",
      "--http",
      String(port(3)),
      "--cors",
    ],
  },
  {
    n: 4,
    command: TSX,
    args: ["scripts/serve-scenario.ts", HAPPY, "--era", "modern", "--http", String(port(4))],
  },
  {
    n: 5,
    command: TSX,
    args: [
      "scripts/serve-scenario.ts",
      HAPPY,
      "--era",
      "dual",
      "--http",
      String(port(5)),
      "--cors",
    ],
  },
];
/** Port 6: accepts connections and never answers. Port 7: a web page, with CORS. Port 9: nothing. */
const SILENT = 6;
const WEB_PAGE = 7;
const NOTHING = 9;

const children: ChildProcess[] = [];
let silent: Server | undefined;
let webPage: Server | undefined;

async function waitForPort(p: number, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${p}/mcp`, {
        method: "GET",
        signal: AbortSignal.timeout(2000),
      });
      return;
    } catch (e) {
      // A GET that stays open (an SSE stream) times out: the port answers, which is enough.
      if (e instanceof Error && e.name === "TimeoutError") return;
      if (Date.now() > deadline) throw new Error(`nothing listened on ${p}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const s of SERVERS) {
    const child = spawn(s.command, s.args, {
      env: { ...process.env, ...s.env },
      stdio: "ignore",
    });
    children.push(child);
  }
  silent = createServer(() => {
    // Never answers: the review must give up after its time-out and say how long it waited.
  }).listen(port(SILENT), "127.0.0.1");
  webPage = createServer((req, res) => {
    // Lets any page read it, and answers everything with HTML, as a web server would.
    res.writeHead(req.method === "OPTIONS" ? 204 : 200, {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "content-type": "text/html; charset=utf-8",
    });
    res.end(req.method === "OPTIONS" ? undefined : "<!doctype html><title>Not MCP</title><p>Hello");
  }).listen(port(WEB_PAGE), "127.0.0.1");
  await Promise.all(SERVERS.map((s) => waitForPort(port(s.n), 90_000)));
});

test.afterAll(() => {
  for (const c of children) c.kill();
  silent?.closeAllConnections();
  silent?.close();
  webPage?.close();
});

async function review(page: Page, target: string, options: { timeoutS?: number } = {}) {
  await page.goto("/review");
  await page.getByRole("textbox", { name: "Server URL" }).fill(target);
  if (options.timeoutS) {
    // As a person edits it: empty the field, then type the new value.
    const field = page.getByLabel("Time-out (seconds)");
    await field.fill("");
    await field.pressSequentially(String(options.timeoutS));
    await expect(field).toHaveValue(String(options.timeoutS));
  }
  await page.getByRole("button", { name: "Connect and review" }).click();
}

async function statusesOnPage(page: Page): Promise<Record<string, string>> {
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 60_000 });
  return Object.fromEntries(
    await page
      .locator("tr[data-item]")
      .evaluateAll((rows) =>
        rows.map((r) => [r.getAttribute("data-item"), r.getAttribute("data-status")]),
      ),
  );
}

/** `npm run review -- --json <url>`, as a separate process. */
function cliJson(target: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/review.ts", "--json", target], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => {
      if (code === 2) reject(new Error(`review CLI failed: ${err}`));
      else resolve(JSON.parse(out) as Report);
    });
  });
}

async function downloadedJson(page: Page): Promise<Report> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download JSON" }).click();
  const file = await (await download).path();
  return JSON.parse(await readFile(file, "utf8")) as Report;
}

test("server-basic-vanillajs 2.0.3: legacy era, every item as expected, keyboard only, and the same JSON as the CLI", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/review");
  // Keyboard only: type into the URL field and submit with Enter.
  await page.getByRole("textbox", { name: "Server URL" }).focus();
  await page.keyboard.type(url(1));
  await page.keyboard.press("Enter");
  expect(await statusesOnPage(page)).toEqual(BASIC_VANILLAJS_EXPECTED);
  // Focus lands on the result's heading, so a screen reader hears the server's name next.
  await expect(
    page.getByRole("heading", { name: /Basic MCP App Server \(Vanilla JS\) 1\.0\.0/ }),
  ).toBeFocused();
  await expect(page.getByTestId("review-era")).toHaveAttribute("data-era", "legacy");
  await expect(page.getByTestId("review-era")).toContainText("legacy (2025-11-25)");
  await expect(page.getByTestId("review-counts")).toHaveText(
    "20 pass, 0 fail, 4 warning(s), 3 not checkable from outside",
  );
  // The tool names its view with both keys; the flat one is flagged deprecated.
  const row = page.getByTestId("review-tools").locator('tr[data-tool="get-time"]');
  await expect(row).toContainText("ui://get-time/mcp-app.html");
  await expect(row).toContainText("flat key deprecated");
  await expect(page.getByTestId("review-resources")).toContainText("text/html;profile=mcp-app");
  // Its decision table, each row with a verdict and rule chips.
  const table = page
    .locator('[data-testid="review-ui-tool"][data-tool="get-time"]')
    .getByTestId("decision-table");
  await expect(table.locator('tr[data-row="negotiation"]')).toHaveAttribute("data-verdict", "pass");
  await expect(table.locator('tr[data-row="visibility"] .rule-ref').first()).toBeVisible();
  // Each item links to its lesson section.
  await expect(page.locator('tr[data-item="era"] a', { hasText: "lesson" })).toHaveAttribute(
    "href",
    "/lessons/two-protocol-eras#compatibility",
  );
  await expectNoSeriousA11yViolations(page);

  const browser = await downloadedJson(page);
  const cli = await cliJson(url(1));
  expect(browser).toEqual(cli);

  // The Markdown export is the CLI's --markdown --hosts format with lesson links on this site:
  // the report, then the Works in section of the table both JSONs carry.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Markdown" }).click();
  const markdown = await readFile(await (await download).path(), "utf8");
  const { worksIn } = cli as Report & { worksIn: WorksIn };
  expect(worksIn.tools).toEqual(["get-time"]);
  expect(markdown).toBe(
    `${formatReportMarkdown(cli, APP_ORIGIN)}\n${formatWorksInMarkdown(worksIn)}`,
  );
  expect(markdown).toContain(`[lesson](${APP_ORIGIN}/lessons/two-protocol-eras#compatibility)`);
});

test("server-system-monitor 2.0.3: legacy era; the app-only polling tool is left out of the agent's list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await review(page, url(2));
  expect(await statusesOnPage(page)).toEqual(SYSTEM_MONITOR_EXPECTED);
  await expect(page.getByTestId("review-era")).toHaveAttribute("data-era", "legacy");
  const tools = page.getByTestId("review-tools");
  await expect(tools.locator('tr[data-tool="poll-system-stats"]')).toHaveAttribute(
    "data-agent",
    "no",
  );
  await expect(tools.locator('tr[data-tool="poll-system-stats"]')).toContainText('["app"]');
  await expect(tools.locator('tr[data-tool="get-system-info"]')).toHaveAttribute(
    "data-agent",
    "yes",
  );
  const agent = page.getByTestId("review-agent-tools");
  await expect(agent).toContainText("get-system-info");
  await expect(agent).not.toContainText("poll-system-stats");
  await expect(page.getByTestId("review-counts")).toHaveText(
    "23 pass, 0 fail, 6 warning(s), 3 not checkable from outside",
  );
  expect(await downloadedJson(page)).toEqual(await cliJson(url(2)));
});

test("our server factory, modern only, with CORS: modern era, every item as expected, dark theme axe-clean, same JSON as the CLI", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: "dark" });
  // With a token: its server allows the authorization header, and the token stays out of the report.
  const sent: (string | undefined)[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(url(3)) && r.method() === "POST")
      sent.push(r.headers()["authorization"]);
  });
  await page.goto("/review");
  await page.getByRole("textbox", { name: "Server URL" }).fill(url(3));
  await page.getByLabel("Bearer token (optional)").fill("modern-secret");
  await page.getByRole("button", { name: "Connect and review" }).click();
  expect(await statusesOnPage(page)).toEqual(HAPPY_PATH_MODERN_ONLY_EXPECTED);
  expect(sent.length).toBeGreaterThan(3);
  expect(sent.every((a) => a === "Bearer modern-secret")).toBe(true);
  await expect(page.getByTestId("review-result")).not.toContainText("modern-secret");
  await expect(page.getByTestId("review-era")).toHaveAttribute("data-era", "modern");
  await expect(page.getByTestId("review-era")).toContainText("modern (2026-07-28)");
  await expect(page.getByTestId("review-counts")).toHaveText(
    "33 pass, 0 fail, 4 warning(s), 3 not checkable from outside",
  );
  await expectNoSeriousA11yViolations(page);
  const browser = await downloadedJson(page);
  expect(JSON.stringify(browser)).not.toContain("modern-secret");
  const cli = await cliJson(url(3));
  expect(browser).toEqual(cli);
});

test("our server factory served dual-era: modern detected, and the era item passes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await review(page, url(5));
  const statuses = await statusesOnPage(page);
  await expect(page.getByTestId("review-era")).toHaveAttribute("data-era", "modern");
  expect(statuses).toEqual(HAPPY_PATH_DUAL_EXPECTED);
  await expect(page.locator('tr[data-item="era"]')).toContainText("dual-era");
});

test("a server without CORS headers: the message names the headers it must send and the CLI command", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await review(page, url(4));
  const error = page.getByTestId("review-error");
  await expect(error).toHaveAttribute("data-kind", "cors", { timeout: 30_000 });
  await expect(error.getByRole("heading")).toBeFocused();
  await expect(error).toContainText(`Access-Control-Allow-Origin: ${APP_ORIGIN}`);
  const allow = error.locator("li", { hasText: "Access-Control-Allow-Headers:" });
  for (const h of ["mcp-protocol-version", "mcp-method", "mcp-name", "content-type"])
    await expect(allow).toContainText(h);
  await expect(allow).not.toContainText("authorization");
  await expect(error.locator("li", { hasText: "Access-Control-Expose-Headers:" })).toContainText(
    "mcp-session-id",
  );
  await expect(error.getByTestId("review-cli")).toHaveText(`npm run review -- ${url(4)}`);
  await expectNoSeriousA11yViolations(page);
});

test("a bearer token is sent as a header, named in the CORS advice, and never put in the URL or the page", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const seen: { url: string; authorization?: string }[] = [];
  page.on("request", (r) => {
    if (r.url().includes(`:${port(4)}/`))
      seen.push({ url: r.url(), authorization: r.headers()["authorization"] });
  });
  await page.goto("/review");
  await page.getByRole("textbox", { name: "Server URL" }).fill(url(4));
  await page.getByLabel("Bearer token (optional)").fill("s3cret-token");
  await page.getByRole("button", { name: "Connect and review" }).click();
  const error = page.getByTestId("review-error");
  await expect(error).toHaveAttribute("data-kind", "cors", { timeout: 30_000 });
  await expect(error.locator("li", { hasText: "Access-Control-Allow-Headers:" })).toContainText(
    "authorization",
  );
  await expect(error.getByTestId("review-cli")).toHaveText(
    `npm run review -- ${url(4)} --header "Authorization: Bearer <your token>"`,
  );
  await expect(page.locator("body")).not.toContainText("s3cret-token");
  expect(seen.some((r) => r.authorization === "Bearer s3cret-token")).toBe(true);
  expect(seen.every((r) => !r.url.includes("s3cret"))).toBe(true);
  // Not remembered unless asked.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("s3cret-token");
});

test("failures are told apart: invalid URL, nothing listening, HTTP status, not MCP, time-out", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const error = page.getByTestId("review-error");

  await review(page, `127.0.0.1:${port(1)}/mcp`);
  await expect(error).toHaveAttribute("data-kind", "invalid-url");
  await expect(error).toContainText("Server URL");
  await expect(page.getByRole("textbox", { name: "Server URL" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await review(page, url(NOTHING));
  await expect(error).toHaveAttribute("data-kind", "network", { timeout: 30_000 });
  await expect(error).toContainText(`Nothing answered at http://127.0.0.1:${port(NOTHING)}`);

  // The academy itself answers a POST to an unknown path with 404 (same origin, so no CORS).
  await review(page, `${APP_ORIGIN}/no-such-mcp-endpoint`);
  await expect(error).toHaveAttribute("data-kind", "http-status", { timeout: 30_000 });
  await expect(error).toContainText("HTTP 404");

  await review(page, url(WEB_PAGE));
  await expect(error).toHaveAttribute("data-kind", "not-mcp", { timeout: 30_000 });
  await expect(error).toContainText("text/html");

  await review(page, url(SILENT), { timeoutS: 3 });
  await expect(page.getByTestId("review-step")).toHaveAttribute("data-step", "connect");
  await expect(error).toHaveAttribute("data-kind", "timeout", { timeout: 30_000 });
  await expect(error).toContainText("No answer within 3.0 s");
  await expect(error).toContainText(/Waited [3-9]\.\d s/);
});

test("a token is remembered only when asked, and offered again only for the same origin", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const urlField = page.getByRole("textbox", { name: "Server URL" });
  const tokenField = page.getByLabel("Bearer token (optional)");
  const remember = page.getByRole("checkbox", { name: /Remember the token/ });
  await page.goto("/review");
  await urlField.fill(url(4));
  await tokenField.fill("kept-token");
  await remember.check();
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-error")).toHaveAttribute("data-kind", "cors", {
    timeout: 30_000,
  });

  await page.goto("/review");
  await expect(tokenField).toHaveValue("");
  await urlField.fill(`http://127.0.0.1:${port(1)}/mcp`);
  await expect(tokenField).toHaveValue("");
  await urlField.fill(url(4).replace("/mcp", "/other"));
  await expect(tokenField).toHaveValue("kept-token");
  await expect(remember).toBeChecked();

  // Unticked and connected again: forgotten.
  await remember.uncheck();
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-error")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("kept-token");
});

test("the report fits a 375 px wide screen without sideways scrolling", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await review(page, url(1));
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 60_000 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
