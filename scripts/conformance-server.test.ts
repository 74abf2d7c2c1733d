/**
 * scripts/conformance-server.ts as the README tells people to run it: the real process, over stdio
 * or HTTP, loaded by the project's own host connection. The one-run mode (--once) is driven by the
 * kit's headless test host (lib/conformance/fixtures/test-host.ts): a conforming run exits 0, a
 * planted MUST fault exits 1 with a report to send upstream, no run exits 2. And what issue #39
 * asked of it: CORS for allowed origins only, a report written only with its run's token, probe
 * listeners that know which origin they are, and no control characters on the operator's terminal.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { connectServer, eraKeyForCommand, eraKeyForUrl, HOST_INFO } from "../lib/host";
import { httpTransport } from "../lib/host/http";
import { StdioProcesses, stdioTransport } from "../lib/host/stdio";
import { runTestHost, type HostFaults } from "../lib/conformance/fixtures/test-host";
import { judgeProbes, TOOLS, VIEW_URI, type ConformanceReport } from "../lib/conformance/probes";

const TSX = "node_modules/.bin/tsx";
const SCRIPT = "scripts/conformance-server.ts";
const tmp = mkdtempSync(path.join(tmpdir(), "conformance-server-test-"));

/** Every server this file started, ended after each test whatever happened. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** The server as a child process (node itself, so killing it ends it), stderr collected. */
function start(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  started.push(child);
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += String(c)));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, stderr: () => stderr, exited };
}

/** The MCP endpoint an HTTP server started with `--http 0` says it listens on. */
async function endpoint(s: ReturnType<typeof start>): Promise<string> {
  await expect
    .poll(s.stderr, { timeout: 60_000 })
    .toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
  return /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(s.stderr())![1]!;
}

