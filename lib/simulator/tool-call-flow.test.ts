import { App } from "@modelcontextprotocol/ext-apps";
import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import { InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { partialArguments, recoverPartialArguments } from "./partial-input";
import { runHeadless } from "./run";
import { parseScenario, resolvePorts, type Scenario } from "./scenario";
import { ToolCallFlow, type PendingToolCall } from "./tool-call-flow";
import { Trace, tracedTransport, type TraceEntry } from "../host/view/trace";

const presets = new Map(
  (await loadScenarioFiles()).map((f) => [f.scenario.id, resolvePorts(f.scenario, 3000)]),
);
const preset = (id: string): Scenario => {
  const s = presets.get(id);
  if (!s) throw new Error(`no preset ${id}`);
  return s;
};

/** The host's notifications to the view, in order, with their params. */
const toView = (trace: readonly TraceEntry[]) =>
  trace
    .filter((e) => e.from === "host" && e.kind === "notification" && e.method?.startsWith("ui/"))
    .map((e) => ({
      method: e.method!,
      params: (e.message as { params?: Record<string, unknown> }).params,
    }));

describe("streamed tool input (BRG-3)", () => {
  it("recovers an object from unfinished JSON by closing what is open and dropping what cannot be finished", () => {
    expect(recoverPartialArguments('{"city":"Lis')).toEqual({ city: "Lis" });
    expect(recoverPartialArguments('{"city":"Lisbon","gue')).toEqual({ city: "Lisbon" });
    expect(recoverPartialArguments('{"city":"Lisbon","guests":')).toEqual({ city: "Lisbon" });
    expect(recoverPartialArguments('{"a":["x","y')).toEqual({ a: ["x", "y"] });
    expect(recoverPartialArguments('{"a":{"b":tru')).toEqual({ a: {} });
    expect(recoverPartialArguments('{"q":"say \\"hi')).toEqual({ q: 'say "hi' });
    expect(recoverPartialArguments("")).toEqual({});
  });

  it("splits arguments into N-1 partials in which fields are missing at first and values change", () => {
    const args = { destination: "Porto", nights: 12, travellers: ["Ana", "Ben"] };
    const parts = partialArguments(args, 4);
    expect(parts).toHaveLength(3);
    expect(parts[0]).not.toHaveProperty("travellers");
    expect(parts.at(-1)).not.toEqual(args);
    expect(partialArguments(args, 1)).toEqual([]);
  });

  it("sends tool-input-partial N-1 times, then tool-input with the whole arguments, and no partial after it", async () => {
    const s = preset("tool-input-streamed");
    const r = await runHeadless(s);
    const sent = toView(r.trace);
    const methods = sent.map((m) => m.method);
    const input = methods.indexOf("ui/notifications/tool-input");
    expect(methods.slice(0, input)).toEqual(Array(3).fill("ui/notifications/tool-input-partial"));
    expect(methods.slice(input + 1)).not.toContain("ui/notifications/tool-input-partial");
    expect(methods.filter((m) => m === "ui/notifications/tool-input")).toHaveLength(1);
    expect(methods).toContain("ui/notifications/tool-result");
    expect(sent[input]!.params?.arguments).toMatchObject(s.toolCall!.arguments);
    // The partials are previews that grow: the first lacks fields the whole input has.
    const first = sent[0]!.params!.arguments as Record<string, unknown>;
    expect(Object.keys(first).length).toBeLessThan(Object.keys(s.toolCall!.arguments).length);
    expect(r.toolCall).toEqual({ state: "completed", partials: 3, inputSent: true });
  });
});

describe("a cancelled tool call (BRG-3)", () => {
  it("sends tool-cancelled with the reason, aborts the request at the server, and sends no tool-result or input after it", async () => {
    const s = preset("tool-call-cancelled");
    const started = Date.now();
    const r = await runHeadless(s);
    // The 10 s tool was stopped, not waited for.
    expect(Date.now() - started).toBeLessThan(5000);
    const sent = toView(r.trace);
    const methods = sent.map((m) => m.method);
    const cancelled = methods.indexOf("ui/notifications/tool-cancelled");
    expect(cancelled).toBeGreaterThan(methods.indexOf("ui/notifications/tool-input"));
    expect(sent[cancelled]!.params).toEqual({ reason: s.toolCall!.cancelReason });
    expect(methods).not.toContain("ui/notifications/tool-result");
    expect(methods.slice(cancelled + 1)).toEqual([]);
    // The client told the server (notifications/cancelled), and the server stopped working.
    expect(
      r.trace.some(
        (e) =>
          e.channel === "host-server" &&
          e.from === "host" &&
          e.method === "notifications/cancelled",
      ),
    ).toBe(true);
    expect(r.trace.some((e) => e.from === "server" && e.note?.includes("stopped"))).toBe(true);
    expect(r.toolCall).toMatchObject({ state: "cancelled", reason: s.toolCall!.cancelReason });
    expect(r.outcome).toBe("rendered");
  });

  it("stops streaming when the call is cancelled mid-stream: no partial and no tool-input follow tool-cancelled", async () => {
    const base = preset("tool-input-streamed");
    const s: Scenario = {
      ...base,
      toolCall: { ...base.toolCall!, inputParts: 6, partIntervalMs: 30, durationMs: 5000 },
    };
    const trace = new Trace();
    let abortedWith: string | undefined;
    let settle!: (r: CallToolResult | undefined) => void;
    const call: PendingToolCall = {
      done: new Promise((r) => (settle = r)),
      cancel(reason) {
        abortedWith = reason;
        settle(undefined);
        return true;
      },
    };
    const flow = new ToolCallFlow(s, { call }, trace, "host-view", "view");
    const bridge = new AppBridge(null, { name: "h", version: "1" }, {});
    const app = new App({ name: "v", version: "1" }, {}, { autoResize: false });
    const got: string[] = [];
    app.ontoolinputpartial = () => got.push("partial");
    app.ontoolinput = () => got.push("input");
    app.ontoolcancelled = (p) => got.push(`cancelled: ${p.reason}`);
    const initialized = new Promise<void>((r) => (bridge.oninitialized = () => r()));
    const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
    await bridge.connect(tracedTransport(hostSide, trace, "host-view", "host", "view"));
    await app.connect(viewSide);
    await initialized;
    const delivering = flow.deliver(bridge);
    await new Promise((r) => setTimeout(r, 70));
    expect(await flow.cancel("The agent stopped.")).toBe(true);
    await delivering;
    await flow.finished;
    await new Promise((r) => setTimeout(r, 100));
    expect(abortedWith).toBe("The agent stopped.");
    expect(got.at(-1)).toBe("cancelled: The agent stopped.");
    expect(got).not.toContain("input");
    expect(got.filter((g) => g === "partial").length).toBeLessThan(5);
    const methods = toView(trace.entries).map((m) => m.method);
    expect(methods.at(-1)).toBe("ui/notifications/tool-cancelled");
    expect(await flow.cancel("again")).toBe(false);
    await app.close();
    await bridge.close();
  });
});

describe("the toolCall scenario option", () => {
  it("is optional, so scenarios written before it still parse unchanged", () => {
    const old = preset("happy-path");
    expect(old.toolCall).toBeUndefined();
    expect(parseScenario(JSON.stringify(old), "link")).toEqual(old);
  });

  it("refuses a cancel that would come after the call has answered, naming the field", () => {
    const s = {
      ...preset("tool-call-cancelled"),
      toolCall: { durationMs: 100, cancelAfterMs: 200 },
    };
    expect(() => parseScenario(s, "editor")).toThrow(/toolCall\.cancelAfterMs: .*durationMs/);
  });
});
