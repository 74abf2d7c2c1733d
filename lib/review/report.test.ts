import { existsSync, readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Transport } from "@modelcontextprotocol/client";
import { PROFILE_MIME, type TransportFactory } from "../host";
import { stdioServer, type InProcessServer, type TestServerEra } from "../host/test-servers";
import { RULES } from "../rules/data";
import { HEADLESS_VIEWS } from "../simulator/run";
import { parseScenario, resolvePorts } from "../simulator/scenario";
import { createServerFactory, declaredUiOnRequest } from "../simulator/server";
import { collectReview } from "./collect";
import { HAPPY_PATH_DUAL_EXPECTED, IN_PROCESS_VIEW } from "./expected-fixtures";
import { buildReport, LESSONS, type Report } from "./report";
import { formatReport, formatReportMarkdown } from "./report-format";

const servers: InProcessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

function scenarioFactory(preset: string) {
  const s = resolvePorts(
    parseScenario(readFileSync(`content/scenarios/${preset}.json`, "utf8"), preset),
    4000,
  );
  return createServerFactory(s, "main", HEADLESS_VIEWS);
}

async function reportFor(factory: () => McpServer, era: TestServerEra): Promise<Report> {
  const server = stdioServer(factory, era);
  servers.push(server);
  const input = await collectReview({
    target: "in-process",
    transport: "stdio",
    factory: server.transport,
    key: "in-process",
  });
  return buildReport(input);
}

const statuses = (r: Report) => Object.fromEntries(r.items.map((i) => [i.id, i.status]));

