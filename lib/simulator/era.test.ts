import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runHeadless } from "./run";
import { parseScenario, resolvePorts } from "./scenario";
import { previewDecision } from "./preview";
import type { TraceEntry } from "../host/view/trace";

const load = (id: string) =>
  resolvePorts(parseScenario(readFileSync(`content/scenarios/${id}.json`, "utf8"), id), 4000);

const sentBy = (trace: TraceEntry[], method: string) =>
  trace.filter((e) => e.from === "host" && e.kind === "request" && e.method === method);

describe("scenario eras go over the wire (NEG-6)", () => {
  it("a dual-era client and a legacy server: probe refused, then an initialize session", async () => {
    const result = await runHeadless(load("era-dual-client-legacy-server"));
    expect(sentBy(result.trace, "server/discover").length).toBeGreaterThan(0);
    expect(sentBy(result.trace, "initialize")).toHaveLength(1);
    expect(result.era).toMatchObject({ client: "dual", server: "legacy", session: "legacy" });
    expect(result.era?.protocolVersion).not.toBe("2026-07-28");
    // NEG-5: the declaration was carried by initialize, not by the tools/call's _meta.
    const init = sentBy(result.trace, "initialize")[0]!.message as {
      params: { capabilities: { extensions?: Record<string, unknown> } };
    };
    expect(init.params.capabilities.extensions).toHaveProperty(["io.modelcontextprotocol/ui"]);
    const negotiation = result.decision.rows.find((r) => r.row === "negotiation")!;
    expect(negotiation.ruleIds).toEqual(expect.arrayContaining(["NEG-5", "NEG-6"]));
    expect(negotiation.reason).toMatch(/^legacy era/);
    // No row or trace line claims a per-request declaration on a legacy session.
    const appCall = result.decision.rows.find((r) => r.row === "app-call")!;
    expect(appCall.reason).toContain("legacy session");
    expect(appCall.reason).not.toContain("per-request _meta");
    const serverNotes = result.trace
      .filter((e) => e.from === "server" && e.note)
      .map((e) => e.note);
    expect(serverNotes.some((n) => n!.includes("UI declared in initialize (NEG-5)"))).toBe(true);
    expect(serverNotes.some((n) => n!.includes("on this request (NEG-2)"))).toBe(false);
  });

  it("a modern client and a dual server: no initialize, modern rule", async () => {
    const result = await runHeadless(load("era-modern-client-dual-server"));
    expect(sentBy(result.trace, "initialize")).toHaveLength(0);
    expect(result.era).toMatchObject({ session: "modern", protocolVersion: "2026-07-28" });
    const negotiation = result.decision.rows.find((r) => r.row === "negotiation")!;
    expect(negotiation.reason).toMatch(/^modern era/);
  });

  it("a modern-only client and a legacy-only server: no session, and the message names the fix", async () => {
    const result = await runHeadless(load("era-modern-client-legacy-server"));
    expect(result.outcome).toBe("not-connected");
    expect(result.era).toBeUndefined();
    expect(result.agentTools).toEqual([]);
    expect(sentBy(result.trace, "tools/list")).toHaveLength(0);
    const negotiation = result.decision.rows.find((r) => r.row === "negotiation")!;
    expect(negotiation.ruleIds).toContain("NEG-6");
    expect(negotiation.reason).toContain("dual-era client");
    expect(negotiation.reason).toMatch(/serve 2026-07-28 from the server as well/);
    // The instant preview tells the same two fixes before the run.
    const preview = previewDecision(load("era-modern-client-legacy-server"));
    expect(preview.rows.find((r) => r.row === "negotiation")!.reason).toMatch(
      /serve both eras.*dual-era client/,
    );
  });
});
