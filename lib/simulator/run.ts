import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { createViewCache, SimHost, type AgentTurn, type ViewCache } from "./host";
import type { Decision } from "./rules";
import type { Scenario } from "./scenario";
import type { ViewDocuments } from "./server";
import { Trace, type TraceEntry } from "./trace";

export interface RunResult {
  scenarioId: string;
  decision: Decision;
  /** "forwarded" / "refused" when the view called a tool; undefined otherwise. */
  appCall?: "forwarded" | "refused";
  appCallResult?: CallToolResult;
  agentTools: AgentTurn["tools"];
  toolResult?: CallToolResult;
  cache?: "hit" | "miss";
  trace: TraceEntry[];
}

/** Minimal complete HTML5 documents for headless runs, where no browser renders them. */
export const HEADLESS_VIEWS: ViewDocuments = {
  demo: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo view</title></head><body><main id="root"></main></body></html>',
  plain:
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain view</title></head><body><main id="root"></main></body></html>',
};

function tracedPipe(t: Transport, trace: Trace, from: string, to: string): Transport {
  const send = t.send.bind(t);
  t.send = (message, options) => {
    trace.message("host-view", from, to, message);
    return send(message, options);
  };
  return t;
}

/**
 * Runs one scenario headlessly: the real server(s) and host over in-memory transports, and, when
 * the view renders, a real ext-apps App connected to the host's AppBridge over an in-memory pair
 * (the browser's proxy and iframes are the only parts left out).
 */
export async function runHeadless(
  scenario: Scenario,
  options: { cache?: ViewCache; views?: ViewDocuments; timeoutMs?: number } = {},
): Promise<RunResult> {
  const trace = new Trace();
  const host = await SimHost.create(
    scenario,
    options.views ?? HEADLESS_VIEWS,
    trace,
    options.cache ?? createViewCache(),
  );
  try {
    const turn = await host.agentTurn();
    const result: RunResult = {
      scenarioId: scenario.id,
      decision: turn.decision,
      agentTools: turn.tools,
      toolResult: turn.toolResult,
      cache: turn.read?.cache,
      trace: trace.entries,
    };
    if (turn.decision.outcome !== "rendered") return result;

    const bridge = host.createBridge(turn, async () => scenario.consentAnswer ?? "deny");
    const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
    const initialized = new Promise<void>((resolve) => {
      bridge.oninitialized = () => resolve();
    });
    await bridge.connect(tracedPipe(hostSide, trace, "host", "view"));
    const app = new App(
      { name: "academy-headless-view", version: "1.0.0" },
      {},
      { autoResize: false },
    );
    app.onteardown = async () => ({});
    const gotResult = new Promise<void>((resolve) => {
      app.ontoolresult = () => resolve();
    });
    await app.connect(tracedPipe(viewSide, trace, "view", "host"));
    await withTimeout(
      initialized,
      options.timeoutMs ?? 5000,
      "the view never sent ui/notifications/initialized",
    );
    // SBX-5: nothing goes to the view before it says it is initialized; BRG-3: input before result.
    await bridge.sendToolInput({ arguments: {} });
    await bridge.sendToolResult(turn.toolResult ?? { content: [] });
    await withTimeout(
      gotResult,
      options.timeoutMs ?? 5000,
      "the view never received its tool result",
    );

    if (scenario.action.kind === "view-calls-tool") {
      result.appCallResult = await app.callServerTool({
        name: scenario.action.tool,
        arguments: scenario.action.arguments,
      });
      const finalDecision = host.lastAppCall;
      if (finalDecision) {
        result.decision = {
          ...turn.decision,
          appCall: finalDecision,
          rows: turn.decision.rows.map((r) => (r.row === "app-call" ? finalDecision : r)),
        };
        result.appCall = finalDecision.forward ? "forwarded" : "refused";
      }
    }
    await bridge.teardownResource({}).catch(() => undefined);
    await app.close();
    await bridge.close();
    return result;
  } finally {
    await host.close();
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${message}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
