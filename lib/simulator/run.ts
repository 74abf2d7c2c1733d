import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { agentArguments } from "./agent-arguments";
import { HostConnectError } from "../host/connect";
import { createViewCache, SimHost, type AgentTurn, type EraInfo, type ViewCache } from "./host";
import { decideNotConnected, type Decision } from "../decide";
import type { HostBehaviours } from "../decide/host-profile";
import type { Scenario } from "./scenario";
import type { MainServerFor, ViewDocuments } from "./server";
import { BridgeOrderGuard } from "../host/view/bridge-guard";
import { withTimeout } from "../host/view/timeout";
import { ToolCallFlow, type ToolCallReport } from "./tool-call-flow";
import { Trace, tracedTransport, type TraceEntry } from "../host/view/trace";
import { recordCspBeforeRender } from "../host/view/csp-notice";

export interface RunResult {
  scenarioId: string;
  decision: Decision;
  /** The decision's outcome, or "timed-out" when a rendered view never completed the handshake. */
  outcome: Decision["outcome"] | "timed-out";
  reason?: string;
  /** "forwarded" / "refused" when the view called a tool; undefined otherwise. */
  appCall?: "forwarded" | "refused";
  appCallResult?: CallToolResult;
  agentTools: AgentTurn["tools"];
  toolResult?: CallToolResult;
  cache?: "hit" | "miss";
  /** NEG-6: the session's era; absent when no session could be opened. */
  era?: EraInfo;
  /** BRG-3: how the agent's call ended for the view, and how many partial inputs it was sent. */
  toolCall?: ToolCallReport;
  trace: TraceEntry[];
}

