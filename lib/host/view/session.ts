import type { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { McpUiDisplayMode, McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { decideDisplayMode, type DisplayMode } from "../../decide";
import type { CspDomains } from "../../decide/csp";
import type { PermissionName } from "../../decide/vocabulary";
import { BridgeOrderGuard } from "./bridge-guard";
import type { ConsentQueue } from "./consent-queue";
import type { InstrumentationReport } from "./inbound";
import { createProxyFrame, type ProxyPool, type SpareProxy } from "./proxy-pool";
import {
  policyFor,
  policyKey,
  type IssueProxy,
  type ProxyPolicy,
  type ProxyTicket,
} from "./proxy-ticket";
import { createLimits, ProxyTransport } from "./proxy-transport";
import { WEBRTC_POLICY_NOTE } from "./webrtc-policy";
import { planTeardown, type RemovalCause } from "./teardown-plan";
import { withTimeout, type PauseSource } from "./timeout";
import type { Trace } from "./trace";
import { FIRST_MARKS, markFirst } from "../../first-marks";
import { FrameSizer, type FrameSizerOptions } from "./frame-sizer";

/**
 * One view's life in the page, whoever supplies the view, its tool input and its result (the
 * simulator's in-page servers, or a real server in /review): the proxy frame on a run's own
 * sandbox origin (a spare from the pool, or a new one from a signed single-use URL), the
 * origin-checked transport with its limits, the order guard, the HTML sent once, the view's
 * initialization, host context and display modes, sizing, and its removal (the SBX-5 note: no
 * ui/resource-teardown for a view that never initialized; on every other removal it is sent, or
 * the reason on screen says why not).
 *
 * The caller builds the AppBridge with the handlers that reach its servers (tool calls, resource
 * reads, messages, links); the session sets the ones it owns (sandbox ready, initialized, size,
 * and display modes when it is given some).
 */
export interface ViewSessionOptions {
  /** Where the proxy iframe goes. */
  container: HTMLElement;
  trace: Trace;
  /** The view's document, sent once to the proxy (SBX-3). */
  html: string;
  /** The effective CSP domains (CSP-2..4); undefined for the restrictive default. */
  csp?: CspDomains;
  /** PERM-2: the permissions granted for this run. */
  granted: readonly PermissionName[];
  hostOrigin: string;
  sandboxOrigin: string;
  /** Obtains a signed proxy URL for one run. */
  issueProxy: IssueProxy;
  /** Spare proxies: one loaded for this run's policy is taken if there is one. */
  pool?: ProxyPool;
  /** Settles when the previous view is gone; waited for only when no spare was taken. */
  beforeRender?: Promise<unknown>;
  /** The view being replaced: it gives up its place when a spare is shown at once. */
  previous?(): { isOwnWindow(source: unknown): boolean; setAside(): void } | undefined;
  bridge: AppBridge;
  consents: ConsentQueue;
  /** `data-simulator` of the frame while it shows the view, and its title. */
  frame: { kind: string; title?: string };
  /** CSP-3 (SHOULD warn): shown beside the view before it renders. */
  warning?: string;
  sizing: FrameSizerOptions;
  /**
   * BRG-6: the modes this host offers (the first is where the view starts) and the host context
   * for a mode; without it the bridge's own handler answers ui/request-display-mode.
   */
  displayModes?: { modes: readonly DisplayMode[]; context(mode: DisplayMode): McpUiHostContext };
  /** Runs first when the view is removed (a call still running is cancelled, BRG-3). */
  beforeTeardown?(): Promise<unknown>;
  /** The sandbox document's instrumentation reports (not MCP Apps). */
  onInstrumentation?(report: InstrumentationReport): void;
  /** Once, when the view said ui/notifications/initialized: send its input and result. */
  deliver(): Promise<void>;
  /** The host ended the view for a breach or a limit; `reason` says what was done about teardown. */
  onEnded?(reason: string): void;
  /** The display mode changed, `byView` when the view asked for it (BRG-6). */
  onDisplayMode?(mode: DisplayMode, byView: boolean): void;
  /**
   * The person chose "Deny and close the view" (BRG-5): the caller removes the view (dispose) and
   * whatever it owns; without it the session disposes of itself.
   */
  onClosedByUser?(): void;
}

/**
 * How long a view torn down for a limit keeps its (hidden, inert) frame after it is sent
 * ui/resource-teardown: long enough for the request to reach it, since removing the frame at once
 * would drop the message with the document.
 */
const LIMIT_TEARDOWN_GRACE_MS = 250;

/** The proxy for a view, or why none could be had. */
export type OpenedSession =
  { ok: true; session: ViewSession } | { ok: false; reason: string; policy: ProxyPolicy };

/**
 * Takes a spare proxy for the view's policy (verified by ProxyPool.take; one that fails is dropped
 * and traced) or obtains a signed URL for a new one, and puts its frame in the page. The view is
 * not sent anywhere until `start()`.
 */
export async function openViewSession(o: ViewSessionOptions): Promise<OpenedSession> {
  const policy = policyFor(o.csp, o.granted);
  const taken = (await o.pool?.take(policyKey(policy))) ?? {};
  if (taken.dropped)
    o.trace.event(
      "host-proxy",
      "host",
      "proxy",
      `spare proxy dropped: ${taken.dropped}`,
      "refused",
    );
  const spare = taken.spare;
  if (!spare) await o.beforeRender;
  let ticket: ProxyTicket;
  try {
    ticket = spare?.ticket ?? (await o.issueProxy(policy));
    markFirst(FIRST_MARKS.ticket);
  } catch (error) {
    return { ok: false, reason: (error as Error).message, policy };
  }
  return { ok: true, session: new ViewSession(o, policy, ticket, spare) };
}

export class ViewSession {
  readonly iframe: HTMLIFrameElement;
  /** True once the view said ui/notifications/initialized: only then is it sent anything (SBX-5). */
  initialized = false;
  /** True once its tool input and result were sent. */
  delivered = false;
  /** True once the host ended it (breach or limit). */
  ended = false;
  /** True once it is being removed. */
  disposed = false;
  /** performance.now() when the proxy started loading (or the spare was taken). */
  proxyLoad?: number;
  displayMode: DisplayMode;
  /** The proxy's window, kept: a removed frame has none, and its late messages are still its own. */
  private readonly proxyWindow: Window | null;
  private readonly notice?: HTMLElement;
  private readonly sizer: FrameSizer;
  private readonly transport: ProxyTransport;
  private loads: number;
  private readies = 0;
  private laterContext?: McpUiHostContext;
  private closedByUser = false;
  private readonly onLoad = () => {
    this.loads++;
    if (this.loads > 1) this.breach("the proxy frame loaded a second document");
  };

  constructor(
    private readonly o: ViewSessionOptions,
    readonly policy: ProxyPolicy,
    readonly ticket: ProxyTicket,
    readonly spare?: SpareProxy,
  ) {
    this.displayMode = o.displayModes?.modes[0] ?? "inline";
    // SBX-2: the proxy's own frame has exactly allow-scripts and allow-same-origin; PERM-2: `allow`.
    const iframe = spare?.iframe ?? createProxyFrame(policy.allow);
    this.iframe = iframe;
    if (o.frame.title) iframe.title = o.frame.title;
    iframe.dataset.simulator = o.frame.kind;
    if (spare) {
      // The previous view, if still answering its teardown, gives up its place to this one.
      o.previous?.()?.setAside();
      iframe.hidden = false;
    } else {
      // Appended blank first, so the transport listens before the proxy can say it is ready.
      o.container.append(iframe);
    }
    this.proxyWindow = iframe.contentWindow;
    this.notice = o.warning ? showWarning(iframe, o.warning) : undefined;
    this.loads = spare?.loads ?? 0;
    iframe.addEventListener("load", this.onLoad);
    this.sizer = new FrameSizer(iframe, o.sizing);
    this.transport = new ProxyTransport({
      target: this.proxyWindow!,
      origin: ticket.origin,
      trace: o.trace,
      early: spare?.early,
      limits: createLimits(o.trace, (why) => this.end("limit", `Torn down: ${why}.`)),
      isOtherOwnFrame: (source) =>
        (o.pool?.isSpare(source) ?? false) || (o.previous?.()?.isOwnWindow(source) ?? false),
      onInstrumentation: (report) => o.onInstrumentation?.(report),
      onBypass: (why) => this.end("breach", `Torn down: ${why}.`),
    });
    this.wireBridge();
    this.followConsents();
  }

  /** The time a person takes on a consent prompt is theirs: clocks stand still meanwhile (BRG-5). */
  get promptOpen(): PauseSource {
    const consents = this.o.consents;
    return {
      get paused() {
        return consents.state.asking;
      },
      subscribe: (listener) => consents.subscribe(listener),
    };
  }

  /** Connects the bridge through the order guard and loads the proxy (a spare is loaded already). */
  async start(): Promise<void> {
    await this.o.bridge.connect(
      new BridgeOrderGuard(this.transport, this.o.trace, "host-proxy", "proxy"),
    );
    this.proxyLoad = performance.now();
    if (!this.spare) this.iframe.src = this.ticket.url;
  }

  /** True when `source` is this view's proxy window. */
  isOwnWindow(source: unknown): boolean {
    return source !== null && source !== undefined && source === this.proxyWindow;
  }

  /**
   * Takes the view out of sight and reach (hidden, out of the accessibility tree, inert) while it
   * is still being torn down: it stays in the page only to hear ui/resource-teardown and answer.
   */
  setAside(): void {
    this.notice?.remove();
    if (!this.iframe.isConnected) return;
    this.iframe.dataset.simulator = "leaving-proxy";
    this.iframe.hidden = true;
    this.iframe.inert = true;
  }

  /** Applies sizes the view reported so far and follows the rest (see FrameSizerOptions.held). */
  releaseSize(): void {
    this.sizer.release();
  }

  /**
   * The host context changed (the page's theme, or the display mode): the view is told with
   * ui/notifications/host-context-changed (the SDK sends the fields that differ). Nothing goes
   * before its tool result (SBX-5, BRG-3): a change before then is sent right after it.
   */
  setHostContext(context: McpUiHostContext): void {
    if (this.disposed || this.ended) return;
    if (!this.delivered) this.laterContext = context;
    else this.o.bridge.setHostContext(context);
  }

  /** BRG-6: the host changes the view's display mode (the reader left full screen). */
  setDisplayMode(mode: DisplayMode, byView = false): void {
    if (mode === this.displayMode) return;
    this.displayMode = mode;
    if (this.o.displayModes) this.setHostContext(this.o.displayModes.context(mode));
    this.o.onDisplayMode?.(mode, byView);
  }

  /** Leaves a spare proxy for this policy for the next view, unless this one was ended. */
  leaveSpare(): void {
    if (!this.disposed && !this.ended) this.o.pool?.prepare(this.policy, this.o.issueProxy);
  }

  /**
   * SBX-3: the host sends the view's HTML once, to the proxy document it loaded. A second document
   * in the frame or a second sandbox-proxy-ready is a breach: the view is ended at once.
   */
  breach(why: string): void {
    if (this.ended || this.disposed) return;
    this.o.trace.event(
      "host-proxy",
      "host",
      "proxy",
      `breach: ${why}; the run is torn down and the view's HTML is not sent again (SBX-3)`,
      "refused",
    );
    this.end(
      "breach",
      `Torn down: ${why}. A proxy gets the view's HTML once, from the host that loaded it (SBX-3).`,
    );
  }

  /**
   * Ends a view the host no longer trusts (a breach) or that broke a limit. BRG-3 wants
   * ui/resource-teardown first and SBX-5 forbids it before initialized: planTeardown says which
   * applies, and the reason given to the page says what was done about it.
   */
  end(cause: Extract<RemovalCause, "breach" | "limit">, reason: string): void {
    if (this.ended || this.disposed) return;
    this.ended = true;
    const plan = planTeardown(cause, this.initialized);
    this.o.trace.event("host-view", "host", "view", plan.note);
    if (plan.send) {
      // Not awaited (its answer would not be read); the frame stays, out of sight and reach, for
      // a moment so the request reaches the view before its document goes.
      void this.o.bridge.teardownResource({}).catch(() => undefined);
      this.disposed = true;
      this.setAside();
      setTimeout(() => this.remove(), LIMIT_TEARDOWN_GRACE_MS);
    } else this.remove();
    this.o.onEnded?.(`${reason} ${plan.note}`);
  }

  /**
   * Removes the view (the person ran something else, closed it, or left): out of sight at once;
   * the `beforeTeardown` option runs first (a call still running is cancelled, BRG-3); whatever waits for
   * consent is refused without a prompt (BRG-5); ui/resource-teardown is sent and its answer
   * awaited for at most 1 s (BRG-3), unless the view never initialized (SBX-5); then the frame goes.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.setAside();
    await this.o.beforeTeardown?.();
    this.o.consents.close();
    if (this.initialized)
      await withTimeout(this.o.bridge.teardownResource({}), 1000, " waiting for the view").catch(
        () => undefined,
      );
    else
      this.o.trace.event(
        "host-view",
        "host",
        "view",
        "no ui/resource-teardown: the view never sent ui/notifications/initialized, and nothing is sent to it before that (SBX-5)",
      );
    // Then stop listening and remove the frame at once.
    const closing = this.o.bridge.close().catch(() => undefined);
    this.removeFrame();
    await closing;
  }

  private remove(): void {
    this.disposed = true;
    this.o.consents.close();
    void this.o.bridge.close().catch(() => undefined);
    this.removeFrame();
  }

  private removeFrame(): void {
    this.sizer.stop();
    this.iframe.removeEventListener("load", this.onLoad);
    this.iframe.remove();
    this.notice?.remove();
  }

  private wireBridge(): void {
    const { bridge, trace } = this.o;
    bridge.onsandboxready = () => {
      this.readies++;
      if (this.readies > 1) return this.breach("the proxy said sandbox-proxy-ready a second time");
      markFirst(FIRST_MARKS.proxyReady);
      // Said on the proxy's lane: the proxy document does it; nothing is sent for it.
      trace.event("host-proxy", "proxy", "proxy", WEBRTC_POLICY_NOTE);
      void bridge.sendSandboxResourceReady({
        html: this.o.html,
        ...(this.o.csp ? { csp: this.o.csp } : {}),
        permissions: Object.fromEntries(this.o.granted.map((p) => [p, {}])),
      });
    };
    bridge.oninitialized = () => {
      // BRG-3: tool-input and tool-result at most once per view (the guard drops repeats too).
      if (this.initialized || this.disposed) return;
      this.initialized = true;
      markFirst(FIRST_MARKS.initialized);
      // SBX-5: nothing is sent to the view before this point; BRG-3: input, then the result.
      void this.o.deliver().then(() => {
        this.delivered = true;
        const later = this.laterContext;
        this.laterContext = undefined;
        if (later) this.setHostContext(later);
      });
    };
    // BRG-7: the view's size, followed as FrameSizer says.
    // A listener, not the handler: the caller's bridge may have its own (SimHost's hook).
    bridge.addEventListener("sizechange", (size) => this.sizer.report(size));
    if (this.o.displayModes) this.serveDisplayModes(this.o.displayModes.modes);
  }

  /** BRG-6: a mode the host offers and the view declared is granted; else the current one stays. */
  private serveDisplayModes(hostModes: readonly DisplayMode[]): void {
    const bridge = this.o.bridge;
    bridge.onrequestdisplaymode = async (params) => {
      const d = decideDisplayMode({
        requested: params.mode,
        current: this.displayMode,
        hostModes,
        viewModes: bridge.getAppCapabilities()?.availableDisplayModes,
      });
      this.o.trace.event(
        "host-view",
        "host",
        "view",
        `ui/request-display-mode ${params.mode}: ${d.reason} (BRG-6)`,
        d.switched || d.mode === params.mode ? "delivered" : "refused",
      );
      if (d.switched) this.setDisplayMode(d.mode, true);
      return { mode: d.mode as McpUiDisplayMode };
    };
  }

  /**
   * BRG-5 (host policy): "Deny and close the view" on a consent prompt removes the view at once;
   * every queued call is refused without a prompt (ConsentQueue) and none reaches the server.
   */
  private followConsents(): void {
    this.o.consents.subscribe((state) => {
      if (!state.closed || this.disposed || this.ended || this.closedByUser) return;
      this.closedByUser = true;
      this.o.trace.event(
        "host-view",
        "host",
        "view",
        "the user chose Deny and close the view: this and every queued call are refused and the view is torn down (BRG-5, host policy; BRG-3)",
        "refused",
      );
      if (this.o.onClosedByUser) this.o.onClosedByUser();
      else void this.dispose();
    });
  }
}

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
