import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { HEADLESS_VIEWS } from "./run";
import { parseScenario } from "./scenario";
import { createServerFactory } from "./server";
import {
  APPS_CLIENT_CAPABILITIES,
  connectServer,
  HostConnectError,
  META_CLIENT_CAPABILITIES,
  type HostConnection,
} from "../host/connect";
import { httpTransport } from "../host/http";
import {
  EraCache,
  eraKeyForCommand,
  eraKeyForUrl,
  type ClientEra,
  type ServerEra,
} from "../host/era";
import { ReplayTransport, type Transcript } from "../host/replay";
import { WireLog } from "../host/wire";
import {
  httpServer,
  stdioServer,
  TEST_URL,
  type InProcessServer,
  type TestServerEra,
} from "../host/test-servers";

const scenario = parseScenario(
  readFileSync("content/scenarios/happy-path.json", "utf8"),
  "happy-path.json",
);
const factory = createServerFactory(scenario, "main", HEADLESS_VIEWS);

const open: { server?: InProcessServer; conn?: HostConnection }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.conn?.close().catch(() => {});
    await o.server?.close();
  }
});

function serve(transport: "stdio" | "http", era: TestServerEra): InProcessServer {
  const server = transport === "stdio" ? stdioServer(factory, era) : httpServer(factory, era);
  open.push({ server });
  return server;
}

async function connect(
  server: InProcessServer,
  clientEra: ClientEra,
  cache?: EraCache,
): Promise<HostConnection> {
  const conn = await connectServer({
    clientEra,
    transport: server.transport,
    key: eraKeyForUrl(TEST_URL),
    cache,
    timeoutMs: 5000,
  });
  open.push({ conn });
  return conn;
}

/** The methods of the requests the client put on the wire, in order. */
const sent = (c: HostConnection) => c.wire.requests().map((r) => r.method);

// NEG-6's compatibility matrix, each row on both transports, against real SDK servers.
const WORKS: { client: ClientEra; server: TestServerEra; era: ServerEra; opening: string[] }[] = [
  { client: "modern", server: "modern", era: "modern", opening: ["server/discover"] },
  { client: "modern", server: "dual", era: "modern", opening: ["server/discover"] },
  { client: "dual", server: "modern", era: "modern", opening: ["server/discover"] },
  { client: "dual", server: "dual", era: "modern", opening: ["server/discover"] },
  { client: "dual", server: "legacy", era: "legacy", opening: ["server/discover", "initialize"] },
  { client: "legacy", server: "dual", era: "legacy", opening: ["initialize"] },
  { client: "legacy", server: "legacy", era: "legacy", opening: ["initialize"] },
];

describe.each(["stdio", "http"] as const)("NEG-6 matrix over %s", (transport) => {
  it.each(WORKS)(
    "$client client + $server server works as $era",
    async ({ client, server, era, opening }) => {
      const conn = await connect(serve(transport, server), client);
      expect(conn.era).toBe(era);
      expect(conn.protocolVersion).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
      expect(conn.serverInfo).toEqual({ name: "academy-main", version: "1.0.0" });
      expect(sent(conn)).toEqual(opening);
      const { tools } = await conn.client.listTools();
      expect(tools.map((t) => t.name)).toContain("show_forecast");
      const declaration = conn.declaration();
      if (era === "legacy") {
        // NEG-5: declared once, in initialize; later requests carry no capabilities.
        expect(declaration).toEqual({
          where: "initialize",
          method: "initialize",
          capabilities: APPS_CLIENT_CAPABILITIES,
        });
        expect(conn.wire.requests("tools/list")[0]?.params?._meta).toBeUndefined();
        expect(conn.discover).toBeUndefined();
      } else {
        // NEG-2: declared on every request, tools/list included.
        expect(conn.declaration("tools/list")).toEqual({
          where: "request-meta",
          method: "tools/list",
          capabilities: APPS_CLIENT_CAPABILITIES,
        });
        expect(conn.discover?.supportedVersions).toContain("2026-07-28");
        // NEG-3: the server advertised the extension in server/discover.
        expect(conn.serverCapabilities?.extensions).toEqual({ "io.modelcontextprotocol/ui": {} });
      }
    },
  );

  it("modern client + legacy server fails with an error that names the fix", async () => {
    const err = await connect(serve(transport, "legacy"), "modern").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostConnectError);
    const e = err as HostConnectError;
    expect(e.kind).toBe("era-mismatch");
    expect(e.ruleIds).toEqual(["NEG-6"]);
    expect(e.message).toMatch(/speaks only the modern era \(2026-07-28\)/);
    expect(e.message).toMatch(/Fix: connect with a dual-era client/);
    // The evidence is what the server answered on this transport.
    expect(e.message).toMatch(
      transport === "stdio"
        ? /server\/discover was answered with error -32601 "Method not found"/
        : /answered with HTTP 400 .*Unsupported protocol version: 2026-07-28/,
    );
  });

  it("legacy client + modern-only server fails with an error that names the fix", async () => {
    const err = await connect(serve(transport, "modern"), "legacy").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostConnectError);
    const e = err as HostConnectError;
    expect(e.kind).toBe("era-mismatch");
    expect(e.message).toMatch(/initialize was answered with (error -32022|HTTP 400)/);
    expect(e.message).toMatch(/Fix: connect with a modern or dual-era client/);
  });
});

