import type { CallToolResult } from "@modelcontextprotocol/client";
import { HostConnectError } from "../host/connect";
import {
  createViewCache,
  hostContextFor,
  type PageContext,
  SimHost,
  type AgentTurn,
  type AskConsent,
  type EraInfo,
  type ViewCache,
} from "./host";
import {
  buildCspHeader,
  DEFAULT_CSP_HEADER,
  decideNotConnected,
  type Decision,
  type DecisionInputs,
} from "../decide";
import type { HostBehaviours } from "../decide/host-profile";
import type { Scenario } from "./scenario";
import type { MainServerFor, ViewDocuments } from "./server";
import { Trace, type TraceEntry } from "../host/view/trace";
import type { InstrumentationReport } from "../host/view/inbound";
import { withPausableTimeout } from "../host/view/timeout";
import { checkOrigins } from "../host/view/origins";
import type { HostFault } from "../host/view/host-fault";
import { cspWithFault, htmlWithFault } from "../host/view/host-fault-apply";
import type { ProxyPool } from "../host/view/proxy-pool";
import { tokenIssuer, type IssueProxy } from "../host/view/proxy-ticket";
import { agentArguments } from "./agent-arguments";
import { recordCspBeforeRender } from "../host/view/csp-notice";
import { openViewSession, type ViewSession } from "../host/view";
import { ToolCallFlow, type ToolCallReport } from "./tool-call-flow";
import type { ConversationSnapshot } from "./conversation";
import { FIRST_MARKS, markFirst } from "../first-marks";

export interface BrowserRunOptions {
  /** Where the proxy iframe goes. */
  container: HTMLElement;
  hostOrigin: string;
  sandboxOrigin: string;
  askConsent: AskConsent;
  cache?: ViewCache;
  /** Fetches a view document; defaults to /sim-views/<kind>.html on the host origin. */
  loadView?: (kind: Scenario["resource"]["view"]) => Promise<string>;
  timeoutMs?: number;
  /**
   * Settles when the previous view is gone (its teardown answered, BRG-3, and its frame removed).
   * The agent turn runs meanwhile. A run that takes a spare proxy does not wait for it: that proxy
   * is loaded and on an origin of its own, so the HTML goes to it at once while the old view is
   * still answering its teardown (the old frame is removed only after that answer). A run that
   * must load a new proxy frame waits.
   */
  beforeRender?: Promise<unknown>;
  /**
   * The run being replaced, if any: its proxy's late messages (the teardown answer) are its own
   * run's business, neither handled nor traced by this one.
   */
  replacing?: Pick<BrowserRun, "isOwnWindow" | "setAside">;
  /**
   * Aborted when a newer run starts while this one is still on its way: its frame is set aside
   * (out of sight and out of the accessibility tree) at once, or made that way, so the page never
   * shows two views; the caller disposes of the run when it returns (SBX-5 / BRG-3 as usual).
   */
  superseded?: AbortSignal;
  /** Called with each new trace entry, for live display. */
  onTrace?: (entry: TraceEntry, all: readonly TraceEntry[]) => void;
  /**
   * Spare proxies: the run takes one loaded for its proxy URL if there is one, and leaves a new
   * spare for the same URL once its view has settled, for the next run.
   */
  pool?: ProxyPool;
  /** Obtains a signed proxy URL for one run; defaults to the app's own token route. */
  issueProxy?: IssueProxy;
  /**
   * Called when a run that has already returned changes (a breach or a limit tore it down), so
   * the page can show the new outcome.
   */
  onChange?: (run: BrowserRun) => void;
  /** The page's theme and style variables, passed to the view in its host context. */
  hostContext?: PageContext;
  /** Test-only: a host behaviour broken on purpose (the negative control, see host-fault.ts). */
  hostFault?: HostFault;
  /** What the host does where a real host departs from the reference (a host profile, issue 33). */
  behaviours?: HostBehaviours;
  /**
   * A real server for the scenario's main one, handed in by the page (the conformance server for
   * the conformance view; see SimHost.create); the scenario's simulated server if none.
   */
  mainServer?: MainServerFor;
}

/**
 * "torn-down": the host ended a rendered run because the sandbox was breached (its proxy reloaded)
 * or the view broke a resource limit; `reason` says which.
 */
type BrowserOutcome = Decision["outcome"] | "timed-out" | "refused-to-run" | "torn-down";