describe("buildReport", () => {
  it("a dual-era server with everything declared: era-aware items, modern only", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "dual");
    expect(r.era).toBe("modern");
    // The modern-only expectations, with the era item passing: this server speaks both eras.
    const expected = { ...HAPPY_PATH_DUAL_EXPECTED, ...IN_PROCESS_VIEW };
    expect(statuses(r)).toEqual(expected);
    expect(r.counts).toEqual({ pass: 33, fail: 0, warning: 3, "not-checkable": 3 });
    // No legacy-only item in a modern review.
    expect(r.items.find((i) => i.id === "initialize-declaration")).toBeUndefined();
  });

  it("the same server legacy-only: no modern-only item, and no item judges the reviewer's own initialize", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "legacy");
    expect(r.era).toBe("legacy");
    const s = statuses(r);
    expect(s.era).toBe("warning");
    // The reviewer's own initialize always declares Apps: an item about it could never fail.
    expect(s["initialize-declaration"]).toBeUndefined();
    // This factory registers its UI tool whoever connects: NEG-5's SHOULD, a warning.
    expect(s["tools-by-declaration"]).toBe("warning");
    for (const modernOnly of [
      "discover-extension",
      "discover-hints",
      "list-hints",
      "read-hints:show_forecast",
    ]) {
      expect(s[modernOnly]).toBeUndefined();
    }
    expect(s["negotiation:show_forecast"]).toBeUndefined();
  });

  it("a modern-only server is a warning for legacy hosts, with the refusal as evidence", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "modern");
    const era = r.items.find((i) => i.id === "era")!;
    expect(era.status).toBe("warning");
    expect(era.evidence).toMatch(/modern only: a legacy client could not connect.*-32022/);
  });

  it("a modern-only server's refusal of initialize names its versions (core: SHOULD)", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "modern");
    const item = r.items.find((i) => i.id === "initialize-refusal")!;
    expect(item.status).toBe("pass");
    expect(item.evidence).toContain("2026-07-28");
    expect(item.ruleIds).toEqual(["NEG-6"]);
    expect(item.source).toBe("core");
  });

  it("warns when a modern-only server refuses initialize without naming a version", async () => {
    // The SDK's modern-only server, with its initialize refusal rewritten to a bare
    // "Method not found" on its way out, as a hand-written server might answer.
    const server = stdioServer(scenarioFactory("happy-path"), "modern");
    servers.push(server);
    const bare: TransportFactory = (wire) => {
      const inner = server.transport(wire);
      const initializeIds = new Set<unknown>();
      const outer: Transport = {
        start: () => inner.start(),
        close: () => inner.close(),
        send: (message, options) => {
          const m = message as { method?: string; id?: unknown };
          if (m.method === "initialize") initializeIds.add(m.id);
          return inner.send(message, options);
        },
      };
      inner.onmessage = (message, extra) => {
        const m = message as { id?: unknown; error?: unknown };
        const bareError = { code: -32601, message: "Method not found" };
        outer.onmessage?.(
          initializeIds.has(m.id) && m.error
            ? { jsonrpc: "2.0", id: m.id as number, error: bareError }
            : message,
          extra,
        );
      };
      inner.onclose = () => outer.onclose?.();
      inner.onerror = (e) => outer.onerror?.(e);
      return outer;
    };
    const input = await collectReview({
      target: "in-process",
      transport: "stdio",
      factory: bare,
      key: "in-process-bare",
    });
    const item = buildReport(input).items.find((i) => i.id === "initialize-refusal")!;
    expect(item.status).toBe("warning");
    expect(item.evidence).toContain("Method not found");
    expect(item.evidence).toMatch(/names none of the versions served \(2026-07-28\)/);
  });

  it("fails what a spec-following host refuses: mime, malformed csp, missing discover extension", async () => {
    const mime = await reportFor(scenarioFactory("mime-plain-text-html"), "modern");
    expect(mime.items.find((i) => i.id === "mime:show_forecast")).toMatchObject({
      status: "fail",
      ruleIds: ["RES-2", "RES-3"],
    });
    expect(mime.counts.fail).toBe(1);
    const csp = await reportFor(scenarioFactory("csp-flat-array"), "modern");
    const cspItem = csp.items.find((i) => i.id.startsWith("csp:"))!;
    expect(cspItem).toMatchObject({ status: "fail", ruleIds: ["CSP-1", "CSP-3"] });
    expect(cspItem.evidence).toMatch(/csp is a flat list/);
    const noExt = await reportFor(scenarioFactory("server-without-extension"), "modern");
    expect(statuses(noExt)["discover-extension"]).toBe("fail");
    expect(noExt.items.find((i) => i.id.startsWith("negotiation:"))?.status).toBe("fail");
  });

  it("titles the csp and permissions items by what was declared, not a shape nobody sent (issue #24)", async () => {
    const omitted = await reportFor(scenarioFactory("csp-omitted-restrictive-default"), "modern");
    const item = (r: Report, prefix: string) => r.items.find((i) => i.id.startsWith(prefix))!;
    expect(item(omitted, "csp:")).toMatchObject({ status: "pass" });
    expect(item(omitted, "csp:").title).toBe(
      "_meta.ui.csp left out: the restrictive default applies",
    );
    expect(item(omitted, "permissions:").title).toBe(
      "_meta.ui.permissions left out: the view asks for no device access",
    );
    const declared = await reportFor(scenarioFactory("csp-all-four-lists"), "modern");
    expect(item(declared, "csp:").title).toBe("_meta.ui.csp is an object of origin lists");
  });

  // Issue #39 (LOW): a static review grants nothing, so its permissions row must not say it did.
  it("says what a view requests, never that something was granted: a review grants nothing (PERM-2)", async () => {
    const r = await reportFor(scenarioFactory("permissions-none-granted"), "modern");
    const perms = r.items.find((i) => i.id.startsWith("permissions:"))!;
    expect(perms.status).toBe("pass");
    expect(perms.evidence).not.toMatch(/\bgranted (camera|microphone|geolocation|clipboardWrite)/);
    expect(perms.evidence).toMatch(/requests (camera|microphone|geolocation|clipboardWrite)/);
    expect(perms.evidence).toMatch(/host decides|each host/);
  });

  it("a flat-key-only tool is a TOOL-1 deprecation warning; a conflicting pair fails; the SDK's default hints pass RES-5", async () => {
    const factory = () => {
      const s = new McpServer(
        { name: "flat", version: "1.0.0" },
        { capabilities: { tools: {}, resources: {} } },
      );
      s.server.setRequestHandler("tools/list", async () => ({
        tools: [
          {
            name: "flat",
            inputSchema: { type: "object" as const },
            _meta: { "ui/resourceUri": "ui://x/a.html" },
          },
          {
            name: "split",
            inputSchema: { type: "object" as const },
            _meta: { ui: { resourceUri: "ui://x/a.html" }, "ui/resourceUri": "ui://x/b.html" },
          },
        ],
      }));
      s.server.setRequestHandler("resources/read", async (req) => ({
        contents: [
          { uri: req.params.uri, mimeType: PROFILE_MIME, text: "<!doctype html><html></html>" },
        ],
      }));
      return s;
    };
    const r = await reportFor(factory, "dual");
    const s = statuses(r);
    expect(s["resource-uri-key:flat"]).toBe("warning");
    expect(s["resource-uri-key:split"]).toBe("fail");
    expect(r.items.find((i) => i.id === "resource-uri-key:split")?.evidence).toMatch(
      /ui:\/\/x\/b.html/,
    );
    // The SDK fills in ttlMs 0 / private when a handler gives none: still hints on the wire.
    expect(s["read-hints:flat"]).toBe("pass");
  });
});