describe("dual-era detection on Streamable HTTP (NEG-6)", () => {
  it("falls back to initialize after a 400 whose body is no modern error", async () => {
    const conn = await connect(serve("http", "legacy"), "dual");
    const [probe] = conn.wire.http();
    expect(probe).toMatchObject({
      method: "POST",
      status: 400,
      headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover" },
    });
    expect(probe?.errorBody).toContain("Unsupported protocol version: 2026-07-28");
    expect(conn.era).toBe("legacy");
  });

  it("stays modern when the modern request succeeds, with the version header on it", async () => {
    const conn = await connect(serve("http", "dual"), "dual");
    expect(conn.wire.http()[0]).toMatchObject({ status: 200 });
    expect(conn.era).toBe("modern");
  });
});

describe("httpTransport", () => {
  it("sends the caller's headers (a bearer token) on every request and records each exchange", async () => {
    const server = serve("http", "dual");
    const seen: (string | null)[] = [];
    const conn = await connectServer({
      clientEra: "dual",
      key: eraKeyForUrl(TEST_URL),
      transport: httpTransport(TEST_URL, {
        headers: { Authorization: "Bearer test-token" },
        fetch: async (input, init) => {
          const request = new Request(input instanceof URL ? input.href : input, init);
          seen.push(request.headers.get("authorization"));
          return server.handle!(request);
        },
      }),
    });
    open.push({ conn });
    await conn.client.listTools();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(["Bearer test-token"]));
    expect(conn.wire.http().map((h) => h.headers["mcp-method"])).toEqual([
      "server/discover",
      "tools/list",
    ]);
  });
});

