import type { CallToolResult } from "@modelcontextprotocol/client";
import { HostConnectError } from "../../host/connect";
import {
  createViewCache,
  hostContextFor,
  type PageContext,
  SimHost,
  type AgentTurn,
  type AskConsent,
  type EraInfo,
  type ViewCache,
} from "../host";
import { decideNotConnected, type Decision, type DecisionInputs } from "../../decide";
import type { Scenario } from "../scenario";
import type { ViewDocuments } from "../server";
import { Trace, type TraceEntry } from "../trace";
import type { InstrumentationReport } from "./inbound";
import { withPausableTimeout, withTimeout, type PauseSource } from "../timeout";
import { checkOrigins } from "./origins";
import { createProxyFrame, type ProxyPool } from "./proxy-pool";
import { createLimits, ProxyTransport } from "./proxy-transport";
import { WEBRTC_POLICY_NOTE } from "./webrtc-policy";
import {
  policyFor,
  policyKey,
  tokenIssuer,
  type IssueProxy,
  type ProxyTicket,
} from "./proxy-ticket";
import { BridgeOrderGuard } from "../bridge-guard";
import { agentArguments } from "../agent-arguments";
import { recordCspBeforeRender } from "../csp-notice";
import { planTeardown, type RemovalCause } from "../teardown-plan";
import { frameSize } from "./frame-size";
import { ToolCallFlow, type ToolCallReport } from "../tool-call-flow";
import type { ConversationSnapshot } from "../conversation";

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
}

/**
 * "torn-down": the host ended a rendered run because the sandbox was breached (its proxy reloaded)
 * or the view broke a resource limit; `reason` says which.
 */
export type BrowserOutcome = Decision["outcome"] | "timed-out" | "refused-to-run" | "torn-down";

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

/**
 * How long a view torn down for a limit keeps its (hidden, inert) frame after it is sent
 * ui/resource-teardown: long enough for the request to reach it, since removing the frame at once
 * would drop the message with the document.
 */
const LIMIT_TEARDOWN_GRACE_MS = 250;

/**
 * CSP-3 (SHOULD warn): says, beside the view and before it renders, which origins outside this
 * page the view may reach. Removed with the view's frame.
 */
function showWarning(iframe: HTMLIFrameElement, text: string): HTMLElement {
  const note = document.createElement("p");
  note.className = "notice sim-external-origins";
  note.dataset.testid = "external-origins-warning";
  note.setAttribute("role", "note");
  note.textContent = `${text} The host allows only these, as the view's metadata declared them (CSP-3).`;
  iframe.before(note);
  return note;
}

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