export interface BrowserRun {
  decision?: Decision;
  /** What the host observed, so the pure decision can be replayed (benchmarks). */
  inputs?: DecisionInputs;
  outcome: BrowserOutcome;
  reason?: string;
  agentTools: AgentTurn["tools"];
  /** NEG-6: the session's era; absent when no session could be opened. */
  era?: EraInfo;
  toolResult?: CallToolResult;
  /** BRG-3: the agent's call as the view is told it: streamed parts, then its result or its cancel. */
  toolCall?: ToolCallReport;
  /**
   * Cancels the agent's call while it runs (the page's Cancel button): the view is sent
   * tool-cancelled (BRG-3). False when nothing was running.
   */
  cancelToolCall?(reason: string): Promise<boolean>;
  /** BRG-4: the simulated transcript the view's ui/message joins, and the model's next context. */
  conversation?: ConversationSnapshot;
  appCall?: "forwarded" | "refused";
  appCallResult?: CallToolResult;
  /** The exact proxy URL, and the CSP header the host expects the proxy to be served with. */
  proxyUrl?: string;
  /** This run's own sandbox origin (r-<id>.sandbox…). */
  runOrigin?: string;
  cspHeader?: string;
  violations: InstrumentationReport[];
  /**
   * performance.now() marks: when the run started, when its proxy frame started loading (or, for a
   * spare, when the run took it), when the view said it had the result.
   */
  timings: { start?: number; proxyLoad?: number; resultInView?: number };
  /** True when the run used a spare proxy loaded before it (see ProxyPool). */
  proxyPreloaded?: boolean;
  selfTest?: InstrumentationReport;
  trace: Trace;
  /**
   * True once the person chose "Deny and close the view" on a consent prompt: the view is torn
   * down and nothing more of it reaches the server (BRG-5, host policy).
   */
  closedByUser?: boolean;
  /**
   * Tears the view down (ui/resource-teardown first if the view initialized, BRG-3; none if it
   * never did, SBX-5), removes the iframe and listeners.
   */
  dispose(): Promise<void>;
  /** True when `source` is this run's proxy window. */
  isOwnWindow(source: unknown): boolean;
  /**
   * Takes this run's view out of sight and reach (the next view is showing in its place) while it
   * is still being torn down; it stays in the page until it has answered (BRG-3).
   */
  setAside(): void;
  /**
   * The page's theme or styles changed: the live view is told with
   * `ui/notifications/host-context-changed` (the fields that changed), not rendered again. Before
   * the view has said `ui/notifications/initialized` nothing is sent (SBX-5): the change goes out
   * right after its tool result instead.
   */
  setHostContext(context: PageContext): void;
}

/** How long a run keeps the run it replaced: past the previous view's 1 s teardown limit. */
const PREVIOUS_RUN_MS = 3000;

// The view documents are static files; a page fetches each once, as a server reads its files once.
const viewDocuments = new Map<string, Promise<string>>();

function defaultLoadView(kind: string): Promise<string> {
  let doc = viewDocuments.get(kind);
  if (!doc) {
    doc = fetch(`/sim-views/${kind}.html`).then((r) => {
      if (!r.ok) throw new Error(`could not load the ${kind} view document (${r.status})`);
      return r.text();
    });
    doc.catch(() => viewDocuments.delete(kind));
    viewDocuments.set(kind, doc);
  }
  return doc;
}

/** A run with nothing rendered: nothing to dispose of, no window of its own. */
function runWithoutView(trace: Trace, fields: Partial<BrowserRun>): BrowserRun {
  return {
    outcome: "text",
    agentTools: [],
    violations: [],
    timings: {},
    trace,
    dispose: async () => {},
    isOwnWindow: () => false,
    setAside: () => {},
    setHostContext: () => {},
    ...fields,
  };
}

/** The trace, with each new entry shown to `onTrace` as it comes. */
function liveTrace(onTrace: BrowserRunOptions["onTrace"]): Trace {
  const trace = new Trace();
  if (onTrace) {
    const push = trace.entries.push.bind(trace.entries);
    trace.entries.push = (...items: TraceEntry[]) => {
      const n = push(...items);
      items.forEach((e) => onTrace(e, trace.entries));
      return n;
    };
  }
  return trace;
}

/**
 * Runs a scenario in the browser: real server(s) and host in this page over in-memory transports,
 * and, when the table says render, the view in a real sandbox proxy on the sandbox origin, whose
 * CSP header Chromium enforces (a ViewSession, lib/host/view-session). Resolves when the run has
 * settled (or timed out); never hangs.
 */
// Evaluated when the runner chunk arrives: the cold-start bench's "runner" segment ends here.
markFirst(FIRST_MARKS.runner);

