/**
 * "Works in" (issue 33, deliverable 3): the predicted outcome of each UI tool in each host, from
 * the real profiles in content/host-profiles (resolved as the simulator resolves them) and a
 * tool review written out by hand as a review observes it on the wire.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { simulatorHostProfiles } from "../content/host-profiles";
import type { HostProfile, ProfileFieldName } from "../decide/host-profile";
import type { UiToolReview } from "../host";
import { RULES } from "../rules";
import type { ReviewInput } from "./collect";
import { analyzeView } from "./static-view";
import { predictWorksIn, type WorksInCell } from "./works-in";
import { declaredViewModes, requestedModes, viewFacts, type ViewFacts } from "./works-in-facts";
import { worksInHosts, type WorksInHost } from "./works-in-hosts";

const PROFILE = "text/html;profile=mcp-app";
const PASS = { row: "negotiation", verdict: "pass", ruleIds: ["NEG-5"], reason: "declared" };

/** A UI tool as a review observes it: the tool, its view's HTML and `_meta.ui`, the listing. */
function observed(
  html: string,
  ui: Record<string, unknown>,
  tool: Record<string, unknown> = {},
  mimeType = PROFILE,
): UiToolReview {
  return {
    name: "show_video",
    tool: { name: "show_video", inputSchema: { type: "object" }, ...tool },
    resourceUri: "ui://video/view.html",
    visibility: undefined,
    negotiation: PASS,
    listing: undefined,
    read: {
      ok: true,
      result: { contents: [{ uri: "ui://video/view.html", mimeType, text: html, _meta: { ui } }] },
      hints: {},
    },
  } as unknown as UiToolReview;
}

function input(era: "modern" | "legacy", otherEraOk: boolean): ReviewInput {
  return {
    review: { era },
    ...(era === "modern" ? { otherEra: { era: "legacy", ok: otherEraOk } } : {}),
  } as unknown as ReviewInput;
}

function factsOf(t: UiToolReview, i = input("modern", true)): ViewFacts {
  const html = (t.read as { result: { contents: { text: string }[] } }).result.contents[0]!.text;
  return viewFacts(i, t, analyzeView(html), html);
}

