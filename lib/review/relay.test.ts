import { afterEach, describe, expect, it } from "vitest";
import { runReviewCli } from "./cli";
import type { Report } from "./report";
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, MODERN_VERSION } from "../host";
import { startRelay, type Relay } from "../host/relay";

const APP = "http://localhost:3000";
const BASIC =
  "node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js --stdio";
const MODERN = `${process.execPath} --import tsx scripts/serve-scenario.ts content/scenarios/happy-path.json --era modern`;

const relays: Relay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function relay(command: string) {
  const notes: string[] = [];
  const r = await startRelay({ command, allowOrigin: APP, onNote: (n) => notes.push(n) });
  relays.push(r);
  return { relay: r, notes };
}

/**
 * The report without what names the way it was reached: the direct review's stdout item (what the
 * process wrote besides messages) has no counterpart over HTTP, so it is left out and the rest
 * recounted.
 */
function items(stdout: string) {
  const report = JSON.parse(stdout) as Report;
  const kept = report.items.filter((i) => i.id !== "stdout-json-only");
  const counts = { pass: 0, fail: 0, warning: 0, "not-checkable": 0 };
  for (const i of kept) counts[i.status]++;
  return { era: report.era, server: report.server, counts, items: kept };
}

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the local relay (a stdio server over Streamable HTTP, for the review page)", () => {
  it("a legacy stdio server reviewed through the relay gets the same report as reviewed directly, and its processes end with the relay", async () => {
    const { relay: r, notes } = await relay(BASIC);
    const [direct, relayed] = await Promise.all([
      runReviewCli(["--stdio", BASIC, "--json"]),
      runReviewCli([r.url, "--json"]),
    ]);
    expect(relayed.stderr).toBe("");
    expect(items(relayed.stdout)).toEqual(items(direct.stdout));
    expect(JSON.parse(relayed.stdout).era).toBe("legacy");
    // One process per legacy session, as a stdio host starts one per connection.
    expect(notes.some((n) => /^session .* started a server process$/.test(n))).toBe(true);
    const pids = r.processes.records.map((p) => p.pid);
    expect(pids.length).toBeGreaterThan(0);
    await r.close();
    relays.length = 0;
    expect(pids.filter(alive)).toEqual([]);
  }, 60_000);

  it("a 2026-07-28 stdio server is reached without a session, and every tool's items match the direct review", async () => {
    const { relay: r } = await relay(MODERN);
    const relayed = await runReviewCli([r.url, "--json"]);
    const direct = await runReviewCli(["--stdio", MODERN, "--json"]);
    const perTool = (stdout: string) => (JSON.parse(stdout) as Report).items.filter((i) => i.tool);
    expect(JSON.parse(relayed.stdout).era).toBe("modern");
    expect(perTool(relayed.stdout).length).toBeGreaterThan(10);
    // The protocol probes differ by design: the direct review sends each on a process of its own,
    // the relay on its one shared process (see relay.ts).
    expect(perTool(relayed.stdout)).toEqual(perTool(direct.stdout));
  }, 60_000);

  it("answers CORS for the academy's origin only, refuses GET (no event stream) and names a body that is not JSON", async () => {
    const { relay: r } = await relay(BASIC);
    const ours = await fetch(r.url, { method: "OPTIONS", headers: { origin: APP } });
    expect(ours.status).toBe(204);
    expect(ours.headers.get("access-control-allow-origin")).toBe(APP);
    expect(ours.headers.get("access-control-expose-headers")).toContain("mcp-session-id");
    const theirs = await fetch(r.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example" },
    });
    expect(theirs.headers.get("access-control-allow-origin")).toBeNull();
    expect((await fetch(r.url)).status).toBe(405);
    const bad = await fetch(r.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: -32700, message: "the body is not JSON" },
    });
  }, 30_000);

  it("two clients using the same request id each get their own answer", async () => {
    const { relay: r } = await relay(MODERN);
    const ask = (meta: Record<string, unknown>) =>
      fetch(r.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "server/discover",
          params: { _meta: meta },
        }),
      }).then((res) => res.json() as Promise<Record<string, unknown>>);
    const version = { [META_PROTOCOL_VERSION]: MODERN_VERSION };
    const [good, bad] = await Promise.all([
      ask({ ...version, [META_CLIENT_CAPABILITIES]: {} }),
      ask(version),
    ]);
    expect(good).toMatchObject({ id: 1, result: { supportedVersions: [MODERN_VERSION] } });
    expect(bad).toMatchObject({ id: 1, error: { code: -32602 } });
  }, 30_000);
});