describe("tools-by-declaration under modern (NEG-5)", () => {
  it("warns when the tool list follows the request's declared capabilities", async () => {
    const factory = () => {
      const s = new McpServer(
        { name: "varies", version: "1.0.0" },
        { capabilities: { tools: {}, resources: {} } },
      );
      s.server.setRequestHandler("tools/list", async (_req, ctx) => ({
        tools: declaredUiOnRequest(ctx)
          ? [
              {
                name: "board",
                inputSchema: { type: "object" as const },
                _meta: { ui: { resourceUri: "ui://v/board.html" } },
              },
            ]
          : [{ name: "board", inputSchema: { type: "object" as const } }],
      }));
      s.server.setRequestHandler("resources/read", async (req) => ({
        contents: [
          { uri: req.params.uri, mimeType: PROFILE_MIME, text: "<!doctype html><html></html>" },
        ],
      }));
      return s;
    };
    const r = await reportFor(factory, "modern");
    const item = r.items.find((i) => i.id === "tools-by-declaration")!;
    expect(item).toMatchObject({ status: "warning", ruleIds: ["NEG-5"] });
    expect(item.evidence).toMatch(/changed with the declared capabilities \(board\)/);
  });
});

describe("report items point at real rules and real lesson sections", () => {
  it("every lesson link names an existing lesson and heading id", () => {
    for (const link of Object.values(LESSONS)) {
      const m = /^\/lessons\/([a-z0-9-]+)#([a-z0-9-]+)$/.exec(link);
      expect(m, link).not.toBeNull();
      const file = `content/checklist/${m![1]}.mdx`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8"), link).toContain(`{/*${m![2]}*/}`);
    }
  });

  it("every rule ID cited by a report exists", async () => {
    const known = new Set<string>(RULES.map((r) => r.id));
    const r = await reportFor(scenarioFactory("happy-path"), "dual");
    const l = await reportFor(scenarioFactory("happy-path"), "legacy");
    for (const item of [...r.items, ...l.items]) {
      for (const id of item.ruleIds) expect(known.has(id), `${item.id}: ${id}`).toBe(true);
    }
  });

  it("formats one line per item with its status, rules and lesson", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "dual");
    const text = formatReport(r);
    expect(text).toContain("era: modern (2026-07-28)");
    expect(text).toMatch(
      /^PASS {2}server\/discover advertises io\.modelcontextprotocol\/ui {2}\[NEG-3, NEG-4\]$/m,
    );
    expect(text).toContain("see /lessons/resource-metadata-and-caching#caching");
    expect(text).toMatch(/33 pass, 0 fail, 3 warning\(s\), 3 not checkable from outside$/);
  });
});

describe("formatReportMarkdown", () => {
  it("one table per tool, server first, cells escaped, every item with its lesson link", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "dual");
    const md = formatReportMarkdown(r);
    expect(md).toMatch(/^# MCP Apps review: in-process\n/);
    expect(md).toContain("era **modern** (2026-07-28)");
    const server = md.indexOf("## Server");
    const tool = md.indexOf("## Tool `show_forecast`");
    expect(server).toBeGreaterThan(0);
    expect(tool).toBeGreaterThan(server);
    const rows = md
      .split("\n")
      .filter((l) => /^\| (pass|\*\*fail\*\*|warning|not checkable) \|/.test(l));
    expect(rows).toHaveLength(r.items.length);
    expect(md).toContain(
      '| pass | server/discover advertises io.modelcontextprotocol/ui | capabilities.extensions\\["io.modelcontextprotocol/ui"\\] = {} | NEG-3, NEG-4 | [lesson](/lessons/what-changed-in-2026-07-28#server-discover) |',
    );
    // Every row has exactly five cells: no evidence text breaks the table.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
  });
});