/** A view that embeds a video frame and asks for picture-in-picture, which it declares. */
const FRAME_PIP_VIEW = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>
<script>
const caps = { availableDisplayModes: ["inline", "pip"] };
document.body.onclick = () => app.requestDisplayMode({ mode: "pip" });
</script></body></html>`;
const FRAME_CSP = { frameDomains: ["https://www.youtube-nocookie.com"] };

let profiles: HostProfile[];
let hosts: WorksInHost[];
const host = (id: string) => hosts.find((h) => h.id === id)!;
const profile = (id: string) => profiles.find((p) => p.id === id)!;
/** The date of the source the engine uses for a profile's field. */
const usedDate = (id: string, field: ProfileFieldName) =>
  profile(id).fields[field].evidence.find((e) => e.used)!.date;

function cellOf(hostId: string, facts: ViewFacts, i = input("modern", true)): WorksInCell {
  const era = i.review.era === "legacy" ? "legacy" : i.otherEra?.ok ? "dual" : "modern";
  return predictWorksIn([host(hostId)], [facts], era).cells[0]!;
}

beforeAll(async () => {
  profiles = await simulatorHostProfiles("2026-12-06");
  hosts = worksInHosts(profiles);
});

describe("works-in facts", () => {
  it("reads the mode each display-mode request names, and the modes the view declares", () => {
    const found = analyzeView(FRAME_PIP_VIEW);
    expect(requestedModes(FRAME_PIP_VIEW, found.displayModes.requests)).toEqual([
      { mode: "pip", line: 5 },
    ]);
    expect(declaredViewModes(FRAME_PIP_VIEW)).toEqual(["inline", "pip"]);
    // One minified line with a bundled App class (its own definition names the wire method) and
    // the view's call: the call alone is read.
    const bundled = `<script>class A{requestDisplayMode(o){return this.request({method:"ui/request-display-mode",params:o})}};app.requestDisplayMode({mode:"fullscreen"})</script>`;
    expect(requestedModes(bundled, [1])).toEqual([{ mode: "fullscreen", line: 1 }]);
    const held = `<script>\nconst m = pick();\napp.requestDisplayMode({ mode: m });\n</script>`;
    expect(requestedModes(held, analyzeView(held).displayModes.requests)).toEqual([
      { mode: undefined, line: 3 },
    ]);
  });
});

describe("works in: one host, one view", () => {
  it("Claude: a frame from a declared frameDomains origin is blocked, an allowed variation, with Claude's source and date", () => {
    const cell = cellOf("claude", factsOf(observed(FRAME_PIP_VIEW, { csp: FRAME_CSP })));
    expect(cell.outcome).toBe("renders-without");
    const frame = cell.reasons.find((r) => r.field === "cspFrameDomains")!;
    expect(frame).toMatchObject({ effect: "lost", kind: "variation" });
    expect(frame.ruleIds).toContain("CSP-3");
    expect(frame.text).toContain("https://www.youtube-nocookie.com");
    expect(frame.text).toContain("<iframe src>, line 2");
    expect(frame.source.date).toBe(usedDate("claude", "cspFrameDomains"));
    expect(frame.source.url).toMatch(/^https:\/\//);
  });

  it("the reference renders the same view with its frame, and refuses pip, which it does not offer (BRG-6)", () => {
    const cell = cellOf("reference", factsOf(observed(FRAME_PIP_VIEW, { csp: FRAME_CSP })));
    expect(cell.reasons.some((r) => r.field === "cspFrameDomains")).toBe(false);
    const pip = cell.reasons.find((r) => r.short === "pip refused")!;
    expect(pip).toMatchObject({ field: "displayModes", kind: "variation", ruleIds: ["BRG-6"] });
    expect(pip.source.kind).toBe("spec");
  });

  it("VS Code: a view asking for pip stays inline, with VS Code's source and date", () => {
    const cell = cellOf("vscode", factsOf(observed(FRAME_PIP_VIEW, { csp: FRAME_CSP })));
    expect(cell.outcome).toBe("renders-without");
    const pip = cell.reasons.find((r) => r.short === "pip refused")!;
    expect(pip.field).toBe("displayModes");
    expect(pip.text).toContain("this host offers inline");
    expect(pip.source.date).toBe(usedDate("vscode", "displayModes"));
    // VS Code keeps frameDomains.
    expect(cell.reasons.some((r) => r.field === "cspFrameDomains")).toBe(false);
  });

  it("ChatGPT switches to pip; a view that never declared it is switched anyway, a violation (BRG-6)", () => {
    const undeclared = FRAME_PIP_VIEW.replace(`["inline", "pip"]`, `["inline"]`);
    const cell = cellOf("chatgpt", factsOf(observed(undeclared, { csp: FRAME_CSP })));
    expect(cell.outcome).toBe("renders");
    expect(cell.reasons.find((r) => r.field === "undeclaredMode")).toMatchObject({
      kind: "violation",
      effect: "note",
      ruleIds: ["BRG-6"],
    });
    const declared = cellOf("chatgpt", factsOf(observed(FRAME_PIP_VIEW, { csp: FRAME_CSP })));
    expect(declared.outcome).toBe("renders");
  });

  it("ChatGPT switching a view that declared no modes at all breaks nothing of the host's (BRG-6 binds a set list)", () => {
    const none = FRAME_PIP_VIEW.replace(
      `const caps = { availableDisplayModes: ["inline", "pip"] };\n`,
      "",
    );
    const cell = cellOf("chatgpt", factsOf(observed(none, { csp: FRAME_CSP })));
    const r = cell.reasons.find((x) => x.field === "undeclaredMode")!;
    expect(r).toMatchObject({ kind: "variation", effect: "note", ruleIds: ["BRG-6"] });
    expect(r.text).toContain("does not apply");
  });

  it("Claude: a _meta.ui.domain that is not its own leaves the view blank", () => {
    const cell = cellOf("claude", factsOf(observed(FRAME_PIP_VIEW, { domain: "video.example" })));
    expect(cell.outcome).toBe("blank");
    expect(cell.reasons[0]).toMatchObject({ field: "domain", ruleIds: ["RES-6", "RES-8"] });
    expect(cell.reasons[0]!.source.date).toBe(usedDate("claude", "domain"));
    // ChatGPT takes a domain the server gives.
    const chatgpt = cellOf(
      "chatgpt",
      factsOf(observed(FRAME_PIP_VIEW, { domain: "video.example" })),
    );
    expect(chatgpt.outcome).not.toBe("blank");
  });

  it("Claude Desktop strips structuredContent: a tool with an outputSchema renders without it", () => {
    const t = observed("<!doctype html><p>time</p>", {}, { outputSchema: { type: "object" } });
    const cell = cellOf("claude", factsOf(t));
    expect(cell.outcome).toBe("renders-without");
    expect(cell.reasons.find((r) => r.field === "structuredContent")).toMatchObject({
      kind: "variation",
      short: "no structuredContent",
      ruleIds: ["BRG-3", "OUT-2"],
    });
    expect(cellOf("vscode", factsOf(t)).outcome).toBe("renders");
  });

  it("a legacy-only host cannot reach a modern-only server (NEG-6); a dual-era server it reaches", () => {
    const t = observed("<!doctype html><p>hi</p>", {});
    const apart = cellOf("vscode", factsOf(t, input("modern", false)), input("modern", false));
    expect(apart.outcome).toBe("not-connected");
    expect(apart.reasons[0]).toMatchObject({ field: "eras", ruleIds: ["NEG-6"] });
    expect(cellOf("vscode", factsOf(t), input("modern", true)).outcome).toBe("renders");
  });

  it("a view served as plain text/html is text only in every host, on the spec's rule", () => {
    const t = observed("<!doctype html><p>hi</p>", {}, {}, "text/html");
    const table = predictWorksIn(hosts, [factsOf(t)], "dual");
    for (const cell of table.cells) {
      expect(cell.outcome).toBe("text");
      expect(cell.reasons[0]!.ruleIds).toContain("RES-2");
    }
  });

  it("a host that never reads the declared csp blocks every declared origin", () => {
    const cell = cellOf(
      "apprenderer-readme",
      factsOf(observed(FRAME_PIP_VIEW, { csp: FRAME_CSP })),
    );
    expect(cell.outcome).toBe("renders-without");
    const lost = cell.reasons.find((r) => r.field === "cspApplied" && r.effect === "lost")!;
    expect(lost.kind).toBe("violation");
    expect(lost.text).toContain("https://www.youtube-nocookie.com");
  });
});

describe("works in: every outcome", () => {
  const VIEWS = () => [
    observed(FRAME_PIP_VIEW, { csp: FRAME_CSP }),
    observed(FRAME_PIP_VIEW, { domain: "x.example" }),
    observed(FRAME_PIP_VIEW.replace(`["inline", "pip"]`, "[]"), {}),
    observed(`<!doctype html><script src="https://cdn.example/a.js"></script>`, {
      csp: { resourceDomains: ["https://cdn.example"], baseUriDomains: ["https://b.example"] },
    }),
    observed("<!doctype html><p>hi</p>", {}, { outputSchema: { type: "object" } }),
    observed("<!doctype html><p>hi</p>", {}, {}, "text/plain"),
    observed("<!doctype html><p>hi</p>", {}, { _meta: { ui: { visibility: ["app"] } } }),
  ];

  it("names a rule (a known rule ID) and a source for every outcome, every host, every era", () => {
    const known = new Set(RULES.map((r) => r.id));
    for (const i of [input("modern", true), input("modern", false), input("legacy", false)]) {
      const views = VIEWS().map((t) => {
        if (t.tool._meta) (t as { visibility: unknown }).visibility = ["app"];
        return factsOf(t, i);
      });
      const era = i.review.era === "legacy" ? "legacy" : i.otherEra?.ok ? "dual" : "modern";
      const table = predictWorksIn(hosts, views, era);
      expect(table.cells).toHaveLength(hosts.length * views.length);
      for (const cell of table.cells) {
        expect(cell.reasons.length, `${cell.host} × ${cell.tool}`).toBeGreaterThan(0);
        expect(cell.reasons.filter((r) => r.effect !== "note").length).toBeGreaterThan(0);
        for (const r of cell.reasons) {
          expect(r.ruleIds.length, r.text).toBeGreaterThan(0);
          for (const id of r.ruleIds) expect(known, id).toContain(id);
          expect(r.source.label.length).toBeGreaterThan(0);
          // A host's source carries its date (or "undated"); only the spec and "unknown" go without.
          if (r.source.kind !== "spec" && r.source.kind !== "unknown")
            expect(r.source.date, `${cell.host} ${r.field}`).toMatch(/^(\d{4}-\d\d-\d\d|undated)$/);
        }
      }
      const outcomes = new Set(table.cells.map((c) => c.outcome));
      expect(outcomes).toContain("renders-without");
      expect(outcomes).toContain("text");
      expect(outcomes).toContain("not-called");
    }
  });
});

describe("works in: the view's bridge requests", () => {
  const SENDS = `<!doctype html><script>