const doc = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main id="root"></main></body></html>`;

/** Minimal complete HTML5 documents for headless runs, where no browser renders them. */
export const HEADLESS_VIEWS: ViewDocuments = {
  demo: doc("Demo view"),
  plain: doc("Plain view"),
  silent: doc("Silent view"),
  garbage: doc("Garbage view"),
  hostile: doc("Hostile view"),
  eval: doc("Eval view"),
  // The conformance server fills its settings in at this marker (lib/conformance/server.ts).
  conformance: doc("Conformance view").replace(
    "</head>",
    '<script type="application/json" id="config">/*CONFORMANCE_CONFIG*/</script></head>',
  ),
};

/**
 * Views whose browser document completes the handshake. Headless runs have no browser to run the
 * hostile, eval or conformance document's script, so an ext-apps App stands in for them (their
 * attacks, their eval and the conformance probes only exist in Chromium, where the e2e tests check
 * them; lib/conformance/simulator-host.test.ts runs the probes against SimHost headless).
 */
const HANDSHAKING = new Set(["demo", "plain", "hostile", "eval", "conformance"]);

/** What the garbage view sends instead of a handshake (the same list as public/sim-views/garbage.html). */
const GARBAGE_MESSAGES: unknown[] = [
  "not json-rpc",
  42,
  null,
  { jsonrpc: "1.0", method: "ui/initialize", id: 1 },
  { jsonrpc: "2.0" },
  { jsonrpc: "2.0", method: 7 },
];

/**
 * Runs one scenario headlessly: the real server(s) and host over in-memory transports, and, when
 * the view renders, a real ext-apps App connected to the host's AppBridge over an in-memory pair
 * (the browser's proxy and iframes are the only parts left out). A silent or garbage-sending view
 * ends in "timed-out", never a hang.
 */
export async function runHeadless(
  scenario: Scenario,
  options: {
    cache?: ViewCache;
    views?: ViewDocuments;
    timeoutMs?: number;
    /** A host profile's behaviours (issue 33); the reference's by default. */
    behaviours?: HostBehaviours;
    /** A real server for the scenario's main one (see SimHost.create); its simulated one if none. */
    mainServer?: MainServerFor;
  } = {},
): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const trace = new Trace();
  const views = options.views ?? HEADLESS_VIEWS;
  const mainServer = await options.mainServer?.(scenario, views);
  let host: SimHost;
  try {
    host = await SimHost.create(
      scenario,
      views,
      trace,
      options.cache ?? createViewCache(),
      mainServer,
      options.behaviours,
    );
  } catch (error) {
    // NEG-6: no era in common is an outcome of the scenario, told with the fix, not a crash.
    if (!(error instanceof HostConnectError)) throw error;
    const decision = decideNotConnected(error.message, error.ruleIds);
    return {
      scenarioId: scenario.id,
      decision,
      outcome: decision.outcome,
      reason: error.message,
      agentTools: [],
      trace: trace.entries,
    };
  }
  try {
    const turn = await host.agentTurn(agentArguments(scenario));
    const result: RunResult = {
      scenarioId: scenario.id,
      era: host.era,
      decision: turn.decision,
      outcome: turn.decision.outcome,
      agentTools: turn.tools,
      toolResult: turn.toolResult,
      cache: turn.read?.cache,
      trace: trace.entries,
    };
    if (turn.decision.outcome !== "rendered") return result;
    // CSP-3: the policy logged for audit, and the warning a person would be shown, before rendering.
    recordCspBeforeRender(trace, turn.decision.csp);

    let finalCall: Promise<void> = Promise.resolve();
    const bridge = host.createBridge(turn, async () => scenario.consentAnswer ?? "deny", {
      onAppCall(decision, callResult) {
        if (!decision) return;
        result.appCall = decision.forward ? "forwarded" : "refused";
        result.appCallResult = callResult;
        result.decision = {
          ...turn.decision,
          appCall: decision,
          rows: turn.decision.rows.map((r) => (r.row === "app-call" ? decision : r)),
        };
      },
    });
    const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
    const initialized = new Promise<void>((resolve) => {
      bridge.oninitialized = () => resolve();
    });
    bridge.onerror = (e) =>
      trace.event("host-view", "view", "host", `rejected: ${e.message}`, "rejected");
    // BRG-2/SBX-6/BRG-3: the view's order is enforced before the bridge sees a message.
    await bridge.connect(
      new BridgeOrderGuard(
        tracedTransport(hostSide, trace, "host-view", "host", "view"),
        trace,
        "host-view",
        "view",
      ),
    );

    const kind = scenario.resource.view;
    let app: App | undefined;
    let gotResult: Promise<void> = Promise.resolve();
    if (HANDSHAKING.has(kind)) {
      app = new App(
        { name: `academy-headless-${kind}-view`, version: "1.0.0" },
        {},
        { autoResize: false },
      );
      app.onteardown = async () => ({});
      // BRG-3: the call ends for the view with tool-result or with tool-cancelled.
      gotResult = new Promise<void>((resolve) => {
        app!.ontoolresult = () => resolve();
        app!.ontoolcancelled = () => resolve();
      });
      await app.connect(tracedTransport(viewSide, trace, "host-view", "view", "host"));
    } else if (kind === "garbage") {
      await viewSide.start();
      for (const m of GARBAGE_MESSAGES) {
        trace.message("host-view", "view", "host", m, "rejected", "not a JSON-RPC 2.0 message");
        await viewSide.send(m as never).catch(() => undefined);
      }
    }

    try {
      await withTimeout(
        initialized,
        HANDSHAKING.has(kind) ? timeoutMs : Math.min(timeoutMs, 500),
        ": the view never sent ui/notifications/initialized",
      );
    } catch (error) {
      result.outcome = "timed-out";
      result.reason = (error as Error).message;
      trace.event("host-view", "host", "view", result.reason, "refused");
      await bridge.close().catch(() => undefined);
      return result;
    }
    // SBX-5: nothing goes to the view before it says it is initialized; BRG-3: partial input (if
    // it streams), tool-input, then tool-result, or tool-cancelled if the call is cancelled.
    const flow = new ToolCallFlow(scenario, turn, trace, "host-view", "view");
    await flow.deliver(bridge);
    await withTimeout(
      flow.finished,
      timeoutMs + (scenario.toolCall?.durationMs ?? 0),
      ": the tool call never ended",
    );
    result.toolCall = flow.report();
    if (turn.call) result.toolResult = await turn.call.done.catch(() => undefined);
    await withTimeout(gotResult, timeoutMs, ": the view never received its tool result");

    if (scenario.action.kind === "view-calls-tool" && app) {
      finalCall = app
        .callServerTool({ name: scenario.action.tool, arguments: scenario.action.arguments })
        .then(() => undefined);
      await finalCall;
    }
    await withTimeout(bridge.teardownResource({}), 1000, ": teardown").catch(() => undefined);
    await app?.close();
    await bridge.close();
    return result;
  } finally {
    await host.close();
  }
}
