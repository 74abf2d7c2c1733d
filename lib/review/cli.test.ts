/**
 * The review CLI against real servers started here: the published legacy example server
 * (@modelcontextprotocol/server-basic-vanillajs 2.0.3, a pinned devDependency) over stdio and
 * Streamable HTTP, and the simulator's own server factory served modern-only over stdio and HTTP.
 * Every expectation below was written by hand from what the servers' code declares.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL, runReviewCli, terminalStyle } from "./cli";
import {
  BASIC_VANILLAJS_EXPECTED as BASIC_EXPECTED,
  HAPPY_PATH_MODERN_ONLY_EXPECTED,
} from "./expected-fixtures";
import type { Report } from "./report";
import { formatReport } from "./report-format";

const BASIC = "node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js";
// Node with tsx's loader, in one process: the `tsx` command starts a second Node under itself
// (about 0.5 s more per spawn on these machines).
const TSX = `${process.execPath} --import tsx`;
const TSX_ARGS = ["--import", "tsx"];
const SERVE = "scripts/serve-scenario.ts";
const BASE_PORT = Number(process.env.REVIEW_TEST_PORT ?? 3315);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill();
});

/** Starts an HTTP server process and waits until it answers on the port. */
async function startHttp(
  command: string,
  args: string[],
  port: number,
  env: Record<string, string> = {},
) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  children.push(child);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/mcp`, { method: "GET" });
      return `http://127.0.0.1:${port}/mcp`;
    } catch {
      if (Date.now() > deadline) throw new Error(`${command} did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const statuses = (r: Report | undefined) =>
  Object.fromEntries((r?.items ?? []).map((i) => [i.id, i.status]));

describe("npm run review", { timeout: 90_000 }, () => {
  it("published server-basic-vanillajs 2.0.3 over stdio: legacy, no failures (the real CLI process)", () => {
    const run = spawnSync(
      process.execPath,
      [...TSX_ARGS, "scripts/review.ts", "--stdio", `node ${BASIC} --stdio`, "--json"],
      {
        encoding: "utf8",
        timeout: 80_000,
      },
    );
    // stderr carries only the progress, one line per step as it starts; stdout only the JSON.
    expect(run.stderr.trim().split("\n")).toEqual([
      "Connecting as a dual-era host (detecting the protocol era)…",
      "Listing every tool and resource, reading each view…",
      "Listing the tools again without declaring Apps support…",
    ]);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.server).toEqual({ name: "Basic MCP App Server (Vanilla JS)", version: "1.0.0" });
    expect(report).toMatchObject({
      era: "legacy",
      protocolVersion: "2025-11-25",
      eraSource: "probe",
    });
    // Over stdio, what the server wrote to stdout is an item too (a core MUST NOT, #37).
    expect(statuses(report)).toEqual({ ...BASIC_EXPECTED, "stdout-json-only": "pass" });
  });

  it("the same server over Streamable HTTP gives the same verdicts", async () => {
    const url = await startHttp("node", [BASIC], BASE_PORT, { PORT: String(BASE_PORT) });
    const result = await runReviewCli([url, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.report?.era).toBe("legacy");
    expect(statuses(result.report)).toEqual(BASIC_EXPECTED);
    expect(result.report?.items.find((i) => i.id === "era")?.evidence).toMatch(/legacy only/);
  });

  it("our server factory, modern only, over stdio", async () => {
    const result = await runReviewCli([
      "--stdio",
      `${TSX} ${SERVE} content/scenarios/happy-path.json --era modern`,
      "--json",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.report).toMatchObject({ era: "modern", protocolVersion: "2026-07-28" });
    expect(statuses(result.report)).toEqual({
      ...HAPPY_PATH_MODERN_ONLY_EXPECTED,
      "stdout-json-only": "pass",
    });
  });

  it("our server factory, modern only, over Streamable HTTP, and the human-readable output", async () => {
    const port = BASE_PORT + 1;
    const url = await startHttp(
      process.execPath,
      [
        ...TSX_ARGS,
        SERVE,
        "content/scenarios/happy-path.json",
        "--era",
        "modern",
        "--http",
        String(port),
      ],
      port,
    );
    const result = await runReviewCli([url]);
    expect(result.code).toBe(0);
    expect(statuses(result.report)).toEqual(HAPPY_PATH_MODERN_ONLY_EXPECTED);
    expect(result.stdout).toContain("Server: academy-main 1.0.0 | era: modern (2026-07-28)");
    expect(result.stdout).toMatch(/^WARN {2}Protocol eras served {2}\[NEG-6\]$/m);
    expect(result.stdout).toContain("33 pass, 0 fail, 4 warning(s), 3 not checkable from outside");
  });

  it("reports each step on the progress channel as it starts, and colours labels only when asked (issue #24)", async () => {
    const cmd = `${TSX} ${SERVE} content/scenarios/happy-path.json --era modern`;
    const progress: string[] = [];
    const coloured = await runReviewCli(["--stdio", cmd], {
      progress: (line) => progress.push(line),
      color: true,
    });
    expect(coloured.code).toBe(0);
    expect(progress[0]).toMatch(/^Connecting as a dual-era host/);
    expect(progress).toContain("Listing every tool and resource, reading each view…");
    expect(coloured.stdout).toMatch(/\u001b\[32mPASS\u001b\[0m/);
    expect(coloured.stdout).toMatch(/\u001b\[33mWARN\u001b\[0m/);
    // Without colour (the default, and on a pipe or with NO_COLOR), no escape codes at all.
    const plain = formatReport(coloured.report!, DEFAULT_BASE_URL);
    expect(plain).not.toContain("\u001b[");
    expect(plain).toContain("N/C: not checkable from outside");
    expect(plain.replace(/\s/g, "")).toBe(coloured.stdout.replace(/\u001b\[\d+m|\s/g, ""));
  });

  it("styles the terminal only where a person reads it: colour and dimmed progress on a TTY, neither when piped or with NO_COLOR", () => {
    expect(terminalStyle({ stdoutTty: true, stderrTty: true, env: {} })).toEqual({
      color: true,
      dimProgress: true,
    });
    // The report piped to a file, progress still on the terminal.
    expect(terminalStyle({ stdoutTty: false, stderrTty: true, env: {} })).toEqual({
      color: false,
      dimProgress: true,
    });
    // NO_COLOR (any non-empty value, https://no-color.org) turns off both, on a TTY too.
    expect(terminalStyle({ stdoutTty: true, stderrTty: true, env: { NO_COLOR: "1" } })).toEqual({
      color: false,
      dimProgress: false,
    });
    expect(terminalStyle({ stdoutTty: true, stderrTty: true, env: { NO_COLOR: "" } }).color).toBe(
      true,
    );
  });

  it("names the scheme a URL lacks (issue #24)", async () => {
    const r = await runReviewCli(["example.com/mcp"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("did you mean https://example.com/mcp");
    // "localhost:3001" looks like a scheme to a URL parser; it is a host and port.
    const local = await runReviewCli(["localhost:3001/mcp"]);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain("has no scheme: add http:// or https://");
    expect(local.stderr).toContain("http://localhost:3001/mcp");
  });

  it("exits 1 when an item fails (a view served as plain text/html)", async () => {
    const result = await runReviewCli([
      "--stdio",
      `${TSX} ${SERVE} content/scenarios/mime-plain-text-html.json --era dual`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^FAIL {2}Content mimeType is exactly text\/html;profile=mcp-app/m,
    );
  });

  it("exits 2 with a reason for bad usage and for an unreachable server", async () => {
    expect((await runReviewCli([])).code).toBe(2);
    expect((await runReviewCli(["ftp://x"])).stderr).toMatch(/not an http\(s\) URL/);
    expect((await runReviewCli(["--stdio"])).stderr).toMatch(/--stdio needs a command/);
    const down = await runReviewCli([`http://127.0.0.1:${BASE_PORT + 4}/mcp`, "--timeout", "5000"]);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/Could not review .*Could not reach the server/);
  });
});