/**
 * Runs a scenario in the browser: real server(s) and host in this page over in-memory transports,
 * and, when the table says render, the view in a real sandbox proxy on the sandbox origin, whose
 * CSP header Chromium enforces. Resolves when the run has settled (or timed out); never hangs.
 */
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
  const trace = new Trace();
  if (o.onTrace) {
    const push = trace.entries.push.bind(trace.entries);
    trace.entries.push = (...items: TraceEntry[]) => {
      const n = push(...items);
      items.forEach((e) => o.onTrace!(e, trace.entries));
      return n;
    };
  }
  const noop = async () => {};
  const origins = checkOrigins(o.hostOrigin, o.sandboxOrigin);
  if (!origins.ok) {
    return {
      outcome: "refused-to-run",
      reason: origins.reason,
      agentTools: [],
      violations: [],
      timings: {},
      trace,
      dispose: noop,
      isOwnWindow: () => false,
      setAside: () => {},
      setHostContext: () => {},
    };
  }
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
    [kind]: html,
  };
  let host: SimHost;
  try {
    host = await SimHost.create(scenario, views, trace, o.cache ?? createViewCache());
  } catch (error) {
    // NEG-6: no era in common is an outcome of the scenario, told with the fix, not a crash.
    if (!(error instanceof HostConnectError)) throw error;
    const decision = decideNotConnected(error.message, error.ruleIds);
    return {
      decision,
      outcome: decision.outcome,
      reason: error.message,
      agentTools: [],
      violations: [],
      timings: { start: started },
      trace,
      dispose: noop,
      isOwnWindow: () => false,
      setAside: () => {},
      setHostContext: () => {},
    };
  }
  const run: BrowserRun = {
    era: host.era,
    outcome: "text",
    agentTools: [],
    violations: [],
    timings: { start: started },
    trace,
    dispose: () => host.close(),
    isOwnWindow: () => false,
    setAside: () => {},
    setHostContext: () => {},
  };
  const turn = await host.agentTurn(agentArguments(scenario));
  run.decision = turn.decision;
  run.inputs = turn.inputs;
  run.outcome = turn.decision.outcome;
  run.agentTools = turn.tools;
  run.toolResult = turn.toolResult;
  if (turn.decision.outcome !== "rendered" || !turn.html) return run;

  const effective = turn.decision.csp?.effective;
  const granted = turn.decision.permissions?.granted ?? [];
  const policy = policyFor(effective ?? undefined, granted);
  const issue = o.issueProxy ?? tokenIssuer(o.hostOrigin, o.sandboxOrigin);
  run.cspHeader = turn.decision.csp?.header;
  // CSP-3: the policy is logged for audit, and the person warned of external origins, before the
  // view's HTML goes anywhere.
  const warning = recordCspBeforeRender(trace, turn.decision.csp);

  // A spare is verified before it is taken (ProxyPool.take); one that fails is dropped, traced.
  const taken = (await o.pool?.take(policyKey(policy))) ?? {};
  if (taken.dropped)
    trace.event("host-proxy", "host", "proxy", `spare proxy dropped: ${taken.dropped}`, "refused");
  const spare = taken.spare;
  if (!spare) await o.beforeRender;
  let ticket: ProxyTicket;
  try {
    ticket = spare?.ticket ?? (await issue(policy));
  } catch (error) {
    run.outcome = "refused-to-run";
    run.reason = (error as Error).message;
    return run;
  }
  run.proxyUrl = ticket.url;
  run.runOrigin = ticket.origin;

  // SBX-2: the proxy's own frame has exactly allow-scripts and allow-same-origin; PERM-2: `allow`.
  const iframe = spare?.iframe ?? createProxyFrame(policy.allow);
  if (spare) {
    // The previous view, if still answering its teardown, gives up its place to this one.
    previous?.setAside();
    iframe.dataset.simulator = "proxy";
    iframe.hidden = false;
    run.proxyPreloaded = true;
  } else {
    // Appended blank first, so the transport listens before the proxy can say it is ready.
    o.container.append(iframe);
  }

  const notice = warning ? showWarning(iframe, warning) : undefined;

  const proxyWindow = iframe.contentWindow;
  run.isOwnWindow = (source) => source !== null && source !== undefined && source === proxyWindow;
  // A view being removed (its teardown pending, BRG-3) or superseded stays in the page only to
  // hear ui/resource-teardown and answer it: hidden (out of sight and of the accessibility tree)
  // and inert, so the page never shows it beside the next run's view.
  run.setAside = () => {
    notice?.remove();
    if (!iframe.isConnected) return;
    iframe.dataset.simulator = "leaving-proxy";
    iframe.hidden = true;
    iframe.inert = true;
  };
  const supersede = () => run.setAside();
  if (o.superseded?.aborted) supersede();
  else o.superseded?.addEventListener("abort", supersede, { once: true });

  const settled = deferred<void>();
  let disposed = false;
  let breached = false;
  /** True once the view said ui/notifications/initialized: only then may it be sent a request (SBX-5). */
  let delivered = false;
  const teardownNow = () => {
    disposed = true;
    host.consents.close();
    void bridge.close().catch(() => undefined);
    iframe.removeEventListener("load", onLoad);
    iframe.remove();
    notice?.remove();
    void host.close().catch(() => undefined);
  };
  /**
   * Ends a rendered run the host no longer trusts (a breach) or that broke a limit. BRG-3 wants
   * ui/resource-teardown first and SBX-5 forbids it before initialized: planTeardown says which
   * applies, and the reason on screen says what was done about it.
   */
  const endRun = (cause: Extract<RemovalCause, "breach" | "limit">, reason: string) => {
    if (breached || disposed) return;
    breached = true;
    const plan = planTeardown(cause, delivered);
    run.outcome = "torn-down";
    run.reason = `${reason} ${plan.note}`;
    trace.event("host-view", "host", "view", plan.note);
    if (plan.send) {
      // Not awaited (its answer would not be read); the frame stays, out of sight and reach, for
      // a moment so the request reaches the view before its document goes.
      void bridge.teardownResource({}).catch(() => undefined);
      disposed = true;
      run.setAside();
      setTimeout(teardownNow, LIMIT_TEARDOWN_GRACE_MS);
    } else teardownNow();
    settled.reject(new Error(run.reason));
    o.onChange?.(run);
  };
  /**
   * SBX-3: the host sends the view's HTML once, to the proxy document it loaded for this run. A
   * second document in the proxy frame (a reload or navigation, by the view or anyone) or a second
   * sandbox-proxy-ready is a breach: the run is torn down at once, the HTML is never sent again.
   */
  const breach = (why: string) => {
    if (breached || disposed) return;
    trace.event(
      "host-proxy",
      "host",
      "proxy",
      `breach: ${why}; the run is torn down and the view's HTML is not sent again (SBX-3)`,
      "refused",
    );
    endRun(
      "breach",
      `Torn down: ${why}. A proxy gets the view's HTML once, from the host that loaded it (SBX-3).`,
    );
  };
  let loads = spare?.loads ?? 0;
  const onLoad = () => {
    loads++;
    if (loads > 1) breach("the proxy frame loaded a second document");
  };
  iframe.addEventListener("load", onLoad);

  const limits = createLimits(trace, (why) => endRun("limit", `Torn down: ${why}.`));
  const transport = new ProxyTransport({
    target: iframe.contentWindow!,
    origin: ticket.origin,
    trace,
    early: spare?.early,
    limits,
    isOtherOwnFrame: (source) =>
      (o.pool?.isSpare(source) ?? false) || (previous?.isOwnWindow(source) ?? false),
    onInstrumentation(report) {
      if (report.type === "csp-violation") run.violations.push(report);
      if (report.type === "self-test") {
        run.selfTest = report;
        if (report.topReachable)
          settled.reject(new Error("sandbox self-test failed: the proxy can reach window.top"));
      }
    },
  });

  /** The view's latest size report not yet applied to the frame. */
  let reported: { width?: unknown; height?: unknown } = {};
  const resized = {
    ready: false,
    frame: 0,
    schedule() {
      if (this.frame) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        if (disposed) return;
        // Read in the frame callback, where layout is due anyway, then written.
        const size = frameSize(reported, { width: iframe.getBoundingClientRect().width });
        reported = {};
        if (size.height !== undefined) iframe.style.height = `${size.height}px`;
        if (size.width !== undefined) iframe.style.width = `${size.width}px`;
      });
    },
    release() {
      if (this.ready) return;
      this.ready = true;
      this.schedule();
    },
  };
  const bridge = host.createBridge(
    turn,
    o.askConsent,
    {
      onAppCall(decision, result) {
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
      // BRG-7: no containerDimensions is sent, so the container is flexible both ways: follow the
      // view's width and height (frameSize), once per frame, and only once its result is in (until
      // then the frame keeps its size, so the page does not lay out again in the result's path).
      onSizeChange({ width, height }) {
        if (width !== undefined) reported = { ...reported, width };
        if (height !== undefined) reported = { ...reported, height };
        if (resized.ready) resized.schedule();
      },
      onLog(params) {
        if (params.data === "tool-result received") {
          run.timings.resultInView = performance.now();
          resized.release();
        }
      },
    },
    o.hostContext,
  );
  const flow = startToolCallFlow(host, turn, run, trace, o.onChange);
  let readies = 0;
  bridge.onsandboxready = () => {
    readies++;
    if (readies > 1) return breach("the proxy said sandbox-proxy-ready a second time");
    // Said on the proxy's lane: the proxy document does it; nothing is sent for it.
    trace.event("host-proxy", "proxy", "proxy", WEBRTC_POLICY_NOTE);
    void bridge.sendSandboxResourceReady({
      html: turn.html!,
      ...(effective ? { csp: effective } : {}),
      permissions: Object.fromEntries(granted.map((p) => [p, {}])),
    });
  };
  /** A host context change that came before the view was initialized, sent after its result. */
  let laterContext: PageContext | undefined;
  let resultSent = false;
  run.setHostContext = (context) => {
    if (disposed || breached) return;
    if (!resultSent) laterContext = context;
    // The bridge sends only the fields that differ from what the view was last given.
    else bridge.setHostContext(hostContextFor(context));
  };
  bridge.oninitialized = () => {
    // BRG-3: tool-input and tool-result at most once per view (the guard drops repeats too).
    if (delivered) return;
    delivered = true;
    // SBX-5: nothing is sent to the view before this point; BRG-3: full input, then the result.
    void (async () => {
      // BRG-3: partial input if it streams, tool-input, and the result once the call has answered
      // (a call still running ends later with tool-result or tool-cancelled: ToolCallFlow).
      await flow.deliver(bridge);
      resultSent = true;
      if (laterContext && !disposed && !breached)
        bridge.setHostContext(hostContextFor(laterContext));
      if (scenario.action.kind !== "view-calls-tool") settled.resolve();
    })();
  };
  await bridge.connect(new BridgeOrderGuard(transport, trace, "host-proxy", "proxy"));
  run.timings.proxyLoad = performance.now();
  if (!spare) iframe.src = ticket.url;

  run.dispose = async () => {
    if (disposed) return;
    disposed = true;
    // Out of sight at once: the teardown below may take its bounded second (BRG-3).
    run.setAside();
    // BRG-3: a call still running when its view goes is cancelled, and the view told so first.
    await flow.cancel("The view was closed before the tool answered.");
    // Whatever still waits for consent is refused without a prompt: the view is going (BRG-5).
    host.consents.close();
    // BRG-3: ui/resource-teardown first, and wait (bounded) for the view's answer; SBX-5: a view
    // that never said initialized is sent nothing, so it is removed without one.
    if (delivered)
      await withTimeout(bridge.teardownResource({}), 1000, " waiting for the view").catch(
        () => undefined,
      );
    else
      trace.event(
        "host-view",
        "host",
        "view",
        "no ui/resource-teardown: the view never sent ui/notifications/initialized, and nothing is sent to it before that (SBX-5)",
      );
    // Then stop listening and remove the frame at once; the in-memory servers close behind.
    const closing = bridge.close().catch(() => undefined);
    iframe.removeEventListener("load", onLoad);
    iframe.remove();
    notice?.remove();
    void Promise.all([closing, host.close()]).catch(() => undefined);
  };
  // BRG-5 (host policy): "Deny and close the view" on a consent prompt tears the view down at once;
  // every queued call is refused without a prompt (ConsentQueue) and none reaches the server.
  host.consents.subscribe((state) => {
    if (!state.closed || disposed || breached || run.closedByUser) return;
    run.closedByUser = true;
    trace.event(
      "host-view",
      "host",
      "view",
      "the user chose Deny and close the view: this and every queued call are refused and the view is torn down (BRG-5, host policy; BRG-3)",
      "refused",
    );
    run.reason =
      "You denied the call and closed the view: every call it had queued was refused without a prompt, none reached the server, and the view was torn down (BRG-5, host policy).";
    void run.dispose().then(() => o.onChange?.(run));
  });
  // BRG-5: the time a person takes on a consent prompt is theirs, not the view's; the run's clock
  // stands still while a prompt is open.
  const promptOpen: PauseSource = {
    get paused() {
      return host.consents.state.asking;
    },
    subscribe: (listener) => host.consents.subscribe(listener),
  };
  try {
    await withPausableTimeout(
      settled.promise,
      o.timeoutMs ?? 8000,
      " waiting for the view",
      promptOpen,
    );
  } catch (error) {
    if (!breached) {
      run.outcome = "timed-out";
      run.reason = (error as Error).message;
    }
  }
  o.superseded?.removeEventListener("abort", supersede);
  // A view that never confirms its result still gets the height it asked for.
  resized.release();
  // Loaded now, while the learner reads this run, rather than during the next one.
  if (!disposed && !breached) o.pool?.prepare(policy, issue);
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