/** One raw HTTP request with the headers a browser page would send (fetch may not set Origin). */
function raw(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The test host's probe requests, over the network to the server's real listeners. */
const overHttp = async (url: string) => ({
  status: (await fetch(url, { method: "POST", cache: "no-store" })).status,
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("scripts/conformance-server.ts", { timeout: 120_000 }, () => {
  it("exits 2 with the usage on stderr for bad flags: no mode, --once without --out, an --out that is neither .json nor .md, a --timeout that is no number of seconds", async () => {
    const runs = [
      [],
      ["--stdio", "--once"],
      ["--stdio", "--once", "--out", "report.txt"],
      ["--stdio", "--once", "--out", "r.json", "--timeout", "soon"],
      ["--http", "0", "--allow-origin", "not an origin"],
    ].map((args) => start(args));
    for (const r of runs) {
      expect(await r.exited).toBe(2);
      expect(r.stderr()).toContain("usage: npm run conformance-server");
    }
    const usage = runs[0]!.stderr();
    for (const flag of ["--once", "--out", "--timeout", "--allow-origin", "--negative-control"])
      expect(usage).toContain(flag);
    expect(usage).not.toMatch(/on any host/);
  });

  // The legacy era is covered in process (lib/conformance); one real process is enough here.
  it("over stdio a modern host reads the bundled view, each probe listener records the origin it is whatever the query says, a report needs its run's token, and stderr carries no control characters from it", async () => {
    let stderr = "";
    const command = `${TSX} ${SCRIPT} --stdio`;
    const conn = await connectServer({
      clientEra: "modern",
      key: eraKeyForCommand(command),
      transport: stdioTransport(command, { onStderr: (t) => (stderr += t) }),
      timeoutMs: 30_000,
    });
    try {
      expect(conn.era).toBe("modern");
      const read = await conn.client.readResource({ uri: VIEW_URI });
      const html = (read.contents[0] as { text: string }).text;
      expect(html).toContain("ui/initialize");
      const config = JSON.parse(
        /<script type="application\/json" id="conformance-config">([\s\S]*?)<\/script>/.exec(
          html,
        )![1]!,
      ) as { origins: { declared: string; undeclared: string } };
      expect(config.origins.declared).not.toBe(config.origins.undeclared);
      const call = async (name: string, args: Record<string, unknown>) =>
        (await conn.client.callTool({ name, arguments: args })) as CallToolResult;
      const { run, reportToken } = (await call(TOOLS.run, {})).structuredContent as {
        run: string;
        reportToken: string;
      };
      // Each listener is one origin: a query claiming the other is not believed.
      for (const [origin, claim] of [
        [config.origins.declared, "undeclared"],
        [config.origins.undeclared, "declared"],
      ] as const) {
        const res = await fetch(`${origin}/probe/csp?run=${run}&via=${claim}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
      }
      const seen = (await call(TOOLS.ping, { run })).structuredContent as { hits: string[] };
      expect(seen.hits).toEqual(["declared", "undeclared"]);

      const results = judgeProbes({ inbound: [] });
      results[0] = {
        ...results[0]!,
        evidence:
          "title \u001b]0;owned\u0007 red \u001b[31m csi \u009b31m bell \u0007 del \u007f end",
      };
      const report: ConformanceReport = {
        run,
        finishedAt: new Date(0).toISOString(),
        host: { name: "cli-test\u001b[2J", version: "1\u009b" },
        results,
      };
      // Without the run's token (or with another's) nobody can store a report for it.
      expect((await call(TOOLS.report, { report })).isError).toBe(true);
      expect((await call(TOOLS.report, { report, token: "guessed" })).isError).toBe(true);
      expect((await call(TOOLS.report, { report, token: reportToken })).isError).toBeFalsy();
      await expect.poll(() => stderr).toContain("## MCP Apps host conformance: cli-test");
      const json = stderr.split("\n").find((l) => l.startsWith('{"conformanceReport"'));
      expect(JSON.parse(json!).conformanceReport.run).toBe(run);
      expect(stderr).toContain("title ]0;owned red [31m csi 31m bell  del  end");
      expect(stderr).not.toMatch(CONTROL);
    } finally {
      await conn.close();
    }
  });

  it("--once over HTTP: a foreign page gets 403 and no CORS, an allowed origin gets its own back, and a run with no MUST row failed writes a Markdown report naming the host and exits 0", async () => {
    const out = path.join(tmp, "pass.md");
    const s = start(["--http", "0", "--once", "--out", out, "--allow-origin", "http://host.test"]);
    const url = await endpoint(s);
    const preflight = (origin: string) =>
      raw(url, "OPTIONS", {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      });
    const foreign = await preflight("http://evil.test");
    expect(foreign.status).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    // A forged report cannot even be posted from a page elsewhere (the academy's default is off too).
    const post = (origin: string) =>
      raw(
        url,
        "POST",
        {
          origin,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      );
    expect((await post("http://evil.test")).status).toBe(403);
    expect((await post("http://localhost:3000")).status).toBe(403);
    const allowed = await preflight("http://host.test");
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://host.test");

    const conn = await connectServer({
      clientEra: "modern",
      key: eraKeyForUrl(url),
      transport: httpTransport(url),
      timeoutMs: 30_000,
    });
    try {
      await runTestHost({ conn, probe: overHttp });
    } finally {
      await conn.close();
    }
    expect(await s.exited).toBe(0);
    const md = readFileSync(out, "utf8");
    expect(md).toContain(`## MCP Apps host conformance: ${HOST_INFO.name} ${HOST_INFO.version}`);
    expect(md).toMatch(/MUST: \d+ PASS, 0 FAIL/);
    expect(md).toContain("| lifecycle/teardown-notify | PASS | MUST |");
    expect(md).toContain("MUST rows NOT OBSERVABLE");
    expect(md).not.toContain("Report this upstream");
    expect(s.stderr()).toContain(`report written to ${out}`);
  });

  it("--once over stdio: a host that forwards a model-only call fails a MUST row, so it exits 1 and the JSON report carries a report-this-upstream text with the spec line, the evidence and the steps", async () => {
    const out = path.join(tmp, "fail.json");
    const processes = new StdioProcesses();
    const command = `${TSX} ${SCRIPT} --stdio --once --out ${out}`;
    const conn = await connectServer({
      clientEra: "modern",
      key: eraKeyForCommand(command),
      transport: stdioTransport(command, { processes }),
      timeoutMs: 30_000,
    });
    const faults: HostFaults = { forwardModelOnly: true };
    try {
      await runTestHost({ conn, probe: overHttp, faults });
      await expect.poll(() => processes.lastExited()?.exit?.code, { timeout: 30_000 }).toBe(1);
    } finally {
      await conn.close();
      await processes.stopAll();
    }
    const file = JSON.parse(readFileSync(out, "utf8")) as {
      host: { name: string; version: string };
      exitCode: number;
      mustFailed: string[];
      upstream: { row: string; text: string }[];
    };
    expect(file.host).toMatchObject({ name: HOST_INFO.name, version: HOST_INFO.version });
    expect(file.exitCode).toBe(1);
    expect(file.mustFailed).toEqual(["visibility/app-tool-call-guard"]);
    const text = file.upstream.find((u) => u.row === "visibility/app-tool-call-guard")!.text;
    expect(text).toContain("line 401");
    expect(text).toContain("specification/2026-01-26/apps.mdx#L401");
    expect(text).toContain("reached the server");
    expect(text).toContain("Steps");
    expect(text).toContain(TOOLS.run);
  });

  it("--once exits 2 when no view reports within --timeout, and writes no report", async () => {
    const out = path.join(tmp, "none.json");
    const s = start(["--http", "0", "--once", "--out", out, "--timeout", "1"]);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toContain("no run");
    expect(existsSync(out)).toBe(false);
  });
});
