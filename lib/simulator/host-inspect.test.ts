import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { HEADLESS_VIEWS } from "./run";
import { parseScenario, resolvePorts } from "./scenario";
import { createServerFactory } from "./server";
import { connectServer, PROFILE_MIME, type HostConnection } from "../host/connect";
import type { ClientEra } from "../host/era";
import { inspectServer, toolResourceUri } from "../host/inspect";
import { stdioServer, type InProcessServer, type TestServerEra } from "../host/test-servers";

function factoryFor(preset: string) {
  const s = resolvePorts(
    parseScenario(readFileSync(`content/scenarios/${preset}.json`, "utf8"), preset),
    4000,
  );
  return createServerFactory(s, "main", HEADLESS_VIEWS);
}

const open: { server?: InProcessServer; conn?: HostConnection }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.conn?.close().catch(() => {});
    await o.server?.close();
  }
});

async function review(
  factory: () => McpServer,
  serverEra: TestServerEra,
  clientEra: ClientEra,
  capabilities?: Record<string, unknown>,
) {
  const server = stdioServer(factory, serverEra);
  open.push({ server });
  const conn = await connectServer({
    clientEra,
    transport: server.transport,
    key: "test",
    ...(capabilities ? { capabilities } : {}),
  });
  open.push({ conn });
  return inspectServer(conn);
}

const verdicts = (r: Awaited<ReturnType<typeof review>>, tool = 0) =>
  Object.fromEntries(r.uiTools[tool]!.decision.rows.map((x) => [x.row, x.verdict]));

