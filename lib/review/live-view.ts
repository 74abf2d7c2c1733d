import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { Decision, DisplayMode } from "../decide";
import { connectServer, type HostConnection } from "../host/connect";
import { EraCache, eraKeyForUrl } from "../host/era";
import { httpTransport } from "../host/http";
import { openViewSession, type ViewSession } from "../view-session";
import { ConsentQueue, type ConsentAnswer, type ConsentRequest } from "../simulator/consent-queue";
import { recordCspBeforeRender } from "../simulator/csp-notice";
import type { InstrumentationReport } from "../simulator/browser/inbound";
import { checkOrigins } from "../simulator/browser/origins";
import { tokenIssuer, type IssueProxy } from "../simulator/browser/proxy-ticket";
import { PausableTimer } from "../simulator/timeout";
import type { Trace } from "../simulator/trace";
import type { ReportItem } from "./report";
import { createLiveBridge, liveHostContext } from "./live-bridge";
import { createLiveContext, MAX_RECORDS, type LiveContext } from "./live-context";
import { prepareLiveView, type PreparedView } from "./live-prepare";
import type { PermissionGrant, PermissionQuestion } from "./permission-grants";
import {
  failuresFrom,
  hasScriptElement,
  initTimeout,
  type InitStage,
  type ViewFailure,
} from "./view-failures";

/**
 * A real server's UI tool, called with real arguments and its real view rendered through the
 * hardened sandbox proxy (the simulator's proxy client: signed single-use proxy URL on a run's own
 * origin, origin-checked transport with size and rate limits, BridgeOrderGuard), over a connection
 * the caller opened with lib/host. The bridge serves what real views use, each request through the
 * same decision functions as the simulator, and every message is kept in a timed log.
 */

export interface LiveViewOptions {
  connection: HostConnection;
  /** The UI tool as the server listed it (its `_meta` names the view, nested or flat key). */
  tool: Tool;
  arguments: Record<string, unknown>;
  /**
   * Renders the view with this result instead of calling the tool: a preview that changes nothing
   * on the server (a call may have side effects). The view still gets the arguments as tool-input.
   */
  sampleResult?: CallToolResult;
  container: HTMLElement;
  hostOrigin: string;
  sandboxOrigin: string;
  /** Obtains a signed proxy URL; defaults to the app's own /sandbox/token. */
  issueProxy?: IssueProxy;
  hostContext?: Pick<McpUiHostContext, "theme" | "styles">;
  /** How long the view may take to finish its handshake (real views took up to 2.1 s). */
  initTimeoutMs?: number;
  /** The display modes this host offers (BRG-6); the first is where the view starts. */
  displayModes?: readonly DisplayMode[];
  /**
   * BRG-5's second gate: asked only once visibility allows the call; questions queue, and the
   * request carries the queue (how many wait, whether to offer Block). "close" closes the view.
   */
  askConsent(request: ConsentRequest): Promise<ConsentAnswer>;
  /**
   * PERM-2: asked once per run, before the view renders, when it requested permissions; answers
   * with the ones the person allows for this run. Without it, nothing is granted. PERM-3: the view
   * renders whatever the answer (a rejected promise grants nothing).
   */
  askPermissions?(question: PermissionQuestion): Promise<readonly string[]>;
  /** BRG-4: a view's ui/open-link is opened only once the user confirms it. */
  confirmOpenLink(url: string): Promise<boolean>;
  /** Opens a confirmed link; defaults to a new tab without opener. */
  openLink?(url: string): void;
  /** The view's display mode changed (the page shows it full screen or inline). */
  onDisplayMode?(mode: DisplayMode): void;
  /** Anything in the session changed (a new log entry, call, failure or state). */
  onChange?(view: LiveView): void;
  /** Closes the connection on dispose (when the session opened it for this view). */
  ownsConnection?: boolean;
}

export type LiveViewState =
  | "calling"
  | "asking-permissions"
  | "loading"
  | "initialized"
  | "text"
  | "failed"
  | "torn-down"
  | "closed";

/** One app-initiated call, as the host decided it. */
export interface AppCallRecord {
  /** ms since the session started. */
  at: number;
  method: "tools/call" | "resources/read";
  /** Tool name or resource URI. */
  target: string;
  arguments?: Record<string, unknown>;
  outcome: "forwarded" | "refused" | "error";
  reason: string;
  ruleIds: string[];
  /** tools/call: the server's isError; resources/read: the number of contents. */
  detail?: string;
}