class App { sendMessage(p) { return this.request({ method: "ui/message", params: p }); } }
button.onclick = () => app.sendMessage({ role: "user", content: [] });
</script>`;

  it("finds a call of sendMessage, not the bundled method's own definition", () => {
    const defines = `<script>class App { sendMessage(p) { return r({ method: "ui/message" }); } }</script>`;
    expect(factsOf(observed(SENDS, {})).bridge).toEqual({ message: 3, modelContext: undefined });
    expect(factsOf(observed(defines, {})).bridge.message).toBeUndefined();
    const byHand = `<script>\nparent.postMessage({ method: "ui/update-model-context" }, "*");</script>`;
    expect(factsOf(observed(byHand, {})).bridge.modelContext).toBe(2);
  });

  it("VS Code drafts a view's ui/message, Cursor refuses it, Claude sends it, each with its source", () => {
    const t = observed(SENDS, {});
    const vscode = cellOf("vscode", factsOf(t));
    expect(vscode.outcome).toBe("renders-without");
    const drafted = vscode.reasons.find((r) => r.field === "message")!;
    expect(drafted).toMatchObject({ short: "ui/message only drafted", ruleIds: ["BRG-4"] });
    expect(drafted.kind).toBe("variation");
    expect(drafted.source.date).toBe(
      profile("vscode").fields.message.evidence.find((e) => e.used)!.date,
    );
    expect(cellOf("cursor", factsOf(t)).reasons.find((r) => r.field === "message")!.short).toBe(
      "no ui/message",
    );
    expect(cellOf("claude", factsOf(t)).outcome).toBe("renders");
  });
});

describe("works in: the session's era", () => {
  const FAILED = {
    row: "negotiation",
    verdict: "fail",
    ruleIds: ["NEG-3", "NEG-4"],
    reason: "server/discover lists no io.modelcontextprotocol/ui",
  };

  it("a dual-era server whose modern answer fails negotiation: text in a modern host, rendered in a legacy-only one, which judges its own initialize (NEG-5, NEG-6)", () => {
    const t = { ...observed("<!doctype html><p>hi</p>", {}), negotiation: FAILED } as UiToolReview;
    const modern = cellOf("reference", factsOf(t));
    expect(modern.outcome).toBe("text");
    expect(modern.reasons[0]!.ruleIds).toEqual(["NEG-3", "NEG-4"]);
    const legacy = cellOf("vscode", factsOf(t));
    expect(legacy.outcome).toBe("renders");
  });
});

describe("works in: notes that change nothing on screen", () => {
  it("ChatGPT keeps a view by its URI: a note to ship a changed view under a new URI (RES-1, RES-5)", () => {
    const cell = cellOf("chatgpt", factsOf(observed("<!doctype html><p>hi</p>", {})));
    expect(cell.outcome).toBe("renders");
    const cache = cell.reasons.find((r) => r.field === "caching")!;
    expect(cache).toMatchObject({ effect: "note", kind: "variation", ruleIds: ["RES-1", "RES-5"] });
    expect(cache.text).toContain("ui://video/view.html");
    expect(
      cellOf("vscode", factsOf(observed("<!doctype html><p>hi</p>", {}))).reasons,
    ).toHaveLength(1);
  });

  it("a host that picks the view's origin itself says the declared _meta.ui.domain is not used", () => {
    const t = observed("<!doctype html><p>hi</p>", { domain: "video.example" });
    const m365 = cellOf("m365-copilot", factsOf(t));
    expect(m365.outcome).toBe("renders");
    expect(m365.reasons.find((r) => r.field === "domain")).toMatchObject({
      effect: "note",
      ruleIds: ["RES-6", "RES-8"],
    });
  });
});

describe("works in: the view's own tools/call (visibility and consent, BRG-5)", () => {
  /** A view that calls two tools of its server, by the SDK's method, and a bundled App class. */
  const CALLS = `<!doctype html><script>
