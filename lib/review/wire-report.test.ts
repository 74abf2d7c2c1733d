/**
 * Issue #21, deliverables 1-3: every tool reviewed, judged from the JSON the server sent (not the
 * SDK's parse, which drops unknown keys), and verdicts that match the rules. Each server here is a
 * real SDK server whose handlers answer with a planted mistake, reviewed through `collectReview`.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { PROFILE_MIME } from "../host";
import {
  httpServer,
  stdioServer,
  TEST_URL,
  type InProcessServer,
  type TestServerEra,
} from "../host/test-servers";
import { readFileSync } from "node:fs";
import { REVIEW_ITEM_SOURCES, reviewItemIdsIn } from "../content/spec-links";
import { RULES } from "../rules/data";
import { collectReview } from "./collect";
import { buildReport, type Report, type ReportItem } from "./report";

const servers: InProcessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const DOC = "<!doctype html><html><body>view</body></html>";

interface Planted {
  tools: Record<string, unknown>[];
  /** Per URI: the content item (without `uri` unless given) and the listing entry, if listed. */
  views?: Record<string, { content: Record<string, unknown>; listing?: Record<string, unknown> }>;
  /** Tools only a client that declared Apps in initialize gets (legacy, NEG-5). */
  appsOnly?: (declared: boolean) => Record<string, unknown>[];
}

/** A server whose handlers answer with exactly the JSON given: the planted mistakes. */
function planted(p: Planted) {
  return () => {
    const s = new McpServer(
      { name: "planted", version: "1.0.0" },
      { capabilities: { tools: {}, resources: {} } },
    );
    s.server.setRequestHandler("tools/list", async () => {
      const declared = !!(
        s.server.getClientCapabilities() as { extensions?: Record<string, unknown> } | undefined
      )?.extensions?.["io.modelcontextprotocol/ui"];
      return { tools: [...p.tools, ...(p.appsOnly?.(declared) ?? [])] } as never;
    });
    s.server.setRequestHandler("resources/list", async () => ({
      resources: Object.entries(p.views ?? {})
        .filter(([, v]) => v.listing)
        .map(([uri, v]) => ({ uri, name: uri, ...v.listing })) as never,
    }));
    s.server.setRequestHandler("resources/read", async (req) => {
      const v = p.views?.[req.params.uri];
      if (!v) throw new Error(`no resource ${req.params.uri}`);
      return { contents: [{ uri: req.params.uri, ...v.content }] } as never;
    });
    return s;
  };
}

async function reportFor(
  p: Planted,
  era: TestServerEra = "dual",
  transport: "stdio" | "http" = "stdio",
): Promise<Report> {
  const server = transport === "http" ? httpServer(planted(p), era) : stdioServer(planted(p), era);
  servers.push(server);
  const input = await collectReview({
    target: transport === "http" ? TEST_URL : "in-process",
    transport,
    factory: server.transport,
    key: `planted-${Math.random()}`,
  });
  return buildReport(input);
}

