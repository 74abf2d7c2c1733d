import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type Relay, type RelayOptions } from "./relay";

// Issue #39 item 1: the relay ran tools for any page. These tests send what a hostile page (or a
// view that declared the relay in its connectDomains) can send, and read the server's own log to
// show that nothing reached it.
const APP = "http://localhost:3000";
const EVIL = "http://evil.localhost:8999";
const FIXTURE = path.resolve(import.meta.dirname, "fixtures/call-log-stdio-server.mjs");

const relays: Relay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function relay(extra: Partial<RelayOptions> = {}) {
  const log = path.join(mkdtempSync(path.join(tmpdir(), "relay-guard-")), "calls.log");
  const r = await startRelay({
    command: `${process.execPath} ${FIXTURE} --log ${log}`,
    allowOrigin: APP,
    ...extra,
  });
  relays.push(r);
  const calls = () =>
    existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
  return { relay: r, calls };
}

const CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "delete_files", arguments: { path: "/home/learner" } },
});

/** A raw HTTP request, so that headers a browser sets (Host, Origin) can be set exactly. */
function raw(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method ?? "POST", headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          body: Buffer.concat(chunks).toString("utf8"),
          headers: res.headers,
        }),
      );
    });
    req.on("error", reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

describe("the relay refuses everything but the academy page or a holder of its secret", () => {
  it("prints a URL whose path holds a per-start secret, and answers 404 on any other path", async () => {
    const { relay: a, calls } = await relay();
    const { relay: b } = await relay();
    const pathOf = (u: string) => new URL(u).pathname;
    expect(pathOf(a.url)).toMatch(/^\/[A-Za-z0-9_-]{20,}\/mcp$/);
    expect(pathOf(a.url)).not.toBe(pathOf(b.url));
    const origin = new URL(a.url).origin;
    for (const p of ["/mcp", "/", `${pathOf(b.url)}`, `${pathOf(a.url)}x`]) {
      const r = await raw(origin + p, {
        headers: { "content-type": "application/json", origin: APP },
        body: CALL,
      });
      expect(r.status, p).toBe(404);
    }
    expect(calls()).toEqual([]);
  }, 30_000);

  // The four shapes a page on another origin used to reach the server with (issue #39): each sends
  // the headers Chromium gives it. Even with the secret path, none may reach the server.
  const shapes: [string, Record<string, string>][] = [
    [
      "a no-cors fetch (text/plain body)",
      { origin: EVIL, "content-type": "text/plain;charset=UTF-8" },
    ],
    [
      "a text/plain fetch from a loopback IP page",
      { origin: "http://127.0.0.1:8999", "content-type": "text/plain" },
    ],
    ["sendBeacon", { origin: EVIL, "content-type": "text/plain;charset=UTF-8" }],
    ["a form with enctype=text/plain", { origin: EVIL, "content-type": "text/plain" }],
    [
      "a form from a sandboxed page (Origin: null)",
      { origin: "null", "content-type": "text/plain" },
    ],
    [
      "a JSON POST from another origin (after a preflight it would fail)",
      { origin: EVIL, "content-type": "application/json" },
    ],
  ];
  it.each(shapes)(
    "refuses %s, and nothing reaches the server",
    async (_name, headers) => {
      const { relay: r, calls } = await relay();
      const res = await raw(r.url, { headers, body: CALL });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(r.processes.records).toEqual([]);
      expect(calls()).toEqual([]);
    },
    30_000,
  );

  it("names why: a body that is not application/json gets 415, a foreign origin 403", async () => {
    const { relay: r } = await relay();
    const plain = await raw(r.url, { headers: { "content-type": "text/plain" }, body: CALL });
    expect(plain.status).toBe(415);
    expect(plain.body).toMatch(/application\/json/);
    const foreign = await raw(r.url, {
      headers: { origin: EVIL, "content-type": "application/json" },
      body: CALL,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain(EVIL);
  }, 30_000);

  it("refuses a foreign Host header (DNS rebinding) with 421", async () => {
    const { relay: r, calls } = await relay();
    const port = new URL(r.url).port;
    const res = await raw(r.url, {
      headers: { host: `rebind.attacker.example:${port}`, "content-type": "application/json" },
      body: CALL,
    });
    expect(res.status).toBe(421);
    expect(calls()).toEqual([]);
    // The relay's own address, by name or number, is accepted.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const ok = await raw(r.url, {
        headers: { host, "content-type": "application/json", origin: APP },
        body: CALL,
      });
      expect(ok.status, host).toBe(200);
    }
  }, 30_000);

  it("answers 413 to a body over 4 MiB without reading it all, and still serves afterwards", async () => {
    const { relay: r, calls } = await relay();
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20);
    const res = await raw(r.url, {
      headers: { "content-type": "application/json", origin: APP },
      body: big,
    }).catch((e: Error) => ({ status: -1, body: e.message, headers: {} }));
    // The relay may close the connection once it has said 413; either way nothing is relayed.
    expect([413, -1]).toContain(res.status);
    expect(calls()).toEqual([]);
    const after = await raw(r.url, {
      headers: { "content-type": "application/json", origin: APP },
      body: CALL,
    });
    expect(after.status).toBe(200);
  }, 30_000);

  it("starts at most 8 server processes: a flood of initialize POSTs gets 503 beyond that", async () => {
    const { relay: r } = await relay();
    const init = (i: number) =>
      raw(r.url, {
        headers: { "content-type": "application/json", origin: APP },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: i,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "flood", version: "1" },
          },
        }),
      });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => init(i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 503)).toHaveLength(32);
    expect(r.processes.records.length).toBe(8);
    expect(answers.find((a) => a.status === 503)!.body).toMatch(/8 server processes/);
  }, 60_000);

  it("ends a legacy session left idle, and frees its place", async () => {
    const notes: string[] = [];
    const { relay: r } = await relay({
      sessionIdleMs: 300,
      maxProcesses: 1,
      onNote: (n) => notes.push(n),
    });
    const init = () =>
      raw(r.url, {
        headers: { "content-type": "application/json", origin: APP },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
      });
    expect((await init()).status).toBe(200);
    expect((await init()).status).toBe(503);
    await new Promise((res) => setTimeout(res, 1_200));
    expect(notes.some((n) => /idle/.test(n))).toBe(true);
    expect((await init()).status).toBe(200);
  }, 30_000);
});
