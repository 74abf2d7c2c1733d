import { describe, expect, it } from "vitest";
import { Trace } from "../host/view/trace";
import { initTimeout } from "./view-failures";
import { viewChecks, type RenderObservation } from "./view-checks";

/** A bridge trace as the live view records it: the proxy relays the view's messages. */
function bridge(
  steps: (
    | { view: { id?: number; method: string; params?: unknown } }
    | { host: { id: number; result: unknown } | { method: string; params?: unknown } }
  )[],
) {
  const trace = new Trace(() => 0);
  // The proxy's own readiness notification is not the view's.
  trace.message("host-proxy", "proxy", "host", {
    jsonrpc: "2.0",
    method: "ui/notifications/sandbox-proxy-ready",
    params: {},
  });
  for (const s of steps) {
    if ("view" in s) trace.message("host-proxy", "proxy", "host", { jsonrpc: "2.0", ...s.view });
    else trace.message("host-proxy", "host", "proxy", { jsonrpc: "2.0", ...s.host });
  }
  return trace.entries;
}

const initialize = (appCapabilities?: unknown) => ({
  view: {
    id: 1,
    method: "ui/initialize",
    params: {
      appInfo: { name: "v", version: "1" },
      protocolVersion: "2026-01-26",
      ...(appCapabilities === undefined ? {} : { appCapabilities }),
    },
  },
});
const answer = (modes = ["inline", "fullscreen"]) => ({
  host: {
    id: 1,
    result: { protocolVersion: "2026-01-26", hostContext: { availableDisplayModes: modes } },
  },
});
const initialized = { view: { method: "ui/notifications/initialized", params: {} } };
const askMode = (id: number, mode: string) => ({
  view: { id, method: "ui/request-display-mode", params: { mode } },
});

function check(trace: RenderObservation["trace"], more: Partial<RenderObservation> = {}) {
  const items = viewChecks({
    tool: "show",
    trace,
    state: "initialized",
    failures: [],
    initMs: 420,
    watchedMs: 3000,
    ...more,
  });
  return Object.fromEntries(items.map((i) => [i.id.replace(/:show$/, ""), i]));
}