export async function runInBrowser(
  scenario: Scenario,
  options: BrowserRunOptions,
): Promise<BrowserRun> {
  // The run before this one matters only while its set-aside frame may still speak: until it
  // answers its teardown or the 1 s limit passes (BRG-3). Holding it for longer, through `o`,
  // chained every run to the one before and kept them all alive (the 200-run footprint bench saw
  // the heap grow 31 %).
  let previous = options.replacing;
  setTimeout(() => (previous = undefined), PREVIOUS_RUN_MS);
  const o: BrowserRunOptions = { ...options, replacing: undefined };
  const started = performance.now();
  const trace = liveTrace(o.onTrace);
  const origins = checkOrigins(o.hostOrigin, o.sandboxOrigin);
  if (!origins.ok)
    return runWithoutView(trace, { outcome: "refused-to-run", reason: origins.reason });
  const kind = scenario.resource.view;
  const html = await (o.loadView ?? defaultLoadView)(kind);
  // Only the document this scenario serves is fetched; the others stay empty.
  const views: ViewDocuments = {
    demo: "",
    plain: "",
    silent: "",
    garbage: "",
    hostile: "",
    eval: "",
    conformance: "",
    [kind]: html,
  };
  const mainServer = await o.mainServer?.(scenario, views);
  let host: SimHost;
  try {
    host = await SimHost.create(
      scenario,
      views,
      trace,
      o.cache ?? createViewCache(),
      mainServer,
      o.behaviours,
    );
  } catch (error) {
    // NEG-6: no era in common is an outcome of the scenario, told with the fix, not a crash.
    if (!(error instanceof HostConnectError)) throw error;
    const decision = decideNotConnected(error.message, error.ruleIds);
    return runWithoutView(trace, {
      decision,
      outcome: decision.outcome,
      reason: error.message,
      timings: { start: started },
    });
  }
  const turn = await host.agentTurn(agentArguments(scenario));
  const run = runWithoutView(trace, {
    era: host.era,
    decision: turn.decision,
    inputs: turn.inputs,
    outcome: turn.decision.outcome,
    agentTools: turn.tools,
    toolResult: turn.toolResult,
    timings: { start: started },
    dispose: () => host.close(),
  });
  if (turn.decision.outcome !== "rendered" || !turn.html) return run;
  return renderView(scenario, host, turn, run, o, () => previous);
}

