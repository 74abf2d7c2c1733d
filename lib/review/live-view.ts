import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";
import type {
  CallToolResult,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  Tool,
} from "@modelcontextprotocol/client";
import {
  decide,
  decideAgentVisibility,
  decideAppCall,
  decideDisplayMode,
  decideVisibility,
  toolVisibility,
  type AppCallDecision,
  type Consent,
  type Decision,
  type DisplayMode,
  type ReadObservation,
} from "../decide";
import { connectServer, HOST_INFO, type HostConnection } from "../host/connect";
import { EraCache, eraKeyForUrl } from "../host/era";
import { httpTransport } from "../host/http";
import { decodeHtml, readObservation, reviewPolicy, toolResourceUri } from "../host/inspect";
import { decideNegotiationForEra } from "../host/negotiation";
import { resourceScope, type OwnResources } from "../host/resource-scope";
import type { PermissionName } from "../decide/vocabulary";
import { asRecord } from "../host/wire";
import { BridgeOrderGuard } from "../simulator/bridge-guard";
import { ConsentQueue, type ConsentAnswer, type ConsentRequest } from "../simulator/consent-queue";
import { consentRefusal } from "../simulator/consent-refusal";
import type { InstrumentationReport } from "../simulator/browser/inbound";
import { checkOrigins } from "../simulator/browser/origins";
import { createProxyFrame } from "../simulator/browser/proxy-pool";
import { policyFor, tokenIssuer, type IssueProxy } from "../simulator/browser/proxy-ticket";
import { createLimits, ProxyTransport } from "../simulator/browser/proxy-transport";
import { WEBRTC_POLICY_NOTE } from "../simulator/browser/webrtc-policy";
import { judgeCall } from "./call-items";
import type { ReportItem } from "./report";
import { PausableTimer, withTimeout, type PauseSource } from "../simulator/timeout";
import { Trace, type TraceEntry } from "../simulator/trace";
import {
  displayName,
  grantFrom,
  type PermissionGrant,
  type PermissionQuestion,
} from "./permission-grants";
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
  /** Failures told apart: CSP block, never initialised, network failure of a declared origin. */
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
const MAX_RECORDS = 500;

const keep = <T>(list: T[], item: T) => {
  list.push(item);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
};

