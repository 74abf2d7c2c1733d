import { connectServer, type HostConnection } from "../host/connect";
import { EraCache, eraKeyForUrl } from "../host/era";
import { httpTransport } from "../host/http";
import { openViewSession, type ViewSession } from "../host/view";
import { ConsentQueue } from "../host/view/consent-queue";
import { recordCspBeforeRender } from "../host/view/csp-notice";
import { checkOrigins } from "../host/view/origins";
import { tokenIssuer } from "../host/view/proxy-ticket";
import { PausableTimer } from "../host/view/timeout";
import { createLiveBridge, liveHostContext } from "./live-bridge";
import { createLiveContext, MAX_RECORDS, type LiveContext } from "./live-context";
import { prepareLiveView, type PreparedView } from "./live-prepare";
import type { LiveView, LiveViewOptions } from "./live-types";
import { failuresFrom, hasScriptElement, initTimeout, type InitStage } from "./view-failures";

/**
 * A real server's UI tool, called with real arguments and its real view rendered through the
 * hardened sandbox proxy (the simulator's proxy client: signed single-use proxy URL on a run's own
 * origin, origin-checked transport with size and rate limits, BridgeOrderGuard), over a connection
 * the caller opened with lib/host. The bridge serves what real views use, each request through the
 * same decision functions as the simulator, and every message is kept in a timed log.
 */

const DEFAULT_INIT_TIMEOUT_MS = 10_000;
/** How long the host holds the partial arguments before the complete ones (BRG-3). */
const PARTIAL_MS = 300;

/**
 * The arguments as they might stand part-way through streaming: the first half of the keys (none
 * of a single one). Never more than the complete arguments, and nothing the model did not send.
 */
function partialArguments(args: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(args);
  return Object.fromEntries(keys.slice(0, Math.floor(keys.length / 2)).map((k) => [k, args[k]]));
}

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
    view.failures = [...timeouts, ...failuresFrom(view.reports, csp, p.html)];
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
    // SBX-5: nothing before initialized; BRG-3: the arguments as if streamed (a partial that a
    // view MUST NOT rely on for critical operations, held for PARTIAL_MS so what the view does
    // with it is seen), then the complete input, then the result, once.
    async deliver() {
      timer.init?.clear();
      initialized(ctx);
      await bridge.sendToolInputPartial({ arguments: partialArguments(o.arguments) });
      await new Promise((r) => setTimeout(r, PARTIAL_MS));
      if (ctx.session?.disposed || ctx.session?.ended) return;
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