export interface ToolSight {
  name: string;
  /** TOOL-3: whether an agent's tool list would show it. */
  agentListed: boolean;
  /** TOOL-4/5: whether this view (same server) may call it. */
  appCallable: boolean;
  reason: string;
}

export interface LiveView {
  state: LiveViewState;
  /** The state's explanation (a fallback row, a breach, a failed call). */
  reason?: string;
  trace: Trace;
  decision?: Decision;
  toolResult?: CallToolResult;
  /** The result judged as the CLI's --call judges it (call-items.ts): text, structured, schema. */
  callItems?: ReportItem[];
  /** Every tool of the server, as the agent and this view see it. */
  tools: ToolSight[];
  appCalls: AppCallRecord[];
  links: { at: number; url: string; opened: boolean; reason: string }[];
  messages: { at: number; method: string; params: unknown }[];
  logs: { at: number; level: string; data: unknown }[];
  displayMode: DisplayMode;
  /** Reports from the sandbox document (instrumentation, not MCP Apps). */
  reports: InstrumentationReport[];
  /** PERM-2: what the view requested and what the person granted for this run. */
  permissions?: PermissionGrant;
  /** Failures told apart: CSP block, never initialized, network failure of a declared origin. */
  failures: ViewFailure[];
  timings: { start: number; proxyLoad?: number; initialized?: number; initMs?: number };
  proxyUrl?: string;
  runOrigin?: string;
  cspHeader?: string;
  /** The host changes the view's display mode itself (the reader left full screen). */
  setDisplayMode(mode: DisplayMode): void;
  /** The calls the view places in the next `ms` (all app-initiated ones, refused ones too). */
  observe(ms: number): Promise<AppCallRecord[]>;
  /** ui/resource-teardown first (awaited, at most 1 s, BRG-3), then the frame goes. */
  dispose(): Promise<void>;
}

const DEFAULT_INIT_TIMEOUT_MS = 10_000;

/** Calls the tool, reads its view, decides, and (when the table says render) renders it. */
export async function startLiveView(o: LiveViewOptions): Promise<LiveView> {
  const ctx = createLiveContext(o);
  const origins = checkOrigins(o.hostOrigin, o.sandboxOrigin);
  if (!origins.ok) return ctx.stop("failed", origins.reason);
  const prepared = await prepareLiveView(ctx);
  if (!("html" in prepared)) return prepared;
  return renderLiveView(ctx, prepared);
}

/**
 * The view in a ViewSession (lib/host/view-session): a signed proxy URL for a fresh run id and
 * the effective CSP (CSP-3), on its own origin; the bridge from createLiveBridge; the handshake
 * timed (without the time a person spends on a prompt).
 */