/** The rendered part of a run: the view in a ViewSession, until it settles or times out. */
async function renderView(
  scenario: Scenario,
  host: SimHost,
  turn: AgentTurn,
  run: BrowserRun,
  o: BrowserRunOptions,
  previous: () => BrowserRunOptions["replacing"],
): Promise<BrowserRun> {
  const trace = run.trace;
  const issue = o.issueProxy ?? tokenIssuer(o.hostOrigin, o.sandboxOrigin);
  run.cspHeader = turn.decision.csp?.header;
  // CSP-3: the policy is logged for audit, and the person warned of external origins, before the
  // view's HTML goes anywhere.
  const warning = recordCspBeforeRender(trace, turn.decision.csp);
  // A host profile may serve a looser policy than the spec's, or none. The table says so; this
  // page's sandbox never loosens its own: the proxy is served the policy of the approved domains.
  const csp = turn.decision.csp;
  const served = csp?.effective ? buildCspHeader(csp.effective) : DEFAULT_CSP_HEADER;
  if (csp && csp.header !== served)
    trace.event(
      "host-proxy",
      "host",
      "proxy",
      `this host would serve ${csp.header ? `"${csp.header}"` : "no Content-Security-Policy"}; the simulator's sandbox never loosens its own policy, so here the view runs under "${served}"`,
    );
  const settled = deferred<void>();
  // Set once the session is open; the bridge's handlers and the session's hooks read them later.
  const live: { session?: ViewSession; flow?: ToolCallFlow } = {};
  const bridge = host.createBridge(
    turn,
    o.askConsent,
    {
      onAppCall(decision, result) {
        // The conformance view's calls are its probes, not the scenario's action: the table keeps
        // the agent's rows, and each call is in the trace.
        if (scenario.resource.view === "conformance") return;
        run.appCallResult = result;
        run.appCall = decision?.forward ? "forwarded" : "refused";
        if (decision) {
          run.decision = {
            ...turn.decision,
            appCall: decision,
            rows: turn.decision.rows.map((r) => (r.row === "app-call" ? decision : r)),
          };
        }
        settled.resolve();
      },
      onLog(params) {
        if (params.data === "tool-result received") {
          run.timings.resultInView = performance.now();
          live.session?.releaseSize();
        }
      },
    },
    o.hostContext,
  );
  const opened = await openViewSession({
    container: o.container,
    trace,
    html: htmlWithFault(turn.html!, o.hostFault),
    csp: cspWithFault(turn.decision.csp?.effective ?? undefined, o.hostFault, o.hostOrigin),
    granted: turn.decision.permissions?.granted ?? [],
    hostOrigin: o.hostOrigin,
    sandboxOrigin: o.sandboxOrigin,
    issueProxy: issue,
    pool: o.pool,
    beforeRender: o.beforeRender,
    previous,
    bridge,
    consents: host.consents,
    frame: { kind: "proxy" },
    warning,
    // BRG-7: no containerDimensions is sent, so the container is flexible both ways: follow the
    // view's width and height, and only once its result is in (until then the frame keeps its
    // size, so the page does not lay out again in the result's path).
    sizing: { held: true },
    onInstrumentation(report) {
      if (report.type === "csp-violation") run.violations.push(report);
      if (report.type === "self-test") {
        run.selfTest = report;
        if (report.topReachable)
          settled.reject(new Error("sandbox self-test failed: the proxy can reach window.top"));
      }
    },
    // BRG-3: partial input if it streams, tool-input, and the result once the call has answered
    // (a call still running ends later with tool-result or tool-cancelled: ToolCallFlow).
    async deliver() {
      await live.flow!.deliver(bridge);
      if (scenario.action.kind !== "view-calls-tool") settled.resolve();
    },
    // BRG-3: a call still running when its view goes is cancelled, and the view told so first.
    beforeTeardown: () => live.flow!.cancel("The view was closed before the tool answered."),
    onEnded(reason) {
      run.outcome = "torn-down";
      run.reason = reason;
      void host.close().catch(() => undefined);
      settled.reject(new Error(reason));
      o.onChange?.(run);
    },
    onClosedByUser() {
      run.closedByUser = true;
      run.reason =
        "You denied the call and closed the view: every call it had queued was refused without a prompt, none reached the server, and the view was torn down (BRG-5, host policy).";
      void run.dispose().then(() => o.onChange?.(run));
    },
  });
  if (!opened.ok) {
    run.outcome = "refused-to-run";
    run.reason = opened.reason;
    return run;
  }
  const s = opened.session;
  live.session = s;
  run.proxyUrl = s.ticket.url;
  run.runOrigin = s.ticket.origin;
  if (s.spare) run.proxyPreloaded = true;
  run.isOwnWindow = (source) => s.isOwnWindow(source);
  run.setAside = () => s.setAside();
  const supersede = () => s.setAside();
  if (o.superseded?.aborted) supersede();
  else o.superseded?.addEventListener("abort", supersede, { once: true });
  live.flow = startToolCallFlow(host, turn, run, trace, o.onChange);
  run.setHostContext = (context) => s.setHostContext(hostContextFor(context));
  run.dispose = async () => {
    await s.dispose();
    // The in-memory servers close behind the frame.
    void host.close().catch(() => undefined);
  };
  await s.start();
  run.timings.proxyLoad = s.proxyLoad;
  try {
    await withPausableTimeout(
      settled.promise,
      o.timeoutMs ?? 8000,
      " waiting for the view",
      s.promptOpen,
    );
  } catch (error) {
    if (!s.ended) {
      run.outcome = "timed-out";
      run.reason = (error as Error).message;
    }
  }
  o.superseded?.removeEventListener("abort", supersede);
  // A view that never confirms its result still gets the size it asked for.
  s.releaseSize();
  // Loaded now, while the learner reads this run, rather than during the next one.
  s.leaveSpare();
  return run;
}

/**
 * The run's part of ToolCallFlow: the page sees each change (parts sent, the call's end) through
 * `run.toolCall` and `onChange`, and cancels through `run.cancelToolCall`. The conversation the
 * view adds to (BRG-4) is followed the same way, through `run.conversation`.
 */
function startToolCallFlow(
  host: SimHost,
  turn: AgentTurn,
  run: BrowserRun,
  trace: Trace,
  onChange: BrowserRunOptions["onChange"],
): ToolCallFlow {
  const flow = new ToolCallFlow(host.scenario, turn, trace, "host-proxy", "proxy", () => {
    run.toolCall = flow.report();
    onChange?.(run);
  });
  run.conversation = host.conversation.snapshot();
  host.conversation.subscribe(() => {
    run.conversation = host.conversation.snapshot();
    onChange?.(run);
  });
  run.toolCall = flow.report();
  run.cancelToolCall = (reason) => flow.cancel(reason);
  turn.call?.done.then(
    (result) => {
      if (result) run.toolResult = result;
    },
    () => undefined,
  );
  return flow;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