describe("formatReportMarkdown escaping", () => {
  it("keeps a server-controlled pipe or newline inside its cell", () => {
    const report: Report = {
      target: "x",
      transport: "http",
      server: { name: "a|b" },
      era: "legacy",
      eraSource: "probe",
      counts: { pass: 0, fail: 1, warning: 0, "not-checkable": 0 },
      items: [
        {
          id: "mime:t",
          tool: "t",
          title: "Content mimeType",
          status: "fail",
          evidence: 'mimeType "text/html|x"\nsecond line',
          ruleIds: ["RES-2"],
          lesson: "/lessons/linking-a-tool-to-its-view#fetching",
          source: "review",
        },
      ],
    };
    const md = formatReportMarkdown(report);
    expect(md).toContain("Server **a\\|b**");
    expect(md).toContain(
      '| **fail** | Content mimeType | mimeType "text/html\\|x" second line | RES-2 |',
    );
  });

  it("escapes a server's HTML and Markdown so a pull request shows it as text (issue #25)", () => {
    const report: Report = {
      target: "x",
      transport: "http",
      server: { name: "<img src=x onerror=alert(1)>", version: "<b>1</b>" },
      era: "legacy",
      eraSource: "probe",
      counts: { pass: 1, fail: 0, warning: 0, "not-checkable": 0 },
      items: [
        {
          id: "ui-tools:t",
          tool: "<b>bold`tool</b>",
          title: "UI tool",
          status: "pass",
          evidence: "description [click](https://evil.example) <script>x</script> *big* & more",
          ruleIds: ["TOOL-1"],
          lesson: "/lessons/linking-a-tool-to-its-view#fetching",
          source: "review",
        },
      ],
    };
    const md = formatReportMarkdown(report);
    expect(md).not.toMatch(/<(img|b|script)\b/);
    expect(md).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(md).toContain("## Tool &lt;b&gt;bold\\`tool&lt;/b&gt;");
    expect(md).toContain("\\[click\\](https://evil.example)");
    expect(md).toContain("\\*big\\* &amp; more");
  });

  it("shows bidi overrides and terminal escapes in server strings as markers, in text and Markdown (issue #25)", () => {
    const report: Report = {
      target: "x",
      transport: "stdio",
      server: { name: "evil\u202Erevres", version: "\u001b[2J1" },
      era: "legacy",
      eraSource: "probe",
      counts: { pass: 1, fail: 0, warning: 0, "not-checkable": 0 },
      items: [
        {
          id: "ui-tools:t",
          tool: "\u202Enoitca_ylno_ppa",
          title: "UI tool",
          status: "pass",
          evidence: "names \u2066hidden\u2069",
          ruleIds: ["TOOL-1"],
          lesson: "/lessons/linking-a-tool-to-its-view#fetching",
          source: "review",
        },
      ],
    };
    for (const out of [formatReport(report), formatReportMarkdown(report)]) {
      expect(out).not.toMatch(/[\u202E\u2066\u2069\u001b]/);
      expect(out).toContain("evil⟨U+202E⟩revres");
      expect(out).toContain("⟨U+001B⟩");
      expect(out).toContain("⟨U+202E⟩noitca");
      expect(out).toContain("names ⟨U+2066⟩hidden⟨U+2069⟩");
    }
  });
});

describe("text-fallback before any call", () => {
  it("says how to settle it: --call on the CLI, or Run on /review (#37 item 5)", async () => {
    const r = await reportFor(scenarioFactory("happy-path"), "dual");
    const item = r.items.find((i) => i.id.startsWith("text-fallback:"));
    expect(item?.status).toBe("not-checkable");
    expect(item?.evidence).toContain("--call");
    expect(item?.evidence).toContain("Run");
  });
});
