/**
 * Core 2026-07-28 requirements the review checks on a server from outside (content/spec/core.json):
 * a request for an unsupported version (versioning line 50), a request missing a required `_meta`
 * key (basic/index line 380), the advertised extension identifiers (versioning line 86, basic/index
 * lines 334-336) and the tool names (server/tools lines 311-316). Each server is a real SDK server;
 * a broken one is the same server behind a front that answers one request the wrong way.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import type { TransportFactory } from "../host";
import { META_PROTOCOL_VERSION, UNSUPPORTED_VERSION } from "../decide/ids";
import {
  httpServer,
  stdioServer,
  TEST_URL,
  type InProcessServer,
  type TestServerEra,
} from "../host/test-servers";
import { asRecord } from "../host/wire";
import { collectReview } from "./collect";
import { buildReport, type Report, type ReportItem } from "./report";
import { formatReport } from "./report-format";

const servers: InProcessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

interface Planted {
  tools?: Record<string, unknown>[];
  extensions?: Record<string, unknown>;
}

function planted(p: Planted = {}) {
  return () => {
    const s = new McpServer(
      { name: "planted", version: "1.0.0" },
      {
        capabilities: {
          tools: {},
          ...(p.extensions ? { extensions: p.extensions } : {}),
        } as never,
      },
    );
    s.server.setRequestHandler("tools/list", async () => ({ tools: (p.tools ?? []) as never }));
    return s;
  };
}

/** The review's raw probe requests, by the version their `_meta` names. */
const names = (m: JSONRPCMessage, version: string | undefined, withCaps: boolean) => {
  const meta = asRecord(asRecord((m as { params?: unknown }).params)?._meta);
  return (
    "id" in m &&
    meta !== undefined &&
    (version === undefined || meta[META_PROTOCOL_VERSION] === version) &&
    "io.modelcontextprotocol/clientCapabilities" in meta === withCaps
  );
};

/** The server behind a front that answers the messages `match` picks with `answer` instead. */
function fronted(
  inner: TransportFactory,
  match: (m: JSONRPCMessage) => boolean,
  answer: (id: unknown) => Record<string, unknown>,
): TransportFactory {
  return (wire) => {
    const t = inner(wire);
    const send = t.send.bind(t);
    t.send = async (m, options) => {
      if (!match(m)) return send(m, options);
      const id = (m as { id?: unknown }).id;
      queueMicrotask(() => t.onmessage?.({ jsonrpc: "2.0", id, ...answer(id) } as never));
    };
    return t;
  };
}

async function review(
  p: Planted,
  era: TestServerEra,
  transport: "stdio" | "http" = "stdio",
  front?: (f: TransportFactory) => TransportFactory,
): Promise<Report> {
  const server = transport === "http" ? httpServer(planted(p), era) : stdioServer(planted(p), era);
  servers.push(server);
  const input = await collectReview({
    target: transport === "http" ? TEST_URL : "in-process",
    transport,
    factory: front ? front(server.transport) : server.transport,
    key: `core-${Math.random()}`,
  });
  return buildReport(input);
}