describe("era cache (NEG-6: per origin or command)", () => {
  it("keys HTTP servers by origin and stdio servers by command", () => {
    expect(eraKeyForUrl("http://a.test:8080/mcp")).toBe(eraKeyForUrl("http://a.test:8080/other"));
    expect(eraKeyForUrl("http://a.test:8080/mcp")).not.toBe(eraKeyForUrl("http://a.test:8081/mcp"));
    expect(eraKeyForCommand(" node server.js --stdio ")).toBe("stdio node server.js --stdio");
  });

  it("a dual client reuses a cached legacy verdict: no second probe", async () => {
    const cache = new EraCache();
    const server = serve("stdio", "legacy");
    const first = await connect(server, "dual", cache);
    expect(first.eraSource).toBe("probe");
    expect(cache.get(eraKeyForUrl(TEST_URL))?.era).toBe("legacy");
    const second = await connect(server, "dual", cache);
    expect(second.eraSource).toBe("cache");
    expect(sent(second)).toEqual(["initialize"]);
  });

  it("a dual client adopts a cached modern verdict while discover is fresh: zero round trips", async () => {
    const cache = new EraCache();
    const server = serve("http", "modern");
    const first = await connect(server, "dual", cache);
    // The SDK server sends ttlMs 0 by default; a server that promises a minute is modelled here.
    cache.set(eraKeyForUrl(TEST_URL), "modern", { ...first.discover!, ttlMs: 60_000 });
    const second = await connect(server, "dual", cache);
    expect(second.eraSource).toBe("cache");
    expect(second.era).toBe("modern");
    expect(sent(second)).toEqual([]);
    await second.client.listTools();
    expect(second.declaration("tools/list")?.capabilities).toEqual(APPS_CLIENT_CAPABILITIES);
  });

  it("a cached modern verdict whose discover result is stale (ttlMs 0) is probed again", async () => {
    const cache = new EraCache();
    const server = serve("http", "modern");
    const first = await connect(server, "dual", cache);
    expect(first.discover?.ttlMs).toBe(0);
    const second = await connect(server, "dual", cache);
    expect(second.eraSource).toBe("probe");
    expect(sent(second)).toEqual(["server/discover"]);
  });

  it("re-probes when a cached legacy verdict no longer holds (the server went modern-only)", async () => {
    const cache = new EraCache();
    cache.set(eraKeyForUrl(TEST_URL), "legacy");
    const conn = await connect(serve("http", "modern"), "dual", cache);
    expect(conn.era).toBe("modern");
    expect(conn.eraSource).toBe("probe");
    expect(sent(conn)).toEqual(["server/discover"]);
    expect(cache.get(eraKeyForUrl(TEST_URL))?.era).toBe("modern");
  });

  it("a legacy verdict expires, since an upgraded server would still answer initialize", () => {
    let now = 0;
    const cache = new EraCache(() => now, 1000);
    cache.set("k", "legacy");
    now = 999;
    expect(cache.get("k")?.era).toBe("legacy");
    now = 1001;
    expect(cache.get("k")).toBeUndefined();
  });

  it("modern and legacy clients never consult the cache", async () => {
    const cache = new EraCache();
    cache.set(eraKeyForUrl(TEST_URL), "legacy");
    const conn = await connect(serve("http", "modern"), "modern", cache);
    expect(conn.eraSource).toBe("pinned");
    expect(conn.era).toBe("modern");
  });
});