class App { async callServerTool(p) { if (typeof p == "string") throw Error(\`callServerTool({ name: "\${p}" })?\`); return this.request({ method: "tools/call", params: p }); } }
refresh.onclick = () => app.callServerTool({ name: "refresh_data", arguments: {} });
save.onclick = () => app.callServerTool({ name: "save_note", arguments: { text } });
</script>`;
  const TOOLS = [
    { name: "show_video", inputSchema: { type: "object" } },
    // Model-only: a view must not reach it (TOOL-4).
    {
      name: "refresh_data",
      inputSchema: { type: "object" },
      _meta: { ui: { visibility: ["model"] } },
    },
    // App-only: a view may call it.
    { name: "save_note", inputSchema: { type: "object" }, _meta: { ui: { visibility: ["app"] } } },
  ];
  /** The same tools, each callable by the view (refresh_data's visibility omitted: both). */
  const BOTH_CALLABLE = [
    TOOLS[0],
    { name: "refresh_data", inputSchema: { type: "object" } },
    TOOLS[2],
  ];
  const withTools = (tools: unknown[] = TOOLS) =>
    ({ ...input("modern", true), review: { era: "modern", tools } }) as unknown as ReviewInput;
  const facts = (tools?: unknown[]) => factsOf(observed(CALLS, {}), withTools(tools));

  it("reads each tool the view's scripts call by name, with its line, not the bundled method's own text", () => {
    expect(facts().appCalls).toEqual([
      { name: "refresh_data", line: 3, via: "static", visibility: ["model"], listed: true },
      { name: "save_note", line: 4, via: "static", visibility: ["app"], listed: true },
    ]);
    const byHand = `<script>\nparent.postMessage({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "save_note" } }, "*");</script>`;
    expect(factsOf(observed(byHand, {}), withTools()).appCalls).toEqual([
      { name: "save_note", line: 2, via: "static", visibility: ["app"], listed: true },
    ]);
  });

  it("the reference refuses the view's call to a model-only tool (TOOL-4): the view renders without it", () => {
    const cell = cellOf("reference", facts());
    expect(cell.outcome).toBe("renders-without");
    const refused = cell.reasons.find((r) => r.field === "appCallVisibility")!;
    expect(refused).toMatchObject({
      effect: "lost",
      kind: "rule",
      short: "call to refresh_data refused",
    });
    expect(refused.ruleIds).toEqual(expect.arrayContaining(["TOOL-4", "BRG-5"]));
    expect(refused.text).toContain("line 3");
    // The app-only tool is reached: nothing to say about it.
    expect(cell.reasons.some((r) => r.text.includes("save_note"))).toBe(false);
  });

  it("Claude checks no visibility: it forwards the call to the model-only tool, a violation of TOOL-4, with its source and date", () => {
    const cell = cellOf("claude", facts());
    expect(cell.reasons.some((r) => r.short === "call to refresh_data refused")).toBe(false);
    const forwarded = cell.reasons.find((r) => r.field === "appCallVisibility")!;
    expect(forwarded).toMatchObject({ effect: "note", kind: "violation" });
    expect(forwarded.ruleIds).toContain("TOOL-4");
    expect(forwarded.text).toContain("refresh_data");
    expect(forwarded.source.date).toBe(usedDate("claude", "appCallVisibility"));
  });

  it("VS Code asks no one: its consent policy is host policy, not a spec MUST, said as such with its source", () => {
    const cell = cellOf("vscode", facts(BOTH_CALLABLE));
    expect(cell.outcome).toBe("renders");
    const consent = cell.reasons.find((r) => r.field === "consent")!;
    expect(consent).toMatchObject({ effect: "note", kind: "variation" });
    expect(consent.ruleIds).toContain("BRG-5");
    expect(consent.text).toContain("host policy, not a spec MUST");
    expect(consent.source.date).toBe(usedDate("vscode", "consent"));
    // A host whose consent is the reference's says nothing about consent.
    expect(
      cellOf("reference", facts(BOTH_CALLABLE)).reasons.some((r) => r.field === "consent"),
    ).toBe(false);
  });

  it("a host that always asks: if the person says no, the engine's refusal, said as host policy", () => {
    const asks = {
      ...host("reference"),
      id: "asks",
      behaviours: { ...host("reference").behaviours, consent: "ask" as const },
    };
    const cell = predictWorksIn([asks], [facts(BOTH_CALLABLE)], "dual").cells[0]!;
    expect(cell.outcome).toBe("renders");
    const consent = cell.reasons.find((r) => r.field === "consent")!;
    expect(consent).toMatchObject({ effect: "note", kind: "variation", ruleIds: ["BRG-5"] });
    expect(consent.text).toContain("refresh_data (line 3), save_note (line 4)");
    expect(consent.text).toContain(
      "host policy, not a spec MUST: if they say no, the host's consent was refused: nothing reaches the server",
    );
  });

  it("a call to a tool the server does not list is refused by every host (BRG-5)", () => {
    const table = predictWorksIn(hosts, [facts([TOOLS[0]])], "dual");
    for (const cell of table.cells) {
      if (cell.outcome === "not-connected") continue;
      const gone = cell.reasons.find((r) => r.short === "call to refresh_data refused")!;
      expect(gone, cell.host).toMatchObject({ effect: "lost", kind: "rule", ruleIds: ["BRG-5"] });
      expect(cell.outcome).toBe("renders-without");
    }
  });

  it("takes the calls a Run or --render observed as well as those read in the scripts", () => {
    const t = observed("<!doctype html><p>hi</p>", {});
    const html = "<!doctype html><p>hi</p>";
    const seen = viewFacts(withTools(), t, analyzeView(html), html, [
      "refresh_data",
      "refresh_data",
    ]);
    expect(seen.appCalls).toEqual([
      { name: "refresh_data", line: undefined, via: "run", visibility: ["model"], listed: true },
    ]);
    expect(cellOf("reference", seen).outcome).toBe("renders-without");
  });
});
