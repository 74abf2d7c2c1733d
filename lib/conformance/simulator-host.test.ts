/**
 * The simulator's own host (SimHost: its connection, decisions, AppBridge handlers, order guard
 * and tool-call flow) loaded with the conformance server instead of a scenario's server, and the
 * conformance view's session as the view, headless over an in-memory pair. Browser-only probes
 * say NOT OBSERVABLE here (the e2e runs them in /review); every probe that can be seen must pass.
 */
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { BridgeOrderGuard } from "../host/view/bridge-guard";
import { createViewCache, SimHost } from "../simulator/host";
import { HEADLESS_VIEWS } from "../simulator/run";
import { parseScenario } from "../simulator/scenario";
import { ToolCallFlow } from "../simulator/tool-call-flow";
import { Trace } from "../host/view/trace";
import { isAutomatic, TOOLS, VIEW_URI } from "./probes";
import { ConformanceState, createConformanceServerFactory } from "./server";
import { ConformanceSession } from "./session";

const ORIGINS = { declared: "http://127.0.0.1:41001", undeclared: "http://127.0.0.1:41002" };

/** The host's side of the scenario: what it declares and allows; the server is the conformance one. */
const scenario = (serverEra: "modern" | "dual" | "legacy", clientEra: "modern" | "dual") =>
  parseScenario(
    JSON.stringify({
      version: 1,
      id: "conformance-in-simulator",
      title: "The conformance view in the simulator's host",
      description: "SimHost renders the conformance server's view, which probes it.",
      row: "app-call",
      client: { extension: true, era: clientEra },
      server: { extension: true, era: serverEra },
      uiTool: { name: TOOLS.run, description: "conformance", resourceUri: VIEW_URI },
      resource: { uri: VIEW_URI, mimeType: "text/html;profile=mcp-app" },
      host: { approvedOrigins: [ORIGINS.declared], grantablePermissions: [], outOfPolicy: "text" },
      consent: "allow",
      action: { kind: "agent-calls-tool" },
    }),
    "conformance-in-simulator",
  );

async function runInSimHost(serverEra: "modern" | "dual" | "legacy", clientEra: "modern" | "dual") {
  const state = new ConformanceState();
  const factory = createConformanceServerFactory({
    viewHtml: "<script type=application/json>/*CONFORMANCE_CONFIG*/</script>",
    origins: ORIGINS,
    state,
  });
  const s = scenario(serverEra, clientEra);
  const trace = new Trace();
  const host = await SimHost.create(s, HEADLESS_VIEWS, trace, createViewCache(), factory);
  try {
    const turn = await host.agentTurn({});
    expect(turn.decision.outcome).toBe("rendered");
    const bridge = host.createBridge(turn, async () => "allow");
    const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
    const flow = new ToolCallFlow(s, turn, trace, "host-view", "view");
    bridge.oninitialized = () => void flow.deliver(bridge);
    await bridge.connect(new BridgeOrderGuard(hostSide, trace, "host-view", "view"));
    let receive: (m: unknown) => void = () => {};
    viewSide.onmessage = (m) => receive(m);
    await viewSide.start();
    const session = new ConformanceSession({
      post: (m) => void viewSide.send(m as never),
      listen: (r) => {
        receive = r;
      },
      now: () => performance.now(),
      // The document SimHost read names its read; a browser would hand it to the view.
      readId: (
        JSON.parse(/<script[^>]*>(.*?)<\/script>/.exec(turn.html ?? "")?.[1] ?? "{}") as {
          read?: string;
        }
      ).read,
      resultTimeoutMs: 3000,
    });
    const report = await session.run();
    // The report goes back through the host with the token the server issued with the result.
    const sent = await session.callTool(TOOLS.report, { report, token: session.reportToken });
    await bridge.close();
    return { report, state, sent };
  } finally {
    await host.close();
  }
}

describe("the conformance view in the simulator's host (SimHost), headless", () => {
  it.each([
    ["modern", "modern"],
    ["legacy", "dual"],
  ] as const)(
    "with a %s server and a %s client, no probe fails, the order, input, result, app-call and read probes pass, and the report goes back with its run's token",
    async (serverEra, clientEra) => {
      const { report, state, sent } = await runInSimHost(serverEra, clientEra);
      expect(sent.ok, sent.detail).toBe(true);
      expect(state.reports.map((r) => r.run)).toEqual([report.run]);
      const automatic = report.results.filter(isAutomatic);
      console.log(
        `conformance in SimHost (${serverEra} server): ${JSON.stringify(Object.fromEntries(automatic.map((p) => [p.id, p.verdict])))}`,
      );
      expect(automatic.filter((p) => p.verdict === "FAIL")).toEqual([]);
      const passed = automatic.filter((p) => p.verdict === "PASS").map((p) => p.id);
      expect(passed).toEqual(
        expect.arrayContaining([
          "host-context/initialize-hostcontext",
          "sandbox/no-messages-before-initialized",
          "lifecycle/tool-input",
          "lifecycle/tool-result",
          "lifecycle/tool-input-partial-stop",
          "visibility/app-tool-call-guard",
          "transport/server-passthrough",
          "resource/read-referenced",
        ]),
      );
      expect(state.calls.map((c) => c.tool)).not.toContain(TOOLS.modelOnly);
    },
  );
});
