/**
 * reviewInBrowser in Node, with the fetch a browser would use replaced by a real SDK server's
 * fetch handler (no sockets; Node has no CORS, so the CORS cases are in e2e/review.spec.ts).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { httpServer, TEST_URL, type InProcessServer } from "../host/test-servers";
import { HEADLESS_VIEWS } from "../simulator/run";
import { parseScenario, resolvePorts } from "../simulator/scenario";
import { createServerFactory } from "../simulator/server";
import { reviewInBrowser } from "./browser";
import { HAPPY_PATH_MODERN_ONLY_EXPECTED, IN_PROCESS_VIEW } from "./expected-fixtures";
import { formatReportMarkdown } from "./report-format";
import type { CollectStep } from "./steps";

const servers: InProcessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

function happyPath(era: "modern" | "dual") {
  const s = resolvePorts(
    parseScenario(readFileSync("content/scenarios/happy-path.json", "utf8"), "happy-path"),
    4000,
  );
  const server = httpServer(createServerFactory(s, "main", HEADLESS_VIEWS), era);
  servers.push(server);
  return server;
}

const asFetch =
  (handle: (r: Request) => Promise<Response>): typeof fetch =>
  (input, init) =>
    handle(new Request(input instanceof URL ? input.href : input, init));

describe("reviewInBrowser", () => {
  it("gives the CLI's report and JSON, telling each step as it starts, and sends the token as a header", async () => {
    const server = happyPath("modern");
    const auth: (string | null)[] = [];
    const steps: CollectStep[] = [];
    const result = await reviewInBrowser({
      url: TEST_URL,
      token: " t0ken ",
      appOrigin: "http://localhost:3000",
      onStep: (s) => steps.push(s),
      fetch: asFetch((r) => {
        auth.push(r.headers.get("authorization"));
        return server.handle!(r);
      }),
    });
    if (!result.ok) throw new Error(result.problem.message);
    expect(Object.fromEntries(result.report.items.map((i) => [i.id, i.status]))).toEqual({
      ...HAPPY_PATH_MODERN_ONLY_EXPECTED,
      ...IN_PROCESS_VIEW,
    });
    expect(result.report.counts).toEqual({ pass: 33, fail: 0, warning: 4, "not-checkable": 3 });
    expect(steps).toEqual(["connect", "inspect", "other-era", "probes", "undeclared"]);
    expect(result.json).toBe(JSON.stringify(result.report, null, 2));
    expect(result.markdown).toBe(formatReportMarkdown(result.report, "http://localhost:3000"));
    expect(auth.length).toBeGreaterThan(3);
    expect(auth.every((a) => a === "Bearer t0ken")).toBe(true);
  });

  it("an HTTP 401 becomes an http-status problem that points at the token", async () => {
    const result = await reviewInBrowser({
      url: TEST_URL,
      appOrigin: "http://localhost:3000",
      fetch: async () => new Response("unauthorized", { status: 401 }),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ kind: "http-status", status: 401 });
    expect(result.problem.fixes[0]).toMatch(/token field/);
  });

  it("a web page instead of an endpoint is 'not an MCP server'", async () => {
    const result = await reviewInBrowser({
      url: TEST_URL,
      appOrigin: "http://localhost:3000",
      fetch: async () =>
        new Response("<!doctype html><title>hi</title>", {
          status: 200,
          headers: { "content-type": "text/html" },
        }),
    });
    expect(result.ok ? "ok" : result.problem.kind).toBe("not-mcp");
  });

  it("a server that never answers times out, with the time waited", async () => {
    const result = await reviewInBrowser({
      url: TEST_URL,
      appOrigin: "http://localhost:3000",
      timeoutMs: 300,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        ),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.kind).toBe("timeout");
    expect(result.problem.waitedMs).toBeGreaterThanOrEqual(290);
  });

  it("nothing listening is a network problem", async () => {
    const result = await reviewInBrowser({
      url: "http://127.0.0.1:9/mcp",
      appOrigin: "http://localhost:3000",
      timeoutMs: 5000,
    });
    expect(result.ok ? "ok" : result.problem.kind).toBe("network");
  });
});