describe("inspectServer", () => {
  it("modern: judges negotiation by NEG-2..4 from the wire and keeps the RES-5 hints", async () => {
    const r = await review(factoryFor("happy-path"), "modern", "dual");
    expect(r.era).toBe("modern");
    expect(r.tools.map((t) => t.name)).toEqual(["show_forecast", "refresh_forecast"]);
    expect(r.uiTools.map((t) => t.name)).toEqual(["show_forecast"]);
    const ui = r.uiTools[0]!;
    // registerAppTool fills in the deprecated flat key next to the nested one.
    expect(ui.uriKey).toBe("both");
    expect(ui.negotiation.ruleIds).toEqual(["NEG-2", "NEG-3", "NEG-4"]);
    expect(ui.declaration?.where).toBe("request-meta");
    expect(ui.declaration?.method).toBe("resources/read");
    expect(verdicts(r)).toEqual({
      visibility: "pass",
      negotiation: "pass",
      mime: "pass",
      csp: "pass",
      permissions: "pass",
      "app-call": "skip",
    });
    expect(ui.read.ok && ui.read.hints).toEqual({ ttlMs: 60_000, cacheScope: "private" });
    expect(r.pages).toEqual([
      { method: "tools/list", hints: { ttlMs: 0, cacheScope: "private" }, nextCursor: false },
      { method: "resources/list", hints: { ttlMs: 0, cacheScope: "private" }, nextCursor: false },
    ]);
    expect(r.discover?.supportedVersions).toEqual(["2026-07-28"]);
    expect(r.discover?.hints).toEqual({ ttlMs: 0, cacheScope: "private" });
  });

  it("legacy: judges negotiation by the initialize declaration and the tool's view (NEG-5, NEG-6)", async () => {
    const r = await review(factoryFor("happy-path"), "legacy", "dual");
    expect(r.era).toBe("legacy");
    const ui = r.uiTools[0]!;
    expect(ui.declaration?.where).toBe("initialize");
    expect(ui.negotiation).toMatchObject({ verdict: "pass", ruleIds: ["NEG-5", "NEG-6"] });
    expect(verdicts(r).mime).toBe("pass");
    // No RES-5 hints in the legacy era, and none on the wire.
    expect(r.pages[0]!.hints).toEqual({});
    expect(r.discover).toBeUndefined();
  });

  it("legacy: a client that declared nothing in initialize gets text (NEG-5)", async () => {
    const r = await review(factoryFor("happy-path"), "legacy", "legacy", {});
    expect(r.uiTools[0]!.negotiation).toMatchObject({
      verdict: "fail",
      ruleIds: ["NEG-5", "NEG-6"],
    });
    expect(r.uiTools[0]!.decision.outcome).toBe("text");
  });

  it("modern: a server whose discover lacks the extension fails negotiation (NEG-3)", async () => {
    const r = await review(factoryFor("server-without-extension"), "modern", "modern");
    expect(r.uiTools[0]!.negotiation).toMatchObject({
      verdict: "fail",
      ruleIds: ["NEG-3", "NEG-4"],
    });
  });

  it("the same server seen through legacy passes: no server-side declaration exists there", async () => {
    const r = await review(factoryFor("server-without-extension"), "dual", "legacy");
    expect(r.era).toBe("legacy");
    expect(r.uiTools[0]!.negotiation.verdict).toBe("pass");
  });

  it("reads the view and applies the mime and csp rules to what came back", async () => {
    const mime = await review(factoryFor("mime-plain-text-html"), "modern", "dual");
    expect(verdicts(mime).mime).toBe("fail");
    expect(mime.uiTools[0]!.decision.rows.find((x) => x.row === "mime")?.ruleIds).toEqual([
      "RES-2",
    ]);
    const csp = await review(factoryFor("csp-flat-array"), "modern", "dual");
    expect(csp.uiTools[0]!.decision.csp?.refused[0]?.why).toBe("malformed");
  });

  it("walks every page of tools/list and resources/list", async () => {
    const factory = () => {
      const s = new McpServer(
        { name: "paged", version: "1.0.0" },
        { capabilities: { tools: {}, resources: {} } },
      );
      const tools = ["a", "b", "c"].map((n) => ({
        name: n,
        inputSchema: { type: "object" as const },
        _meta: n === "c" ? { "ui/resourceUri": "ui://paged/c.html" } : {},
      }));
      s.server.setRequestHandler("tools/list", async (req) => {
        const start = Number(req.params?.cursor ?? 0);
        return {
          tools: tools.slice(start, start + 2),
          ...(start + 2 < tools.length ? { nextCursor: String(start + 2) } : {}),
        };
      });
      s.server.setRequestHandler("resources/list", async (req) => {
        const page = req.params?.cursor === "p2" ? 2 : 1;
        return page === 1
          ? { resources: [{ uri: "ui://paged/other.html", name: "other" }], nextCursor: "p2" }
          : { resources: [{ uri: "ui://paged/c.html", name: "c", mimeType: PROFILE_MIME }] };
      });
      s.server.setRequestHandler("resources/read", async () => ({
        contents: [
          {
            uri: "ui://paged/c.html",
            mimeType: PROFILE_MIME,
            text: "<!doctype html><html></html>",
          },
        ],
      }));
      return s;
    };
    const r = await review(factory, "legacy", "dual");
    expect(r.tools.map((t) => t.name)).toEqual(["a", "b", "c"]);
    expect(r.resources.map((x) => x.name)).toEqual(["other", "c"]);
    expect(r.pages.map((p) => [p.method, p.nextCursor])).toEqual([
      ["tools/list", true],
      ["tools/list", false],
      ["resources/list", true],
      ["resources/list", false],
    ]);
    // Found by the deprecated flat key alone, and its listing entry on the second page.
    expect(r.uiTools[0]).toMatchObject({ name: "c", uriKey: "flat" });
    expect(r.uiTools[0]!.listing?.name).toBe("c");
  });
});

describe("toolResourceUri (TOOL-1)", () => {
  const tool = (meta: Record<string, unknown>) => ({
    name: "t",
    inputSchema: { type: "object" as const },
    _meta: meta,
  });
  it("prefers the nested key, reports the flat one, and flags two different URIs", () => {
    expect(toolResourceUri(tool({ ui: { resourceUri: "ui://a" } }))).toEqual({
      uri: "ui://a",
      key: "nested",
    });
    expect(toolResourceUri(tool({ "ui/resourceUri": "ui://a" }))).toEqual({
      uri: "ui://a",
      key: "flat",
    });
    expect(
      toolResourceUri(tool({ ui: { resourceUri: "ui://a" }, "ui/resourceUri": "ui://b" })),
    ).toEqual({
      uri: "ui://a",
      key: "both",
      conflict: { nested: "ui://a", flat: "ui://b" },
    });
    expect(toolResourceUri(tool({ ui: { visibility: ["app"] } }))).toBeUndefined();
  });
});