async function renderLiveView(ctx: LiveContext, p: PreparedView): Promise<LiveView> {
  const { o, view, trace } = ctx;
  const csp = p.decision.csp?.effective ?? undefined;
  const granted = p.grant.granted;
  view.cspHeader = p.decision.csp?.header;
  // CSP-3: the policy is logged for audit, and the person warned of outside origins, before the
  // view's HTML goes anywhere (as the simulator does).
  const warning = recordCspBeforeRender(trace, p.decision.csp);
  // BRG-5: visibility first, then consent, queued; "Deny and close the view" closes it.
  const consents = new ConsentQueue();
  const bridge = createLiveBridge(ctx, { tools: p.tools, own: p.own, consents, csp, granted });
  const timer: { init?: PausableTimer } = {};
  const refreshFailures = () => {
    const timeouts = view.failures.filter((f) => f.kind === "init-timeout");
    view.failures = [...timeouts, ...failuresFrom(view.reports, csp)];
  };
  const opened = await openViewSession({
    container: o.container,
    trace,
    html: p.html,
    csp,
    granted,
    hostOrigin: o.hostOrigin,
    sandboxOrigin: o.sandboxOrigin,
    issueProxy: o.issueProxy ?? tokenIssuer(o.hostOrigin, o.sandboxOrigin),
    bridge,
    consents,
    frame: { kind: "review-proxy", title: `View of ${o.tool.name} (sandbox proxy)` },
    warning,
    // BRG-7: no containerDimensions is sent, so the frame follows the view's width and height.
    sizing: { held: false },
    displayModes: { modes: ctx.hostModes, context: (mode) => liveHostContext(ctx, mode) },
    onDisplayMode(mode, byView) {
      view.displayMode = mode;
      ctx.changed();
      if (byView) o.onDisplayMode?.(mode);
    },
    onInstrumentation(report) {
      if (report.type === "self-test" && report.topReachable) {
        trace.event("host-proxy", "host", "proxy", "sandbox self-test failed", "refused");
        return ctx.session?.end(
          "breach",
          "Torn down: the sandbox self-test failed: the proxy can reach window.top.",
        );
      }
      if (report.type === "csp-violation" || report.type === "network-error") {
        if (view.reports.length < MAX_RECORDS) view.reports.push(report);
        refreshFailures();
        ctx.changed();
      }
    },
    // SBX-5: nothing before initialized; BRG-3: the complete input, then the result, once.
    async deliver() {
      timer.init?.clear();
      initialized(ctx);
      await bridge.sendToolInput({ arguments: o.arguments });
      await bridge.sendToolResult(view.toolResult ?? { content: [] });
      ctx.changed();
    },
    beforeTeardown: async () => timer.init?.clear(),
    onEnded(reason) {
      timer.init?.clear();
      ctx.stop("torn-down", reason);
    },
    onClosedByUser() {
      void ctx.session
        ?.dispose()
        .then(() =>
          ctx.stop(
            "closed",
            "You denied the call and closed the view: every call it had queued was refused without a prompt and none reached the server (BRG-5, host policy).",
          ),
        );
    },
  });
  if (!opened.ok) return ctx.stop("failed", opened.reason);
  const session = opened.session;
  ctx.session = session;
  view.proxyUrl = session.ticket.url;
  view.runOrigin = session.ticket.origin;
  view.state = "loading";
  await session.start();
  view.timings.proxyLoad = session.proxyLoad;
  timer.init = startInitTimer(ctx, session, p.html);
  ctx.changed();
  return view;
}

/** The view said ui/notifications/initialized: its timings, and a time-out it came after. */
function initialized(ctx: LiveContext): void {
  const view = ctx.view;
  view.timings.initialized = performance.now();
  view.timings.initMs = Math.round(view.timings.initialized - view.timings.proxyLoad!);
  const late = view.failures.some((f) => f.kind === "init-timeout");
  view.failures = view.failures.filter((f) => f.kind !== "init-timeout");
  if (late)
    ctx.viewNote(`the view initialized after ${view.timings.initMs} ms, past the host's time-out`);
  view.state = "initialized";
  view.reason = undefined;
}

/**
 * The handshake's clock, which stands still while a consent prompt is open: the person's time is
 * not the view's (a view may call a tool between ui/initialize and initialized). When it runs out
 * the failure says how far the handshake got.
 */
function startInitTimer(ctx: LiveContext, session: ViewSession, html: string): PausableTimer {
  const { view, trace } = ctx;
  return new PausableTimer(
    ctx.o.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS,
    () => {
      if (session.initialized || session.disposed || session.ended) return;
      const from = (m: string) =>
        trace.entries.some(
          (e) => e.channel === "host-proxy" && e.from === "proxy" && e.method === m,
        );
      const stage: InitStage = !from("ui/notifications/sandbox-proxy-ready")
        ? "no-proxy-ready"
        : !from("ui/initialize")
          ? "no-ui-initialize"
          : "no-initialized";
      const failure = initTimeout(performance.now() - view.timings.proxyLoad!, stage, {
        scriptless: !hasScriptElement(html),
      });
      view.failures = [failure, ...view.failures];
      view.state = "failed";
      view.reason = failure.message;
      ctx.changed();
    },
    session.promptOpen,
  );
}

const eraCache = new EraCache();

/**
 * A connection (NEG-6) to a Streamable HTTP server for views, with an optional bearer header: in
 * the era the review already found, else as a dual-era client whose finding is remembered per
 * origin for the page's later connections.
 */
export function connectForView(
  url: string,
  headers?: Record<string, string>,
  era?: "modern" | "legacy",
): Promise<HostConnection> {
  return connectServer({
    clientEra: era ?? "dual",
    key: eraKeyForUrl(url),
    cache: eraCache,
    transport: httpTransport(url, headers ? { headers } : {}),
    timeoutMs: 15_000,
  });
}