const item = (r: Report, id: string): ReportItem => {
  const found = r.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id} in ${r.items.map((i) => i.id).join(", ")}`);
  return found;
};

describe("a request for an unsupported protocol version (core versioning line 50)", () => {
  it("passes when a modern SDK server answers a 1900-01-01 request with -32022 listing 2026-07-28 in data.supported, on stdio and HTTP", async () => {
    for (const transport of ["stdio", "http"] as const) {
      const i = item(await review({}, "dual", transport), "unsupported-version");
      expect(i.status, transport).toBe("pass");
      expect(i.evidence).toContain("-32022");
      expect(i.evidence).toContain('"supported":["2026-07-28"]');
      expect(i.ruleIds).toEqual(["NEG-6"]);
    }
  });

  it("fails when the server answers a request naming 1900-01-01 with a result", async () => {
    const r = await review({}, "modern", "stdio", (f) =>
      fronted(
        f,
        (m) => names(m, UNSUPPORTED_VERSION, true),
        () => ({ result: { tools: [] } }),
      ),
    );
    const i = item(r, "unsupported-version");
    expect(i.status).toBe("fail");
    expect(i.evidence).toContain("a result, not an error");
    expect(i.evidence).toContain("1900-01-01");
  });

  it("fails when the -32022 error has no data.supported", async () => {
    const r = await review({}, "modern", "stdio", (f) =>
      fronted(
        f,
        (m) => names(m, UNSUPPORTED_VERSION, true),
        () => ({ error: { code: -32022, message: "Unsupported protocol version" } }),
      ),
    );
    const i = item(r, "unsupported-version");
    expect(i.status).toBe("fail");
    expect(i.evidence).toContain("data.supported is missing");
  });

  it("is not checkable on a legacy-only server, whose requests name no version", async () => {
    const r = await review({}, "legacy");
    const i = item(r, "unsupported-version");
    expect(i.status).toBe("not-checkable");
    expect(i.evidence).toMatch(/legacy era/);
    expect(r.items.some((x) => x.id === "missing-meta")).toBe(false);
  });
});

describe("a request missing the clientCapabilities _meta key (core basic/index line 380)", () => {
  it("passes when a modern SDK server answers it with -32602, on stdio and HTTP", async () => {
    for (const transport of ["stdio", "http"] as const) {
      const i = item(await review({}, "modern", transport), "missing-meta");
      expect(i.status, transport).toBe("pass");
      expect(i.evidence).toContain('"code":-32602');
      expect(i.ruleIds).toEqual(["NEG-2"]);
    }
  });

  it("fails when the server serves the request anyway", async () => {
    const r = await review({}, "modern", "stdio", (f) =>
      fronted(
        f,
        (m) => names(m, "2026-07-28", false),
        () => ({ result: { tools: [] } }),
      ),
    );
    const i = item(r, "missing-meta");
    expect(i.status).toBe("fail");
    expect(i.evidence).toContain("a result, not an error");
    expect(i.evidence).toContain("-32602");
  });
});

describe("advertised extension identifiers (core versioning line 86, basic/index lines 334-336)", () => {
  it("passes for io.modelcontextprotocol/ui and com.example/audit, in server/discover and in initialize", async () => {
    const extensions = { "io.modelcontextprotocol/ui": {}, "com.example/audit": {} };
    for (const era of ["modern", "legacy"] as const) {
      const i = item(await review({ extensions }, era), "extension-ids");
      expect(i.status, era).toBe("pass");
      expect(i.evidence).toContain('"com.example/audit"');
      expect(i.evidence).toContain(era === "modern" ? "server/discover" : "initialize");
      expect(i.ruleIds).toEqual([]);
    }
  });

  it("fails for an identifier without a prefix or with a label that starts with a digit, as sent", async () => {
    const r = await review({ extensions: { audit: {}, "1acme.com/x": {} } }, "modern");
    const i = item(r, "extension-ids");
    expect(i.status).toBe("fail");
    expect(i.evidence).toContain('"audit" has no prefix');
    expect(i.evidence).toContain('"1acme"');
  });

  it("warns for a prefix in forward DNS order (example.com/), naming the reverse", async () => {
    const r = await review({ extensions: { "example.com/audit": {} } }, "legacy");
    const i = item(r, "extension-ids");
    expect(i.status).toBe("warning");
    expect(i.evidence).toContain('"com.example/"');
  });
});

describe("tool names (core server/tools lines 311-316)", () => {
  const tool = (name: string) => ({ name, inputSchema: { type: "object" } });

  it("passes for getUser, DATA_EXPORT_v2 and admin.tools.list", async () => {
    const r = await review(
      { tools: ["getUser", "DATA_EXPORT_v2", "admin.tools.list"].map(tool) },
      "modern",
    );
    // TOOL-8 holds the core's tool-name SHOULDs (added to the rules reference in round 4).
    expect(item(r, "tool-names")).toMatchObject({ status: "pass", ruleIds: ["TOOL-8"] });
    expect(formatReport(r)).toMatch(
      /^PASS {2}Tool names use only letters, digits, _, - and \. \(1 to 128 characters\)/m,
    );
  });

  it("warns for each name with a space, a comma, a hidden bidi override or over 128 characters, quoted visibly", async () => {
    const long = "a".repeat(129);
    const r = await review(
      { tools: ["get time", "a,b", "noitca\u202Eppa", long, "fine_name"].map(tool) },
      "legacy",
    );
    const i = item(r, "tool-names");
    expect(i.status).toBe("warning");
    expect(i.evidence).toContain('"get time" uses ⟨U+0020⟩');
    expect(i.evidence).toContain('"a,b" uses ⟨U+002C⟩');
    expect(i.evidence).toContain('"noitca⟨U+202E⟩ppa" uses ⟨U+202E⟩');
    expect(i.evidence).toContain("129 characters long");
    expect(i.evidence).not.toContain("fine_name");
    expect(i.evidence).not.toContain("\u202E");
    expect(formatReport(r)).not.toContain("\u202E");
  });
});