/** Calls the tool, reads its view, decides, and (when the table says render) renders it. */
export async function startLiveView(o: LiveViewOptions): Promise<LiveView> {
  const trace = new Trace();
  const started = performance.now();
  const since = () => Math.round((performance.now() - started) * 10) / 10;
  const conn = o.connection;
  const client = conn.client;
  const serverName = conn.serverInfo?.name ?? "the server";
  const hostModes = o.displayModes?.length ? o.displayModes : (["inline", "fullscreen"] as const);
  let closeFrame = async () => {};
  const view: LiveView = {
    state: "calling",
    trace,
    tools: [],
    appCalls: [],
    links: [],
    messages: [],
    logs: [],
    displayMode: hostModes[0]!,
    reports: [],
    failures: [],
    timings: { start: started },
    observe: (ms) => observe(ms),
    setDisplayMode: (mode) => setMode(mode),
    dispose: async () => {
      await closeFrame();
      if (view.state !== "torn-down" && view.state !== "failed") view.state = "closed";
      if (o.ownsConnection) await conn.close().catch(() => undefined);
    },
  };
  const changed = () => o.onChange?.(view);
  let setMode = (mode: DisplayMode) => {
    view.displayMode = mode;
  };
  const watchers: { calls: AppCallRecord[] }[] = [];
  const observe = (ms: number) =>
    new Promise<AppCallRecord[]>((resolve) => {
      const w = { calls: [] as AppCallRecord[] };
      watchers.push(w);
      trace.event(
        "host-view",
        "host",
        "view",
        `observing app-initiated calls for ${Math.round(ms / 1000)} s`,
      );
      setTimeout(() => {
        watchers.splice(watchers.indexOf(w), 1);
        trace.event(
          "host-view",
          "host",
          "view",
          `observation ended: ${w.calls.length} app-initiated call(s)`,
        );
        resolve(w.calls);
      }, ms);
    });
  const push = trace.entries.push.bind(trace.entries);
  trace.entries.push = (...items: TraceEntry[]) => {
    const n = push(...items);
    changed();
    return n;
  };
  const note = (text: string, status: TraceEntry["status"] = "delivered") =>
    trace.event("host-server", "host", "server", text, status);
  const stop = (state: LiveViewState, reason: string) => {
    view.state = state;
    view.reason = reason;
    changed();
    return view;
  };

  const origins = checkOrigins(o.hostOrigin, o.sandboxOrigin);
  if (!origins.ok) return stop("failed", origins.reason);

  // What the view's gates and resource scope need: every tool (app-only ones too), every resource
  // and template of this one server.
  const caps = conn.serverCapabilities;
  let tools: Tool[];
  let own: OwnResources;
  try {
    tools = (await client.listTools()).tools;
    let resources: Resource[] = [];
    let templates: ResourceTemplateType[] = [];
    if (caps?.resources) {
      resources = (await client.listResources()).resources;
      templates = await client
        .listResourceTemplates()
        .then((r) => r.resourceTemplates)
        .catch(() => []);
    }
    own = { server: serverName, resources, templates, tools };
  } catch (e) {
    return stop(
      "failed",
      `Listing the server's tools and resources failed: ${(e as Error).message}`,
    );
  }
  view.tools = tools.map((t) => {
    const agent = decideVisibility(toolVisibility(t), { kind: "model" });
    const app = decideVisibility(toolVisibility(t), { kind: "app", sameServer: true });
    return {
      name: t.name,
      agentListed: agent.allowed,
      appCallable: app.allowed,
      reason: `${agent.reason} (${agent.ruleIds.join(", ")}); ${app.reason} (${app.ruleIds.join(", ")})`,
    };
  });

  // The agent's call, with the arguments from the form, if the agent would see the tool (TOOL-3).
  const found = toolResourceUri(o.tool);
  const seen = decideAgentVisibility(toolVisibility(o.tool));
  if (seen.verdict === "fail") {
    view.decision = decide({
      uiToolVisibility: toolVisibility(o.tool),
      clientCapabilities: undefined,
      serverCapabilities: caps,
      policy: reviewPolicy(undefined),
    });
    return stop(
      "text",
      `Not called: ${seen.reason} (${seen.ruleIds.join(", ")}), so a host never renders this view for the agent`,
    );
  }
  if (o.sampleResult) {
    // A preview: nothing reaches the server's tool, so there is no call to judge.
    view.toolResult = o.sampleResult;
    note(
      `tools/call ${o.tool.name} not sent (a preview): the view gets a sample result instead of the server's`,
    );
  } else {
    note(
      `tools/call ${o.tool.name} ${JSON.stringify(o.arguments).slice(0, 300)} (the agent's call)`,
    );
    try {
      view.toolResult = (await client.callTool({
        name: o.tool.name,
        arguments: o.arguments,
      })) as CallToolResult;
    } catch (e) {
      return stop("failed", `tools/call ${o.tool.name} failed: ${(e as Error).message}`);
    }
    note(
      `tools/call ${o.tool.name} answered${view.toolResult.isError ? " with isError: true" : ""}: ${view.toolResult.content?.length ?? 0} content item(s)${view.toolResult.structuredContent ? " and structuredContent" : ""}`,
    );
    // The page does not carry a JSON Schema validator, so output-schema-match is left not checked
    // here (schemaProblems undefined) and says the CLI's --call validates it.
    view.callItems = judgeCall({
      tool: o.tool.name,
      args: o.arguments,
      ...(o.tool.outputSchema !== undefined ? { outputSchema: o.tool.outputSchema } : {}),
      outcome: { kind: "result", result: view.toolResult as Record<string, unknown> },
    });
  }
  if (!found) return stop("text", `${o.tool.name} names no view (TOOL-1)`);

  // NEG-6: negotiation judged by the session's era on what the call declared; only then is the
  // view read (the way inspectServer reads it) and the rest of the table walked.
  const declaration = conn.era === "legacy" ? conn.declaration() : conn.declaration("tools/call");
  const negotiation = decideNegotiationForEra(conn.era, declaration, caps, found.uri);
  let read: ReadResourceResult | undefined;
  let observation: ReadObservation | undefined;
  const listingMeta = own.resources.find((r) => r.uri === found.uri)?._meta;
  if (negotiation.verdict === "pass") {
    try {
      read = (await client.readResource({ uri: found.uri })) as ReadResourceResult;
      observation = readObservation({ ok: true, result: read }, listingMeta);
    } catch (e) {
      observation = readObservation({ ok: false, error: (e as Error).message }, listingMeta);
    }
    note(`resources/read ${found.uri}: ${observation.ok ? "read" : observation.error}`);
  } else {
    note(
      `extension not negotiated (${negotiation.reason}): text only, no resources/read`,
      "refused",
    );
  }
  const item = read ? asRecord(read.contents[0]) : undefined;
  const listing = own.resources.find((r) => r.uri === found.uri);
  const ui = asRecord(asRecord(item?._meta)?.ui) ?? asRecord(asRecord(listing?._meta)?.ui);
  // PERM-2: this host grants nothing by itself; the person's answer below is the grant.
  const decideWith = (grantable: readonly PermissionName[]) =>
    decide({
      uiToolVisibility: toolVisibility(o.tool),
      clientCapabilities: declaration?.capabilities,
      serverCapabilities: caps,
      negotiation,
      ...(observation ? { read: observation } : {}),
      policy: { ...reviewPolicy(ui?.csp), grantablePermissions: grantable },
    });
  let decision = decideWith([]);
  view.decision = decision;
  const html = read && decision.outcome === "rendered" ? decodeHtml(read) : undefined;
  if (!html) {
    const failing = decision.rows.find((r) => r.verdict === "fail");
    return stop(
      "text",
      failing
        ? `The host falls back to text: ${failing.row} — ${failing.reason} (${failing.ruleIds.join(", ")})`
        : "The view's document is empty",
    );
  }

  // PERM-2: each requested permission is the person's to allow, for this run only; PERM-3: the
  // view renders whatever they answer. The handshake time-out has not started: a person may take
  // their time.
  const requested = decision.permissions?.requested ?? [];
  let allowed: readonly string[] = [];
  if (requested.length && o.askPermissions) {
    view.state = "asking-permissions";
    changed();
    allowed = await o
      .askPermissions({ server: displayName(serverName), tool: o.tool.name, requested })
      .catch(() => []);
  }
  const grant = grantFrom(requested, allowed);
  view.permissions = grant;
  decision = decideWith(grant.granted);
  view.decision = decision;
  if (requested.length)
    trace.event(
      "host-view",
      "host",
      "view",
      `permissions requested: ${requested.join(", ")}; granted for this run: ${grant.granted.join(", ") || "none"}${grant.denied.length ? `; not granted: ${grant.denied.join(", ")}` : ""} (${o.askPermissions ? "the person's answer" : "nobody was asked"}); the view renders either way (PERM-2, PERM-3)`,
      grant.denied.length ? "refused" : "delivered",
    );

  // The proxy: a signed URL for a fresh run id and the effective CSP (CSP-3), on its own origin.
  const effective = decision.csp?.effective ?? undefined;
  const granted = grant.granted;
  const policy = policyFor(effective, granted);
  view.cspHeader = decision.csp?.header;
  let ticket;
  try {
    ticket = await (o.issueProxy ?? tokenIssuer(o.hostOrigin, o.sandboxOrigin))(policy);
  } catch (e) {
    return stop("failed", (e as Error).message);
  }
  view.proxyUrl = ticket.url;
  view.runOrigin = ticket.origin;
  view.state = "loading";
  const iframe = createProxyFrame(policy.allow);
  iframe.dataset.simulator = "review-proxy";
  iframe.title = `View of ${o.tool.name} (sandbox proxy)`;
  o.container.append(iframe);

  let disposed = false;
  let initTimer: PausableTimer | undefined = undefined;
  const teardownNow = (reason: string) => {
    if (disposed) return;
    disposed = true;
    initTimer?.clear();
    consents.close();
    trace.event("host-proxy", "host", "proxy", `${reason}; the view is torn down`, "refused");
    void bridge.close().catch(() => undefined);
    iframe.removeEventListener("load", onLoad);
    iframe.remove();
    stop("torn-down", `Torn down: ${reason}.`);
  };
  let loads = 0;
  const onLoad = () => {
    loads++;
    if (loads > 1)
      teardownNow(
        "the proxy frame loaded a second document, a breach (SBX-3: the HTML is sent once)",
      );
  };
  iframe.addEventListener("load", onLoad);

  const refreshFailures = () => {
    const timeouts = view.failures.filter((f) => f.kind === "init-timeout");
    view.failures = [...timeouts, ...failuresFrom(view.reports, effective)];
  };
  const transport = new ProxyTransport({
    target: iframe.contentWindow!,
    origin: ticket.origin,
    trace,
    limits: createLimits(trace, (why) => teardownNow(why)),
    onInstrumentation(report) {
      if (report.type === "self-test" && report.topReachable)
        return teardownNow("the sandbox self-test failed: the proxy can reach window.top");
      if (report.type === "csp-violation" || report.type === "network-error") {
        if (view.reports.length < MAX_RECORDS) view.reports.push(report);
        refreshFailures();
        changed();
      }
    },
  });

  const hostCapabilities: McpUiHostCapabilities = {
    serverTools: {},
    serverResources: {},
    openLinks: {},
    logging: {},
    updateModelContext: { text: {} },
    message: { text: {} },
    sandbox: {
      permissions: Object.fromEntries(granted.map((p) => [p, {}])),
      ...(effective ? { csp: effective } : {}),
    },
  };
  const bridgeContext = (): McpUiHostContext => ({
    theme: "light",
    ...o.hostContext,
    toolInfo: { tool: o.tool },
    displayMode: view.displayMode as McpUiDisplayMode,
    availableDisplayModes: [...hostModes] as McpUiDisplayMode[],
    platform: "web",
  });
  const bridge = new AppBridge(null, HOST_INFO, hostCapabilities, {
    hostContext: bridgeContext(),
  });
  setMode = (mode) => {
    if (mode === view.displayMode) return;
    view.displayMode = mode;
    // BRG-3: host-context-changed tells the view (the SDK sends only what changed).
    if (delivered && !disposed) bridge.setHostContext(bridgeContext());
    changed();
  };
  const viewNote = (text: string, status: TraceEntry["status"] = "delivered") =>
    trace.event("host-view", "host", "view", text, status);

  // BRG-5: visibility first (the same decision functions as the simulator), then consent, queued.
  const consents = new ConsentQueue();
  const record = (r: Omit<AppCallRecord, "at">) => {
    keep(view.appCalls, { at: since(), ...r });
    for (const w of watchers) w.calls.push(view.appCalls.at(-1)!);
    changed();
  };
  // "Deny and close the view": every queued call is refused without a prompt, the view goes.
  consents.subscribe((state) => {
    if (!state.closed || disposed) return;
    viewNote(
      "the user chose Deny and close the view: this and every queued call are refused and the view is torn down (BRG-5, host policy; BRG-3)",
      "refused",
    );
    void closeFrame().then(() =>
      stop(
        "closed",
        "You denied the call and closed the view: every call it had queued was refused without a prompt and none reached the server (BRG-5, host policy).",
      ),
    );
  });
  bridge.oncalltool = async (params) => {
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    const tool = tools.find((t) => t.name === params.name);
    const target = tool && { name: tool.name, server: "own", visibility: toolVisibility(tool) };
    let consent: Consent = "deny";
    if (target && decideVisibility(target.visibility, { kind: "app", sameServer: true }).allowed) {
      const verdict = await consents.ask(() =>
        o.askConsent({ tool: params.name, arguments: args, queue: consents }),
      );
      consent = verdict.consent;
      if (verdict.by !== "person") {
        // Blocked or closed by the person: a JSON-RPC error to the view, no prompt, no server.
        const refusal = consentRefusal(verdict.by, params.name);
        viewNote(refusal.message, "refused");
        record({
          method: "tools/call",
          target: params.name,
          arguments: args,
          outcome: "refused",
          reason: refusal.message,
          ruleIds: ["BRG-5"],
        });
        throw refusal;
      }
    }
    const d: AppCallDecision = decideAppCall({
      target,
      requestedName: params.name,
      viewServer: "own",
      consent: () => consent,
      era: conn.era,
    });
    if (!d.forward) {
      viewNote(`tools/call ${params.name} refused: ${d.reason}`, "refused");
      record({
        method: "tools/call",
        target: params.name,
        arguments: args,
        outcome: "refused",
        reason: d.reason,
        ruleIds: d.ruleIds,
      });
      return {
        isError: true,
        content: [{ type: "text", text: `Refused by the host: ${d.reason}` }],
      };
    }
    note(`tools/call ${params.name} forwarded (app-initiated): ${d.reason}`);
    try {
      const result = (await client.callTool({
        name: params.name,
        arguments: args,
      })) as CallToolResult;
      note(
        `tools/call ${params.name} (app-initiated) answered${result.isError ? " with isError: true" : ""}`,
      );
      record({
        method: "tools/call",
        target: params.name,
        arguments: args,
        outcome: "forwarded",
        reason: d.reason,
        ruleIds: d.ruleIds,
        detail: result.isError ? "the server answered isError: true" : "the server answered",
      });
      return result;
    } catch (e) {
      record({
        method: "tools/call",
        target: params.name,
        arguments: args,
        outcome: "error",
        reason: `forwarded; the server failed: ${(e as Error).message}`,
        ruleIds: d.ruleIds,
      });
      throw e;
    }
  };
  // SBX-6: a view's resources/read goes to its own server only, for that server's resources.
  bridge.onreadresource = async (params) => {
    const scope = resourceScope(own, params.uri);
    if (!scope.own) {
      viewNote(`resources/read ${params.uri} refused: ${scope.reason}`, "refused");
      record({
        method: "resources/read",
        target: params.uri,
        outcome: "refused",
        reason: scope.reason,
        ruleIds: ["SBX-6"],
      });
      throw new Error(`Refused by the host: ${scope.reason}`);
    }
    note(`resources/read ${params.uri} forwarded (app-initiated): ${scope.detail}`);
    try {
      const result = (await client.readResource({ uri: params.uri })) as ReadResourceResult;
      record({
        method: "resources/read",
        target: params.uri,
        outcome: "forwarded",
        reason: `forwarded to ${serverName}: ${scope.detail}`,
        ruleIds: ["SBX-6"],
        detail: `${result.contents.length} content item(s)`,
      });
      return result;
    } catch (e) {
      record({
        method: "resources/read",
        target: params.uri,
        outcome: "error",
        reason: `forwarded to ${serverName}, which failed: ${(e as Error).message}`,
        ruleIds: ["SBX-6"],
      });
      throw e;
    }
  };
  bridge.onlistresources = (params) => client.listResources(params);
  bridge.onlistresourcetemplates = (params) => client.listResourceTemplates(params);
  // BRG-4: this host has no conversation; the message is recorded for the reader.
  bridge.onmessage = async (params) => {
    keep(view.messages, { at: since(), method: "ui/message", params });
    viewNote(`ui/message recorded (a chat host would add it to the conversation, BRG-4)`);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    keep(view.messages, { at: since(), method: "ui/update-model-context", params });
    viewNote("ui/update-model-context recorded (replaces any earlier one, BRG-4)");
    return {};
  };
  bridge.onopenlink = async (params) => {
    let url: URL | undefined;
    try {
      url = new URL(params.url);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
      const reason = "only http and https links are opened";
      keep(view.links, { at: since(), url: String(params.url), opened: false, reason });
      viewNote(`ui/open-link ${String(params.url).slice(0, 200)} refused: ${reason}`, "refused");
      return { isError: true };
    }
    const opened = await o.confirmOpenLink(url.href);
    const reason = opened ? "opened after the user confirmed" : "the user declined";
    keep(view.links, { at: since(), url: url.href, opened, reason });
    viewNote(`ui/open-link ${url.href}: ${reason} (BRG-4)`, opened ? "delivered" : "refused");
    if (opened)
      (o.openLink ?? ((u: string) => window.open(u, "_blank", "noopener,noreferrer")))(url.href);
    return opened ? {} : { isError: true };
  };
  bridge.onrequestdisplaymode = async (params) => {
    const d = decideDisplayMode({
      requested: params.mode,
      current: view.displayMode,
      hostModes,
      viewModes: bridge.getAppCapabilities()?.availableDisplayModes,
    });
    viewNote(
      `ui/request-display-mode ${params.mode}: ${d.reason} (BRG-6)`,
      d.switched || d.mode === params.mode ? "delivered" : "refused",
    );
    if (d.switched) {
      setMode(d.mode);
      o.onDisplayMode?.(d.mode);
    }
    return { mode: d.mode as McpUiDisplayMode };
  };
  // BRG-7: follow the view's height, once per frame.
  let wanted: number | undefined;
  let frame = 0;
  bridge.onsizechange = ({ height }) => {
    if (typeof height !== "number" || height <= 0) return;
    wanted = Math.min(Math.ceil(height), 4000);
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (wanted !== undefined && !disposed) iframe.style.height = `${wanted}px`;
    });
  };
  bridge.onloggingmessage = (params) => {
    keep(view.logs, { at: since(), level: params.level, data: params.data });
    changed();
  };
  bridge.onrequestteardown = () =>
    viewNote(
      "ui/notifications/request-teardown recorded ([SDK] 2.x, not in 2026-01-26): this host keeps the view until the reader closes it",
    );

  let readies = 0;
  bridge.onsandboxready = () => {
    readies++;
    if (readies > 1)
      return teardownNow("the proxy said sandbox-proxy-ready a second time, a breach (SBX-3)");
    // Said on the proxy's lane: the proxy document does it; nothing is sent for it.
    trace.event("host-proxy", "proxy", "proxy", WEBRTC_POLICY_NOTE);
    void bridge.sendSandboxResourceReady({
      html,
      ...(effective ? { csp: effective } : {}),
      permissions: Object.fromEntries(granted.map((p) => [p, {}])),
    });
  };
  let delivered = false;
  bridge.oninitialized = () => {
    if (delivered || disposed) return;
    delivered = true;
    initTimer?.clear();
    view.timings.initialized = performance.now();
    view.timings.initMs = Math.round(view.timings.initialized - view.timings.proxyLoad!);
    const late = view.failures.some((f) => f.kind === "init-timeout");
    view.failures = view.failures.filter((f) => f.kind !== "init-timeout");
    if (late)
      viewNote(`the view initialised after ${view.timings.initMs} ms, past the host's time-out`);
    view.state = "initialized";
    view.reason = undefined;
    // SBX-5: nothing before initialized; BRG-3: the complete input, then the result, once.
    void (async () => {
      await bridge.sendToolInput({ arguments: o.arguments });
      await bridge.sendToolResult(view.toolResult ?? { content: [] });
      changed();
    })();
  };

  await bridge.connect(new BridgeOrderGuard(transport, trace, "host-proxy", "proxy"));
  view.timings.proxyLoad = performance.now();
  iframe.src = ticket.url;
  const waitMs = o.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
  // The handshake's clock stands still while a consent prompt is open: the person's time is not the
  // view's (a view may call a tool between ui/initialize and initialized).
  const promptOpen: PauseSource = {
    get paused() {
      return consents.state.asking;
    },
    subscribe: (listener) => consents.subscribe(listener),
  };
  initTimer = new PausableTimer(
    waitMs,
    () => {
      if (delivered || disposed) return;
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
      changed();
    },
    promptOpen,
  );

  closeFrame = async () => {
    if (disposed) return;
    disposed = true;
    // Whatever still waits for consent is refused without a prompt: the view is going (BRG-5).
    consents.close();
    initTimer?.clear();
    // BRG-3: ui/resource-teardown first, and wait (bounded) for the view's answer.
    if (delivered)
      await withTimeout(bridge.teardownResource({}), 1000, " waiting for the view").catch(
        () => undefined,
      );
    await bridge.close().catch(() => undefined);
    iframe.removeEventListener("load", onLoad);
    iframe.remove();
  };

  changed();
  return view;
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