describe("declaration read from the wire", () => {
  it("under modern, tools/call carries the client capabilities in its own _meta", async () => {
    const conn = await connect(serve("stdio", "modern"), "modern");
    await conn.client.callTool({ name: "show_forecast", arguments: {} });
    const [call] = conn.wire.requests("tools/call");
    expect((call?.params?._meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES]).toEqual(
      APPS_CLIENT_CAPABILITIES,
    );
    expect(conn.declaration("tools/call")?.where).toBe("request-meta");
  });

  // Apps line 1522: the extension's settings hold mimeTypes, REQUIRED (issue #34).
  it("the host's Apps declaration carries the REQUIRED mimeTypes setting, with the profile type, in initialize, and every modern request carries the protocol version and capabilities", async () => {
    const legacy = await connect(serve("stdio", "legacy"), "legacy");
    const init = legacy.wire.requests("initialize").at(-1);
    const ext = (caps: unknown) =>
      (caps as { extensions?: Record<string, { mimeTypes?: unknown }> } | undefined)?.extensions?.[
        "io.modelcontextprotocol/ui"
      ];
    expect(ext(init?.params?.capabilities)?.mimeTypes).toContain("text/html;profile=mcp-app");
    const modern = await connect(serve("stdio", "modern"), "modern");
    await modern.client.listTools();
    const requests = modern.wire.requests().filter((r) => r.params?._meta !== undefined);
    expect(requests.length).toBeGreaterThan(1);
    for (const r of requests) {
      const caps = (r.params!._meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES];
      expect(ext(caps)?.mimeTypes, r.method).toContain("text/html;profile=mcp-app");
      const meta = r.params!._meta as Record<string, unknown>;
      expect(meta["io.modelcontextprotocol/protocolVersion"], r.method).toBe("2026-07-28");
    }
  });

  // basic/index line 85: an earlier server's result has no resultType; the client reads it as
  // "complete" (NEG-9).
  it("a legacy server's results carry no resultType and the host reads them as complete results", async () => {
    const conn = await connect(serve("stdio", "legacy"), "dual");
    const listed = await conn.client.listTools();
    expect(listed.tools.length).toBeGreaterThan(0);
    const list = conn.wire.requests("tools/list").at(-1)!;
    const answer = conn.wire.responseTo(list.id);
    expect(answer?.result).toBeDefined();
    expect(answer!.result!.resultType).toBeUndefined();
  });

  it("reports an unreachable server as such, not as an era mismatch", async () => {
    const err = await connectServer({
      clientEra: "dual",
      key: "x",
      transport: () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:1");
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
  });
});

function transcript(name: string): Transcript {
  return JSON.parse(readFileSync(`lib/host/transcripts/${name}.json`, "utf8")) as Transcript;
}

async function replay(name: string, clientEra: ClientEra, timeoutMs = 5000) {
  const t = new ReplayTransport(transcript(name));
  const conn = await connectServer({ clientEra, transport: () => t, key: name, timeoutMs });
  open.push({ conn });
  return { conn, t };
}

// Recorded peers: a published package, and servers no SDK in this repo behaves like.
describe("NEG-6 over recorded stdio transcripts", () => {
  it("server-basic-vanillajs 2.0.3: a dual client falls back to initialize on Method not found", async () => {
    const { conn, t } = await replay("server-basic-vanillajs-2.0.3-stdio", "dual");
    expect(conn.era).toBe("legacy");
    expect(conn.serverInfo?.name).toBe("Basic MCP App Server (Vanilla JS)");
    // [SDK] legacy-only and no `extensions` in its capabilities (NEG-6's note).
    expect(conn.serverCapabilities?.extensions).toBeUndefined();
    expect(sent(conn)).toEqual(["server/discover", "initialize"]);
    const { tools } = await conn.client.listTools();
    expect(tools[0]?._meta).toEqual({
      ui: { resourceUri: "ui://get-time/mcp-app.html" },
      "ui/resourceUri": "ui://get-time/mcp-app.html",
    });
    expect(t.unexpected).toEqual([]);
  });

  it("server-basic-vanillajs 2.0.3: a modern client fails and is told to go dual-era", async () => {
    const err = await replay("server-basic-vanillajs-2.0.3-stdio", "modern").catch((e) => e);
    expect((err as HostConnectError).kind).toBe("era-mismatch");
    expect((err as Error).message).toMatch(
      /-32601 "Method not found".*Fix: connect with a dual-era client/,
    );
  });

  it("a legacy server that never answers the probe: on stdio the timeout means legacy", async () => {
    const { conn } = await replay("silent-legacy-stdio", "dual", 300);
    expect(conn.era).toBe("legacy");
    // The probe went out and got no answer; initialize followed on the same pipe.
    expect(sent(conn)).toEqual(["server/discover", "initialize"]);
    expect(conn.wire.responseTo(conn.wire.requests("server/discover")[0]?.id)).toBeUndefined();
  });

  it("a server that answers nothing at all is reported as silent, with the time waited", async () => {
    const silent: Transcript = {
      source: "hand-written: a process that reads stdin and never writes",
      transport: "stdio",
      exchanges: [
        { method: "server/discover", response: null },
        { method: "initialize", response: null },
      ],
    };
    const t = new ReplayTransport(silent);
    const err = await connectServer({
      clientEra: "dual",
      transport: () => t,
      key: "s",
      timeoutMs: 200,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostConnectError);
    expect((err as HostConnectError).kind).toBe("unreachable");
    expect((err as Error).message).toBe(
      "The server never answered server/discover, then initialize within 200 ms. Is the command or URL an MCP server, and is it writing JSON-RPC to stdout?",
    );
  });

  it("a modern server with no version in common: a recognised modern error, so no fallback", async () => {
    const err = await replay("future-only-stdio", "dual").catch((e) => e);
    expect(err).toBeInstanceOf(HostConnectError);
    expect((err as Error).message).toMatch(/supports only 2027-03-01.*no fallback to initialize/);
  });
});

describe("WireLog", () => {
  it("keeps only the latest entries of a long-lived connection", () => {
    const log = new WireLog(3);
    for (let i = 0; i < 5; i++)
      log.add({ dir: "out", message: { jsonrpc: "2.0", id: i, method: "ping" } });
    expect(log.entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(log.requests("ping").map((r) => r.id)).toEqual([2, 3, 4]);
  });
});