const item = (r: Report, id: string): ReportItem => {
  const found = r.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id} in ${r.items.map((i) => i.id).join(", ")}`);
  return found;
};

const uiTool = (name: string, uri: string, ui: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: "object" },
  _meta: { ui: { resourceUri: uri, ...ui } },
});

const view = (meta?: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  content: {
    mimeType: PROFILE_MIME,
    text: DOC,
    ...(meta ? { _meta: { ui: meta } } : {}),
    ...extra,
  },
});

const known = new Set<string>(RULES.map((r) => r.id));
const cites = (i: ReportItem) => {
  expect(i.ruleIds.length).toBeGreaterThan(0);
  for (const id of i.ruleIds) expect(known.has(id), id).toBe(true);
};

describe("every tool is reviewed, with or without a view (deliverable 1)", () => {
  it('a visibility sent as the string "app" fails, quoted as sent, on a tool without a view', async () => {
    const r = await reportFor({
      tools: [
        { name: "helper", inputSchema: { type: "object" }, _meta: { ui: { visibility: "app" } } },
      ],
    });
    const v = item(r, "visibility-value:helper");
    expect(v.status).toBe("fail");
    expect(v.evidence).toContain('"app"');
    expect(v.evidence).toMatch(/not a list/);
    expect(v.evidence).not.toMatch(/omitted/);
    cites(v);
  });

  it("an unknown visibility value is named as sent, with the likely intended one", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html", { visibility: ["model", "apps"] })],
      views: { "ui://p/board.html": view({ prefersBorder: true }) },
    });
    const v = item(r, "visibility-value:board");
    expect(v.status).toBe("fail");
    expect(v.evidence).toContain('["model","apps"]');
    expect(v.evidence).toMatch(/"apps".*did you mean "app"/);
    // The agent-visibility item quotes the list the server sent, not the filtered one.
    expect(item(r, "visibility:board").evidence).toContain('["model","apps"]');
  });

  it("a UI tool whose visibility is a string is not reported as omitted (a false pass)", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html", { visibility: "app" })],
      views: { "ui://p/board.html": view({ prefersBorder: true }) },
    });
    const v = item(r, "visibility:board");
    expect(v.status).not.toBe("pass");
    expect(v.evidence).toContain('"app"');
    expect(v.evidence).not.toMatch(/omitted \(so/);
  });

  it("app-only tools listed to a legacy client that declared no Apps are a NEG-5 warning, each named", async () => {
    const r = await reportFor(
      {
        tools: [uiTool("viewer", "ui://p/viewer.html")],
        views: { "ui://p/viewer.html": view({ prefersBorder: true }) },
        // Registered for everyone: the server never checks the client's declaration.
        appsOnly: () => [
          {
            name: "save_file",
            inputSchema: { type: "object" },
            _meta: { ui: { visibility: ["app"] } },
          },
          {
            name: "read_page",
            inputSchema: { type: "object" },
            _meta: { ui: { visibility: ["app"] } },
          },
        ],
      },
      "legacy",
    );
    for (const name of ["save_file", "read_page"]) {
      const i = item(r, `app-only-undeclared:${name}`);
      expect(i.status).toBe("warning");
      expect(i.ruleIds).toContain("NEG-5");
      expect(i.evidence).toMatch(/declared no Apps/);
      expect(i.evidence).toMatch(/agent/);
    }
    // A UI tool with "model" in its visibility gets no such item.
    expect(r.items.find((i) => i.id === "app-only-undeclared:viewer")).toBeUndefined();
  });

  it("app-only tools withheld from a legacy client that declared no Apps pass", async () => {
    const r = await reportFor(
      {
        tools: [uiTool("viewer", "ui://p/viewer.html")],
        views: { "ui://p/viewer.html": view({ prefersBorder: true }) },
        appsOnly: (declared) =>
          declared
            ? [
                {
                  name: "save_file",
                  inputSchema: { type: "object" },
                  _meta: { ui: { visibility: ["app"] } },
                },
              ]
            : [],
      },
      "legacy",
    );
    expect(item(r, "app-only-undeclared:save_file").status).toBe("pass");
  });

  it("a misspelt annotation is named with the key it meant, on tools with and without a view", async () => {
    const r = await reportFor({
      tools: [
        uiTool("board", "ui://p/board.html"),
        { name: "plain", inputSchema: { type: "object" }, annotations: { readonlyHint: true } },
      ],
      views: { "ui://p/board.html": view({ prefersBorder: true }) },
    });
    const a = item(r, "annotations:plain");
    expect(a.status).toBe("warning");
    expect(a.evidence).toMatch(/"readonlyHint".*did you mean "readOnlyHint"/);
    expect(a.evidence).not.toMatch(/^no annotations/);
    expect(a.ruleIds).toEqual(["TOOL-7"]);
    expect(item(r, "annotations:board").status).toBe("warning");
  });

  it("well-spelt annotations pass and are quoted as sent", async () => {
    const r = await reportFor({
      tools: [
        {
          name: "plain",
          inputSchema: { type: "object" },
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
      ],
    });
    const a = item(r, "annotations:plain");
    expect(a.status).toBe("pass");
    expect(a.evidence).toContain('{"readOnlyHint":true,"openWorldHint":false}');
  });

  it("outputSchema presence is reported for every tool", async () => {
    const r = await reportFor({
      tools: [
        {
          name: "typed",
          inputSchema: { type: "object" },
          outputSchema: { type: "object", properties: { n: { type: "number" } } },
        },
        { name: "untyped", inputSchema: { type: "object" } },
      ],
    });
    const typed = item(r, "output-schema:typed");
    expect(typed.status).toBe("pass");
    expect(typed.evidence).toMatch(/outputSchema \{"type":"object"/);
    expect(item(r, "output-schema:untyped").evidence).toMatch(/no outputSchema/);
    cites(typed);
  });
});

describe("the wire, not the parse (deliverable 2)", () => {
  it("over Streamable HTTP too, a misspelt annotation and a string visibility are read as sent", async () => {
    const r = await reportFor(
      {
        tools: [
          {
            name: "helper",
            inputSchema: { type: "object" },
            annotations: { destructivehint: true },
            _meta: { ui: { visibility: "app" } },
          },
        ],
      },
      "dual",
      "http",
    );
    expect(item(r, "annotations:helper").evidence).toMatch(
      /"destructivehint".*did you mean "destructiveHint"/,
    );
    expect(item(r, "visibility-value:helper")).toMatchObject({ status: "fail" });
  });

  it("a tool whose only link is a misspelt resourceURI fails, the key named with the right spelling", async () => {
    const r = await reportFor({
      tools: [
        {
          name: "board",
          inputSchema: { type: "object" },
          _meta: { ui: { resourceURI: "ui://p/b.html" } },
        },
      ],
      views: { "ui://p/b.html": view({ prefersBorder: true }) },
    });
    const k = item(r, "tool-ui-keys:board");
    expect(k.status).toBe("fail");
    expect(k.evidence).toMatch(/"resourceURI".*did you mean "resourceUri"/);
    expect(k.evidence).toContain('"resourceURI":"ui://p/b.html"');
    cites(k);
  });

  it("an unknown csp key such as connect_domains fails the csp item, named with the key it meant", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view({
          prefersBorder: true,
          csp: { connect_domains: ["https://api.example.com"] },
        }),
      },
    });
    const c = item(r, "csp:board");
    expect(c.status).toBe("fail");
    expect(c.evidence).toMatch(/"connect_domains".*did you mean "connectDomains"/);
    expect(c.ruleIds).toContain("CSP-1");
  });

  it("an unknown _meta.ui key and a misspelt content field are named, quoting the wire", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": {
          content: {
            mimeType: PROFILE_MIME,
            text: DOC,
            mimetype: "x",
            _meta: { ui: { prefersborder: true } },
          },
        },
      },
    });
    const k = item(r, "resource-keys:board");
    expect(k.status).toBe("warning");
    expect(k.evidence).toMatch(/"prefersborder".*did you mean "prefersBorder"/);
    expect(k.evidence).toMatch(/"mimetype".*did you mean "mimeType"/);
    cites(k);
  });

  it("a misspelt permission is named with the flag it meant", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view({ prefersBorder: true, permissions: { "clipboard-write": {} } }),
      },
    });
    const p = item(r, "permissions:board");
    expect(p.status).toBe("fail");
    expect(p.evidence).toMatch(/"clipboard-write".*did you mean "clipboardWrite"/);
  });
});

describe("verdicts that match the rules (deliverable 3)", () => {
  it("a bare URL under the Apps mime type fails: the content must be an HTML document", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view({ prefersBorder: true }, { text: "https://example.com/app" }),
      },
    });
    const d = item(r, "html-document:board");
    expect(d.status).toBe("fail");
    expect(d.evidence).toContain("https://example.com/app");
    expect(d.ruleIds).toEqual(["RES-3"]);
  });

  it("an HTML fragment without a doctype fails: RES-3's complete HTML5 document is a MUST (line 270)", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view(
          { prefersBorder: true },
          { text: "<div id=app></div><script>1</script>" },
        ),
      },
    });
    expect(item(r, "html-document:board").status).toBe("fail");
  });

  it("a content uri other than the one read fails", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: { "ui://p/board.html": view({ prefersBorder: true }, { uri: "ui://p/other.html" }) },
    });
    const u = item(r, "content-uri:board");
    expect(u.status).toBe("fail");
    expect(u.evidence).toContain("ui://p/other.html");
    expect(u.evidence).toContain("ui://p/board.html");
    cites(u);
  });

  it("TLD wildcards, wildcards in connectDomains and http: origins are flagged, each named", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view({
          prefersBorder: true,
          csp: {
            resourceDomains: ["https://*.com", "https://*.example.com"],
            connectDomains: [
              "https://*.api.example.com",
              "http://api.example.org",
              "http://localhost:8080",
            ],
          },
        }),
      },
    });
    const o = item(r, "csp-origins:board");
    expect(o.status).toBe("warning");
    expect(o.evidence).toContain("https://*.com");
    expect(o.evidence).toContain("https://*.api.example.com");
    expect(o.evidence).toContain("http://api.example.org");
    // A subdomain wildcard in resourceDomains is documented (CSP-6); localhost is a secure context.
    expect(o.evidence).not.toContain("https://*.example.com ");
    expect(o.evidence).not.toContain("localhost");
    expect(o.ruleIds).toContain("CSP-6");
  });

  it("narrow https origins pass the origins item", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: {
        "ui://p/board.html": view({
          prefersBorder: true,
          csp: {
            resourceDomains: ["https://*.example.com"],
            connectDomains: ["https://api.example.com"],
          },
        }),
      },
    });
    expect(item(r, "csp-origins:board").status).toBe("pass");
  });

  it("both resource-URI keys pass, naming no library as the flat key's author; the flat key alone is a deprecation warning quoting TOOL-1", async () => {
    const r = await reportFor({
      tools: [
        {
          name: "both",
          inputSchema: { type: "object" },
          _meta: { ui: { resourceUri: "ui://p/a.html" }, "ui/resourceUri": "ui://p/a.html" },
        },
        {
          name: "flat",
          inputSchema: { type: "object" },
          _meta: { "ui/resourceUri": "ui://p/a.html" },
        },
      ],
      views: { "ui://p/a.html": view({ prefersBorder: true }) },
    });
    const both = item(r, "resource-uri-key:both");
    expect(both.status).toBe("pass");
    // Which library wrote the flat key is not on the wire: ext-apps' registerAppTool does, and so
    // do other libraries and hand-written servers, so the review names no author (#37).
    expect(both.evidence).not.toMatch(/as ext-apps' registerAppTool adds/);
    expect(both.evidence).toMatch(/cannot tell which library/);
    const flat = item(r, "resource-uri-key:flat");
    expect(flat.status).toBe("warning");
    expect(flat.ruleIds).toEqual(["TOOL-1"]);
    expect(flat.evidence).toMatch(/removed before GA/);
    expect(flat.evidence).not.toMatch(/finds no view/);
  });

  it("no item tests the reviewer's own request: no initialize-declaration, no legacy negotiation row", async () => {
    const r = await reportFor(
      {
        tools: [uiTool("board", "ui://p/board.html")],
        views: { "ui://p/board.html": view({ prefersBorder: true }) },
      },
      "legacy",
    );
    expect(r.era).toBe("legacy");
    expect(r.items.find((i) => i.id === "initialize-declaration")).toBeUndefined();
    expect(r.items.find((i) => i.id === "negotiation:board")).toBeUndefined();
  });

  it("_meta.ui.domain naming the MCP server's own domain is a warning (requirements checklist §5)", async () => {
    const r = await reportFor(
      {
        tools: [uiTool("board", "ui://p/board.html")],
        views: { "ui://p/board.html": view({ prefersBorder: true, domain: "server.test" }) },
      },
      "dual",
      "http",
    );
    const d = item(r, "domain:board");
    expect(d.status).toBe("warning");
    expect(d.evidence).toContain('"server.test"');
    expect(d.source).toBe("requirements");
    expect(d.ruleIds).toEqual(["RES-6", "RES-8"]);
  });

  it("a _meta.ui.domain that is not a string fails; a host-specific one passes", async () => {
    const bad = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: { "ui://p/board.html": view({ prefersBorder: true, domain: ["a.example.com"] }) },
    });
    expect(item(bad, "domain:board").status).toBe("fail");
    const good = await reportFor(
      {
        tools: [uiTool("board", "ui://p/board.html")],
        views: {
          "ui://p/board.html": view({
            prefersBorder: true,
            domain: "a904794854a047f6.claudemcpcontent.com",
          }),
        },
      },
      "dual",
      "http",
    );
    expect(item(good, "domain:board").status).toBe("pass");
  });
});

describe("companion tools (heuristic)", () => {
  it("a save-like tool without visibility beside a UI tool warns; a name that only starts like a verb does not", async () => {
    const plain = (name: string) => ({ name, inputSchema: { type: "object" } });
    const r = await reportFor({
      tools: [
        uiTool("board", "ui://p/board.html"),
        plain("saveLayout"),
        plain("set_filter"),
        plain("board_state"),
        plain("settings"),
        plain("storefront"),
        plain("updates"),
      ],
      views: { "ui://p/board.html": view({ prefersBorder: true }) },
    });
    const flagged = r.items
      .filter((i) => i.id.startsWith("companion-visibility:"))
      .map((i) => i.tool);
    expect(flagged).toEqual(["saveLayout", "set_filter", "board_state"]);
  });
});

describe("_meta.ui.domain over stdio", () => {
  it("is not checkable: with no server URL the review cannot say the domain is not the server's own", async () => {
    const r = await reportFor({
      tools: [uiTool("board", "ui://p/board.html")],
      views: { "ui://p/board.html": view({ prefersBorder: true, domain: "board.example.com" }) },
    });
    const d = item(r, "domain:board");
    expect(d.status).toBe("not-checkable");
    expect(d.evidence).not.toMatch(/it is not the MCP server's domain/);
    expect(d.evidence).toMatch(/stdio/);
    expect(d.ruleIds).toEqual(["RES-6", "RES-8"]);
  });
});

describe("the catalogue's index of review items", () => {
  it("finds every item id a review emits, so check.review can name the new items", async () => {
    const r = await reportFor(
      {
        tools: [
          uiTool("board", "ui://p/board.html", { visibility: ["model", "apps"] }),
          {
            name: "helper",
            inputSchema: { type: "object" },
            _meta: { ui: { visibility: ["app"] } },
          },
        ],
        views: {
          "ui://p/board.html": view({
            prefersBorder: true,
            domain: "x.example.com",
            csp: { resourceDomains: ["https://*.com"] },
          }),
        },
      },
      "legacy",
    );
    const known = new Set(
      REVIEW_ITEM_SOURCES.flatMap((f) => [...reviewItemIdsIn(readFileSync(f, "utf8"))]),
    );
    for (const i of r.items) expect(known.has(i.id.split(":")[0]!), i.id).toBe(true);
    expect(r.items.length).toBeGreaterThan(25);
  });
});
