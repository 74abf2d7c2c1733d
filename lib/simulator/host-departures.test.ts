import { describe, expect, it } from "vitest";
import { REFERENCE_PROFILE } from "../decide/host-fields";
import { loadHostProfiles } from "../content/host-profiles";
import { loadHostRecords } from "../content/hosts";
import { loadScenarioFiles } from "../content/scenarios";
import { hostDepartures } from "./host-departures";
import { previewDecision } from "./preview";
import { resolvePorts } from "./scenario";

const profiles = await loadHostProfiles(await loadHostRecords(), "2026-12-20");
const profile = (id: string) => profiles.find((p) => p.id === id)!;
const presets = await loadScenarioFiles();
const preset = (id: string) =>
  resolvePorts(presets.find((f) => f.scenario.id === id)!.scenario, 3000);

describe("what a host profile changes in a scenario's table", () => {
  it("changes nothing under the reference profile, for every preset", () => {
    for (const f of presets) {
      const s = resolvePorts(f.scenario, 3000);
      const d = hostDepartures(s, REFERENCE_PROFILE);
      expect(d.departures, s.id).toEqual([]);
      expect(d.decision).toEqual(previewDecision(s));
      expect(d.outside).toEqual([]);
    }
  });

  it("Claude: frame and base-uri lists dropped, an allowed variation (CSP-3) on Claude's record", () => {
    const d = hostDepartures(preset("csp-all-four-lists"), profile("claude"));
    expect(d.departures.map((r) => r.row)).toEqual(["csp"]);
    const [csp] = d.departures;
    expect(csp!.reference.verdict).toBe("pass");
    expect(csp!.fields.map((f) => [f.field, f.judgement.kind])).toEqual([
      ["cspFrameDomains", "variation"],
      ["cspBaseUriDomains", "variation"],
    ]);
    expect(csp!.fields[0]!.judgement.ruleIds).toContain("CSP-3");
    expect(csp!.fields[0]!.evidence).toMatchObject({
      cell: "csp/host-may-restrict",
      date: "2026-08-19",
      kind: "third-party-prober",
    });
    expect(d.decision.csp!.header).toContain("frame-src 'none'");
    expect(d.reference.csp!.header).toContain("frame-src http://frames.localhost:3000");
  });

  it("sunpeak (Claude runtime): a view's call to a model-only tool forwarded, a violation of TOOL-4, measured", () => {
    const d = hostDepartures(preset("app-calls-model-only-tool"), profile("sunpeak-claude"));
    const call = d.departures.find((r) => r.row === "app-call")!;
    expect(call.reference).toMatchObject({ verdict: "fail", ruleIds: ["TOOL-4", "BRG-5"] });
    expect(d.decision.appCall!.forward).toBe(true);
    expect(call.fields).toHaveLength(1);
    expect(call.fields[0]).toMatchObject({
      field: "appCallVisibility",
      status: "known",
      judgement: { kind: "violation", ruleIds: ["TOOL-4"] },
      evidence: { kind: "measured", date: "2026-12-06", cell: "visibility/app-tool-call-guard" },
    });
  });

  it("VS Code: a legacy-only client cannot reach a modern-only server, and every later row follows", () => {
    const d = hostDepartures(preset("era-modern-client-modern-server"), profile("vscode"));
    expect(d.decision.outcome).toBe("not-connected");
    const negotiation = d.departures.find((r) => r.row === "negotiation")!;
    expect(negotiation.fields.map((f) => [f.field, f.value, f.judgement.kind])).toEqual([
      ["eras", "legacy", "variation"],
    ]);
    const rest = d.departures.filter((r) => r.row !== "negotiation");
    expect(rest.length).toBeGreaterThan(0);
    for (const r of rest) expect(r).toMatchObject({ fields: [], followsFrom: "negotiation" });
  });

  it("Claude and ChatGPT speak both eras: a legacy-only server is reached where the reference is not", () => {
    const d = hostDepartures(preset("era-modern-client-legacy-server"), profile("chatgpt"));
    expect(d.reference.outcome).toBe("not-connected");
    expect(d.decision.outcome).toBe("rendered");
  });

  it("Cursor lists an app-only tool for the agent (TOOL-3 broken), on a third-party probe", () => {
    // Cursor speaks only the legacy era: the server serves both, so a session opens.
    const s = preset("visibility-app-only-ui-tool");
    const d = hostDepartures({ ...s, server: { ...s.server, era: "dual" } }, profile("cursor"));
    const vis = d.departures.find((r) => r.row === "visibility")!;
    expect(vis.fields[0]).toMatchObject({
      field: "agentVisibility",
      judgement: { kind: "violation", ruleIds: ["TOOL-3"] },
      evidence: { kind: "third-party-prober" },
    });
    expect(d.decision.outcome).not.toBe("not-called");
  });

  it("basic-host: the looser default CSP for a view without csp, a violation of CSP-4", () => {
    const d = hostDepartures(preset("csp-omitted-restrictive-default"), profile("basic-host"));
    const csp = d.departures.find((r) => r.row === "csp")!;
    expect(csp.fields.map((f) => [f.field, f.judgement.kind, f.judgement.ruleIds])).toEqual([
      ["defaultCsp", "violation", ["CSP-4"]],
    ]);
  });

  it("says which fields that could change a row are unknown for the host", () => {
    const d = hostDepartures(preset("happy-path"), profile("claude"));
    expect(d.unknown.csp).toEqual(["defaultCsp"]);
    expect(d.unknown["app-call"]).toEqual(["consent"]);
  });

  it("lists what departs outside the table: Claude's model context, structuredContent, domain rule", () => {
    const d = hostDepartures(preset("happy-path"), profile("claude"));
    expect(d.outside.map((f) => f.field)).toEqual([
      "displayModes",
      "domain",
      "modelContext",
      "structuredContent",
      "caching",
    ]);
  });
});