describe("the checks of a rendered view", () => {
  it("a view that declares its modes and asks for an offered one passes every check, with the messages as evidence", () => {
    const r = check(
      bridge([
        initialize({ availableDisplayModes: ["inline", "fullscreen"] }),
        answer(),
        initialized,
        askMode(2, "fullscreen"),
      ]),
    );
    expect(Object.values(r).map((i) => [i.id, i.status])).toEqual([
      ["renders:show", "pass"],
      ["app-capabilities:show", "pass"],
      ["declares-modes:show", "pass"],
      ["requests-offered-modes:show", "pass"],
      ["handshake-first:show", "pass"],
      ["partial-input:show", "not-checkable"],
      ["csp-observed:show", "pass"],
    ]);
    expect(r.renders!.evidence).toContain("420 ms");
    expect(r["app-capabilities"]!.evidence).toContain(
      '"availableDisplayModes":["inline","fullscreen"]',
    );
    expect(r["requests-offered-modes"]!.evidence).toContain('asked for ["fullscreen"]');
    expect(Object.values(r).every((i) => i.tool === "show" && i.source === "requirements")).toBe(
      true,
    );
  });

  it("ui/initialize without appCapabilities fails BRG-2's MUST, quoting the params sent", () => {
    const r = check(bridge([initialize(), answer(), initialized]));
    expect(r["app-capabilities"]).toMatchObject({ status: "fail", ruleIds: ["BRG-2"] });
    expect(r["app-capabilities"]!.evidence).toContain('"protocolVersion":"2026-01-26"');
    // Without capabilities there is no list of modes either: a warning, not a second failure.
    expect(r["declares-modes"]!.status).toBe("warning");
  });

  it("asking for a mode the host did not offer fails, and so does asking for one the view did not declare", () => {
    const r = check(
      bridge([
        initialize({ availableDisplayModes: ["inline"] }),
        answer(["inline"]),
        initialized,
        askMode(2, "pip"),
      ]),
    );
    expect(r["requests-offered-modes"]).toMatchObject({ status: "fail" });
    expect(r["requests-offered-modes"]!.evidence).toBe(
      'asked for ["pip"]; the host offered ["inline"] in hostContext.availableDisplayModes',
    );
    expect(r["declares-modes"]).toMatchObject({
      status: "fail",
      evidence: 'declared ["inline"] but asked for ["pip"]',
    });
  });

  it("asking for a mode while declaring no availableDisplayModes fails BRG-6 (the view MUST declare what it supports)", () => {
    const r = check(bridge([initialize({}), answer(), initialized, askMode(2, "fullscreen")]));
    expect(r["declares-modes"]).toMatchObject({ status: "fail", ruleIds: ["BRG-6"] });
    expect(r["declares-modes"]!.evidence).toContain('asked for ["fullscreen"]');
    expect(r["declares-modes"]!.evidence).toMatch(/MUST/);
  });

  it("asking for a mode before the host's answer carried its list fails: the view cannot have read it (BRG-6)", () => {
    const r = check(
      bridge([
        initialize({ availableDisplayModes: ["inline", "fullscreen"] }),
        askMode(2, "fullscreen"),
        answer(),
        initialized,
      ]),
    );
    expect(r["requests-offered-modes"]).toMatchObject({ status: "fail", ruleIds: ["BRG-6"] });
    expect(r["requests-offered-modes"]!.evidence).toMatch(
      /before the host answered ui\/initialize/,
    );
  });

  it("a view that sends core initialize instead of ui/initialize is told so by name", () => {
    const r = check(
      bridge([
        {
          view: {
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "v" } },
          },
        },
      ]),
      { state: "failed", initMs: undefined },
    );
    expect(r.renders!.status).toBe("fail");
    expect(r.renders!.evidence).toMatch(
      /sent the core MCP "initialize" instead of "ui\/initialize"/,
    );
    expect(r.renders!.ruleIds).toContain("BRG-2");
    expect(r["app-capabilities"]!.evidence).toMatch(/core MCP "initialize"/);
  });

  it("a call or message while the view has only partial arguments warns with BRG-3's MUST NOT; after tool-input it does not", () => {
    const partial = {
      host: { method: "ui/notifications/tool-input-partial", params: { arguments: {} } },
    };
    const input = {
      host: { method: "ui/notifications/tool-input", params: { arguments: { room: "a" } } },
    };
    const call = { view: { id: 7, method: "tools/call", params: { name: "save" } } };
    const early = check(bridge([initialize({}), answer(), initialized, partial, call, input]));
    expect(early["partial-input"]).toMatchObject({ status: "warning", ruleIds: ["BRG-3"] });
    expect(early["partial-input"]!.evidence).toMatch(/tools\/call/);
    expect(early["partial-input"]!.evidence).toMatch(/MUST NOT rely on partial arguments/);
    const late = check(bridge([initialize({}), answer(), initialized, partial, input, call]));
    expect(late["partial-input"]!.status).toBe("pass");
    const none = check(bridge([initialize({}), answer(), initialized, input, call]));
    expect(none["partial-input"]!.status).toBe("not-checkable");
  });

  it("a view that never asks for a mode is not credited with checking the host's list", () => {
    const r = check(bridge([initialize({}), answer(), initialized]));
    expect(r["requests-offered-modes"]!.status).toBe("not-checkable");
    expect(r["requests-offered-modes"]!.evidence).toBe(
      "asked for no display mode while watched for 3.0 s",
    );
    expect(r["declares-modes"]!.status).toBe("warning");
  });

  it("a message sent before the handshake's answer is named; ping and the proxy's own notice are not", () => {
    const r = check(
      bridge([
        initialize({}),
        { view: { id: 5, method: "ping" } },
        { view: { id: 6, method: "tools/call", params: { name: "x" } } },
        answer(),
        initialized,
        { view: { id: 7, method: "tools/call", params: { name: "y" } } },
      ]),
    );
    expect(r["handshake-first"]).toMatchObject({ status: "warning" });
    expect(r["handshake-first"]!.evidence).toMatch(
      /^sent \["tools\/call"\] before the host answered/,
    );
  });

  it("a view that never initialized fails 'renders' with the host's own explanation, and the rest cannot be judged", () => {
    const failure = initTimeout(10_000, "no-ui-initialize");
    const r = check(bridge([]), { state: "failed", failures: [failure], initMs: undefined });
    expect(r.renders).toMatchObject({ status: "fail", evidence: failure.message });
    expect(r["app-capabilities"]!.status).toBe("not-checkable");
    expect(r["handshake-first"]!.status).toBe("not-checkable");
  });

  it("a load the CSP blocked fails csp-observed with the directive and the URL", () => {
    const r = check(bridge([initialize({}), answer(), initialized]), {
      failures: [
        {
          kind: "csp-blocked",
          directive: "connect-src",
          blockedURI: "https://api.example.com/data",
          ruleIds: ["CSP-3"],
          message: "blocked",
        },
      ],
    });
    expect(r["csp-observed"]).toMatchObject({
      status: "fail",
      evidence:
        "Reported by the sandbox document (the view could forge it): connect-src blocked https://api.example.com/data",
    });
  });

  it("a refused eval the host recognised as a feature probe passes, said harmless, with where it was", () => {
    const probe = {
      kind: "csp-blocked" as const,
      directive: "script-src",
      blockedURI: "eval",
      ruleIds: ["CSP-2"],
      message: "eval",
      probe: true as const,
    };
    const r = check(bridge([initialize({}), answer(), initialized]), { failures: [probe] });
    expect(r["csp-observed"]!.status).toBe("pass");
    expect(r["csp-observed"]!.evidence).toMatch(/feature probe/);
    expect(r["csp-observed"]!.evidence).toMatch(/harmless/);
    // One probe beside an eval not recognised keeps the warning.
    const both = check(bridge([initialize({}), answer(), initialized]), {
      failures: [probe, { ...probe, probe: undefined }],
    });
    expect(both["csp-observed"]!.status).toBe("warning");
  });

  it("a refused eval warns rather than fails (libraries probe for it), and a blocked load still fails beside it", () => {
    const evalBlock = {
      kind: "csp-blocked" as const,
      directive: "script-src",
      blockedURI: "eval",
      ruleIds: ["CSP-2"],
      message: "eval",
    };
    const only = check(bridge([initialize({}), answer(), initialized]), { failures: [evalBlock] });
    expect(only["csp-observed"]!.status).toBe("warning");
    expect(only["csp-observed"]!.evidence).toMatch(
      /^Reported by the sandbox document \(the view could forge it\): script-src refused eval: no MCP Apps CSP allows/,
    );
    const both = check(bridge([initialize({}), answer(), initialized]), {
      failures: [
        evalBlock,
        { ...evalBlock, directive: "img-src", blockedURI: "https://cdn.example/x.png" },
      ],
    });
    expect(both["csp-observed"]!.status).toBe("fail");
    expect(both["csp-observed"]!.evidence).toMatch(
      /^Reported by the sandbox document \(the view could forge it\): img-src blocked https:\/\/cdn.example\/x.png; script-src refused eval/,
    );
  });
});
