import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type {
  McpUiHostContext,
  McpUiResourcePermissions,
  McpUiToolVisibility,
} from "@modelcontextprotocol/ext-apps";
import {
  InMemoryTransport,
  type CallToolResult,
  type Client,
  type ClientCapabilities,
  type ReadResourceResult,
  type Tool,
} from "@modelcontextprotocol/client";
import { connectServer, type HostConnection } from "../host/connect";
import type { ClientEra, ServerEra } from "../host/era";
import { decodeHtml, readObservation, toolResourceUri } from "../host/inspect";
import { decideEraNegotiation } from "./era";
import type { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { ConsentQueue, type ConsentAnswer, type ConsentRequest } from "../host/view/consent-queue";
import { consentRefusal } from "../host/view/consent-refusal";
import { linkRefusal } from "../host/view/link-refusal";
import { ResultCache } from "./cache";
import { clientCapabilitiesFor as clientCapabilities } from "./capabilities";
import type { PermissionName } from "./constants";
import {
  decide,
  decideAgentVisibility,
  decideAppCall,
  decideDisplayMode,
  shouldReadView,
  type AppCallDecision,
  type Consent,
  type Decision,
  type DecisionInputs,
  type DisplayMode,
  type ReadObservation,
} from "../decide";
import { REFERENCE_BEHAVIOURS, type HostBehaviours } from "../decide/host-profile";
import { clientEraOf } from "./preview";
import type { Scenario } from "./scenario";
import { createServerFactory, type ServerName, type ViewDocuments } from "./server";
import { Conversation } from "./conversation";
import type { PendingToolCall } from "./tool-call-flow";
import { tracedTransport, type Trace } from "../host/view/trace";

const HOST_INFO = { name: "academy-host", version: "1.0.0" };

/** The page's part of the host context: what the page may change while a view lives. */
export type PageContext = Pick<McpUiHostContext, "theme" | "styles">;

/**
 * The whole host context a view is given: the page's part, inline display, and the modes the
 * host offers (inline only for the reference host; a host profile may offer more).
 */
export function hostContextFor(
  context: PageContext = {},
  modes: readonly DisplayMode[] = REFERENCE_BEHAVIOURS.displayModes,
): McpUiHostContext {
  return {
    theme: "light",
    ...context,
    displayMode: "inline",
    availableDisplayModes: [...modes],
  };
}

/** A cached view: the read result and the listing `_meta` seen with it (RES-4 needs both). */
interface CachedView {
  result: ReadResourceResult;
  listingMeta: unknown;
}

/** The host's cache of view reads; lives across runs, as a real host's would (RES-5). */
export type ViewCache = ResultCache<CachedView>;
export function createViewCache(now?: () => number): ViewCache {
  return new ResultCache<CachedView>(now);
}

function visibilityOf(tool: Tool | undefined): McpUiToolVisibility[] | undefined {
  const ui = (tool?._meta as { ui?: { visibility?: unknown } } | undefined)?.ui;
  const v = ui?.visibility;
  return Array.isArray(v)
    ? (v.filter((x) => x === "model" || x === "app") as McpUiToolVisibility[])
    : undefined;
}

interface Connection {
  server: ServerName;
  client: Client;
  /** The connection as lib/host made it: era, discover result and the wire. */
  host: HostConnection;
  close(): Promise<void>;
}

/** NEG-6: the era of each session, as the connection layer settled it on the wire. */
export interface EraInfo {
  /** The eras the host's client speaks (scenario `client.era`). */
  client: ClientEra;
  /** The eras the scenario's server serves (scenario `server.era`). */
  server: Scenario["server"]["era"];
  /** The era the session runs in. */
  session: ServerEra;
  /** The negotiated protocol version (`2026-07-28`, or the legacy one `initialize` agreed on). */
  protocolVersion: string | undefined;
  /** How it was settled: pinned by a modern-only client, or probed by a dual-era one. */
  source: HostConnection["eraSource"];
}

async function connect(
  scenario: Scenario,
  which: ServerName,
  views: ViewDocuments,
  trace: Trace,
  own: (() => McpServer) | undefined,
  clientEra: ClientEra,
): Promise<Connection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const serverLabel = which === "main" ? "server" : "second server";
  const factory =
    own ??
    createServerFactory(scenario, which, views, (e) =>
      trace.event("host-server", serverLabel, serverLabel, e.note),
    );
  const serverTransport = tracedTransport(serverSide, trace, "host-server", serverLabel, "host");
  // NEG-6: the server serves the scenario's era(s): modern only refuses `initialize`; legacy only
  // is a bare 2025-era server (no `server/discover`); dual serves whichever the client opens with.
  const serverEra = scenario.server.era;
  let closeServer: () => Promise<void>;
  if (serverEra === "legacy") {
    const server = factory();
    await server.connect(serverTransport);
    closeServer = () => server.close();
  } else {
    const handle = serveStdio(factory, {
      transport: serverTransport,
      legacy: serverEra === "modern" ? "reject" : "serve",
    });
    closeServer = () => handle.close();
  }
  // The shared host layer, as the scenario's client: modern pins 2026-07-28 (NEG-2); dual lets
  // the SDK probe `server/discover` and fall back to `initialize` (NEG-6).
  let host: HostConnection;
  try {
    host = await connectServer({
      clientEra,
      key: `simulator ${which}`,
      clientInfo: HOST_INFO,
      capabilities: clientCapabilities(scenario) as ClientCapabilities,
      transport: () => tracedTransport(clientSide, trace, "host-server", "host", serverLabel),
      timeoutMs: 5000,
    });
  } catch (error) {
    await closeServer().catch(() => {});
    const detail = error instanceof Error ? error.message : String(error);
    trace.event("host-server", "host", serverLabel, `no session: ${detail}`, "refused");
    throw error;
  }
  trace.event(
    "host-server",
    "host",
    serverLabel,
    `session era: ${host.era} (${host.protocolVersion ?? "unknown version"}); ${clientEra} client, ${serverEra} server, era ${host.eraSource === "pinned" ? "pinned by the client" : "detected by probing"} (NEG-6)`,
  );
  return {
    server: which,
    client: host.client,
    host,
    async close() {
      await host.close();
      await closeServer();
    },
  };
}

interface AgentTool {
  name: string;
  server: ServerName;
  visibility: McpUiToolVisibility[] | undefined;
  /** Whether the agent's tool list includes it (TOOL-3). */
  listed: boolean;
  reason: string;
}

export interface AgentTurn {
  tools: AgentTool[];
  toolResult?: CallToolResult;
  read?: { result?: ReadResourceResult; cache: "hit" | "miss"; reason: string; error?: string };
  decision: Decision;
  inputs: DecisionInputs;
  /** The HTML to render, decoded from text or base64 blob, when the outcome is "rendered". */
  html?: string;
  /** What the host makes of the tool's result before the view gets it (a host profile's). */
  resultForView?: (result: CallToolResult) => CallToolResult;
  /** BRG-3: the call, still running, when the view is rendered before the tool answers. */
  call?: PendingToolCall;
}

export interface BridgeHooks {
  /** After the host has decided (and, when allowed, forwarded) a view's tools/call. */
  onAppCall?(decision: AppCallDecision | undefined, result: CallToolResult): void;
  /** BRG-7: the view's new content size. */
  onSizeChange?(size: { width?: number; height?: number }): void;
  /** notifications/message from the view. */
  onLog?(params: { level: string; data?: unknown }): void;
}

export type AskConsent = (request: ConsentRequest) => Promise<ConsentAnswer>;

/**
 * The simulator's host: real MCP clients (pinned to 2026-07-28) to the scenario's servers, the
 * agent's tool list, the decision table, and the gates on a view's tool calls. It never renders:
 * the caller connects the returned AppBridge to a view, through a proxy in the browser or an
 * in-memory pair in Node.
 */
export class SimHost {
  private connections: Connection[] = [];
  private allTools: { tool: Tool; server: ServerName }[] = [];
  lastAppCall?: AppCallDecision;

  private constructor(
    readonly scenario: Scenario,
    readonly trace: Trace,
    private readonly cache: ViewCache,
    /** What this host does where real hosts depart from the reference (issue 33). */
    readonly behaviours: HostBehaviours,
  ) {}

  /**
   * `mainServer` replaces the scenario's own main server with another real one the app hands in
   * (the conformance server, lib/conformance, for the conformance view), so this host can be
   * tested by a view it did not write. Without one the scenario's simulated server serves its
   * view; for the conformance view it declares the same tool, view URI and CSP (the schema holds
   * the scenario to the conformance server's), so the decision is the same; the probes need
   * the conformance server itself.
   */
  static async create(
    scenario: Scenario,
    views: ViewDocuments,
    trace: Trace,
    cache: ViewCache,
    mainServer?: () => McpServer,
    behaviours: HostBehaviours = REFERENCE_BEHAVIOURS,
  ): Promise<SimHost> {
    const host = new SimHost(scenario, trace, cache, behaviours);
    const era = clientEraOf(scenario, behaviours.eras);
    host.connections.push(await connect(scenario, "main", views, trace, mainServer, era));
    if (scenario.otherTools.some((t) => t.server === "second")) {
      host.connections.push(await connect(scenario, "second", views, trace, undefined, era));
    }
    return host;
  }

  /** NEG-6: the era of the session with the view's own server. */
  get era(): EraInfo {
    const c = this.connection("main").host;
    return {
      client: clientEraOf(this.scenario, this.behaviours.eras),
      server: this.scenario.server.era,
      session: c.era,
      protocolVersion: c.protocolVersion,
      source: c.eraSource,
    };
  }

  private connection(server: ServerName): Connection {
    const c = this.connections.find((x) => x.server === server);
    if (!c) throw new Error(`no connection to the ${server} server`);
    return c;
  }

  private client(server: ServerName): Client {
    return this.connection(server).client;
  }

  /** Lists tools, calls the UI tool if the agent may, and walks the table up to rendering. */
  async agentTurn(args: Record<string, unknown> = {}): Promise<AgentTurn> {
    const s = this.scenario;
    this.allTools = [];
    for (const c of this.connections) {
      const { tools } = await c.client.listTools();
      for (const tool of tools) this.allTools.push({ tool, server: c.server });
    }
    const b = this.behaviours;
    const tools: AgentTool[] = this.allTools.map(({ tool, server }) => {
      const visibility = visibilityOf(tool);
      const d = decideAgentVisibility(visibility, b.agentVisibility);
      return {
        name: tool.name,
        server,
        visibility,
        listed: d.verdict === "pass",
        reason: d.reason,
      };
    });
    const uiTool = this.allTools.find(
      (t) => t.server === "main" && t.tool.name === s.uiTool.name,
    )?.tool;
    const main = this.client("main");
    const wire = this.connection("main").host;
    // Decision inputs from the wire (NEG-2): what the client's latest request carried in _meta,
    // and the server/discover capabilities; replaced by the tools/call's own _meta once it is sent.
    const inputs: DecisionInputs = {
      uiToolVisibility: visibilityOf(uiTool),
      clientCapabilities: wire.declaration("tools/list")?.capabilities,
      serverCapabilities: main.getServerCapabilities(),
      policy: s.host,
      ...(b === REFERENCE_BEHAVIOURS ? {} : { behaviours: b }),
    };
    // NEG-6: the negotiation row is judged by the session's own era, from what went over the wire.
    const judge = () =>
      decideEraNegotiation({
        era: wire.era,
        clientCapabilities: inputs.clientCapabilities,
        serverCapabilities: inputs.serverCapabilities,
        resourceUri: uiTool ? toolResourceUri(uiTool)?.uri : undefined,
      });
    inputs.negotiation = judge();
    if (decideAgentVisibility(inputs.uiToolVisibility, b.agentVisibility).verdict === "fail") {
      this.trace.event(
        "host-server",
        "host",
        "agent",
        `${s.uiTool.name} is not in the agent's tool list`,
        "refused",
      );
      return { tools, inputs, decision: decide(inputs) };
    }
    // BRG-3: a slow tool (scenario toolCall.durationMs) is still running while its view starts.
    const call = (s.toolCall?.durationMs ?? 0) > 0 ? await this.startCall(args) : undefined;
    const toolResult = call
      ? undefined
      : ((await main.callTool({
          name: s.uiTool.name,
          arguments: args,
        })) as CallToolResult);
    inputs.clientCapabilities = wire.declaration("tools/call")?.capabilities;
    inputs.negotiation = judge();
    let read: AgentTurn["read"];
    if (shouldReadView(inputs)) {
      read = await this.readView(uiTool);
      inputs.read = this.observe(read);
    } else {
      this.trace.event(
        "host-server",
        "host",
        "agent",
        "extension not negotiated on this request: text content only, no resources/read",
        "refused",
      );
    }
    const turn: AgentTurn = { tools, inputs, toolResult, read, decision: decide(inputs) };
    if (b.structuredContent === "stripped") turn.resultForView = (r) => this.stripped(r);
    if (turn.decision.outcome === "rendered" && read?.result) turn.html = decodeHtml(read.result);
    // No view to tell: the agent simply waits for the answer (OUT-1's text).
    if (call && turn.decision.outcome !== "rendered") turn.toolResult = await call.done;
    else if (call) turn.call = call;
    return turn;
  }

  /**
   * Sends the agent's tools/call and returns once it is on the wire (so its `_meta` declaration
   * can be read, NEG-2), without waiting for the answer; `cancel` aborts it, and the client tells
   * the server with notifications/cancelled.
   */
  private async startCall(args: Record<string, unknown>): Promise<PendingToolCall> {
    const wire = this.connection("main").host.wire;
    const before = wire.requests("tools/call").length;
    const controller = new AbortController();
    const done = this.client("main")
      .callTool({ name: this.scenario.uiTool.name, arguments: args }, { signal: controller.signal })
      .then(
        (r) => r as CallToolResult,
        (error: unknown) => {
          if (controller.signal.aborted) return undefined;
          throw error;
        },
      );
    // Rejections are the flow's to report; this keeps an unobserved one from being unhandled.
    done.catch(() => undefined);
    for (let i = 0; i < 100 && wire.requests("tools/call").length === before; i++)
      await new Promise((r) => setTimeout(r, 0));
    return {
      done,
      cancel(reason) {
        if (controller.signal.aborted) return false;
        controller.abort(reason);
        return true;
      },
    };
  }

  private async readView(uiTool: Tool | undefined): Promise<NonNullable<AgentTurn["read"]>> {
    const uri = uiTool ? toolResourceUri(uiTool)?.uri : undefined;
    if (uri === undefined)
      return { cache: "miss", reason: "no resourceUri", error: "the tool names no view" };
    const key = ResultCache.key("resources/read", { uri });
    const caching = this.behaviours.caching;
    // A host profile's caching (RES-1 lets a host cache; RES-5's hints are the reference's way).
    const cached =
      caching === "every-call"
        ? { hit: false as const, reason: "this host reads the view afresh before each call" }
        : this.cache.get(key, this.scenario.user, caching !== "hints");
    if (cached.hit) {
      this.trace.event(
        "host-server",
        "host",
        "cache",
        `resources/read ${uri}: ${cached.reason}`,
        "cache-hit",
      );
      this.listingMeta = cached.value.listingMeta;
      if (caching === "refetch")
        this.trace.event(
          "host-server",
          "host",
          "cache",
          "this host shows the cached copy at once and reads the view again behind it (the simulator shows the cached copy)",
        );
      return { result: cached.value.result, cache: "hit", reason: cached.reason };
    }
    this.trace.event(
      "host-server",
      "host",
      "cache",
      `resources/read ${uri}: ${cached.reason}`,
      "cache-miss",
    );
    try {
      await this.loadListingMeta(uri);
      const result = (await this.client("main").readResource({ uri })) as ReadResourceResult;
      const hint = result as { ttlMs?: unknown; cacheScope?: unknown };
      this.cache.set(
        key,
        { result, listingMeta: this.listingMeta },
        hint,
        this.scenario.user,
        caching === "by-uri" || caching === "refetch",
      );
      return { result, cache: "miss", reason: cached.reason };
    } catch (error) {
      return { cache: "miss", reason: cached.reason, error: (error as Error).message };
    }
  }

  private observe(read: NonNullable<AgentTurn["read"]>): ReadObservation {
    return readObservation(
      read.error || !read.result
        ? { ok: false, error: read.error ?? "no result" }
        : { ok: true, result: read.result },
      this.listingMeta,
    );
  }

  private listingMeta: unknown;

  /** RES-4: the listing entry's `_meta`, read with resources/list once negotiation passes. */
  private async loadListingMeta(uri: string): Promise<void> {
    const { resources } = await this.client("main").listResources();
    this.listingMeta = resources.find((r) => r.uri === uri)?._meta;
  }

  /**
   * Creates the AppBridge for a rendered view, with the host's own oncalltool applying both
   * gates of BRG-5 before anything reaches a server ([SDK] AppBridge with a client would forward
   * unchecked, so it is built without one). `context` is the page's own theme and style
   * variables, so the view can look like part of it.
   */
  createBridge(
    turn: AgentTurn,
    askConsent: AskConsent,
    hooks: BridgeHooks = {},
    context: PageContext = {},
  ): AppBridge {
    const b = this.behaviours;
    const granted = turn.decision.permissions?.granted ?? [];
    const permissions: McpUiResourcePermissions = Object.fromEntries(
      granted.map((p: PermissionName) => [p, {}]),
    );
    const bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        serverTools: {},
        // No openLinks: this host opens no link (linkRefusal), so it does not say it can; a view
        // that checks hostCapabilities shows the URL another way (BRG-2, BRG-4).
        logging: {},
        // A host profile may leave either out (BRG-4: both are the host's to offer).
        ...(b.modelContext === "not-offered" ? {} : { updateModelContext: { text: {} } }),
        ...(b.message === "not-offered" ? {} : { message: { text: {} } }),
        // PERM-2: granted permissions are reported to the view.
        sandbox: {
          permissions,
          ...(turn.decision.csp?.effective ? { csp: turn.decision.csp.effective } : {}),
        },
      },
      { hostContext: hostContextFor(context, b.displayModes) },
    );
    const note = (text: string) => this.trace.event("host-view", "host", "agent", text);
    bridge.oncalltool = async (params) => {
      const result = await this.onViewToolCall(params, askConsent);
      hooks.onAppCall?.(this.lastAppCall, result);
      return result;
    };
    const refuse = (what: string) => {
      const message = `${what} is not offered by this host (see its hostCapabilities)`;
      this.trace.event("host-view", "host", "view", message, "refused");
      return new Error(message);
    };
    // BRG-4: the host SHOULD add ui/message to the conversation; here it is recorded for the agent.
    bridge.onmessage = async (params) => {
      if (b.message === "not-offered") throw refuse("ui/message");
      const text = JSON.stringify(params.content).slice(0, 200);
      if (b.message === "draft") {
        note(`ui/message put into the chat input as a draft, not sent: ${text}`);
        this.conversation.addMessage(params, { draft: true });
        return {};
      }
      note(`ui/message added to the conversation: ${text}`);
      this.conversation.addMessage(params);
      return {};
    };
    // BRG-4: each update overwrites the previous; only the latest reaches the model's next turn.
    bridge.onupdatemodelcontext = async (params) => {
      if (b.modelContext === "not-offered") throw refuse("ui/update-model-context");
      if (b.modelContext === "not-seen") {
        note("ui/update-model-context accepted, but this host does not pass it to the model");
        return {};
      }
      this.modelContext = params;
      this.conversation.updateModelContext(params);
      note("ui/update-model-context stored (replaces any earlier one)");
      return {};
    };
    bridge.onopenlink = async (params) => {
      const refusal = linkRefusal(params.url);
      this.trace.event("host-view", "host", "view", refusal.message, "refused");
      throw refusal;
    };
    // BRG-6: the reference host offers only "inline"; a host profile may offer more, and may
    // switch to a mode the view never declared. The page's view area stays where it is.
    let mode: DisplayMode = "inline";
    bridge.onrequestdisplaymode = async (params) => {
      if (b === REFERENCE_BEHAVIOURS) {
        note(`ui/request-display-mode ${params.mode}: not available here, staying inline`);
        return { mode: "inline" };
      }
      const d = decideDisplayMode(
        {
          requested: params.mode,
          current: mode,
          hostModes: b.displayModes,
          viewModes: bridge.getAppCapabilities()?.availableDisplayModes,
        },
        b.undeclaredMode,
      );
      mode = d.mode;
      note(`ui/request-display-mode ${params.mode}: ${d.reason} (BRG-6)`);
      return { mode: d.mode };
    };
    bridge.onsizechange = (params) => hooks.onSizeChange?.(params);
    bridge.onloggingmessage = (params) => hooks.onLog?.(params);
    return bridge;
  }

  /** OUT-2: the result as a host that strips it hands it on: content only (issue 33's profile). */
  private stripped(result: CallToolResult): CallToolResult {
    const kept: CallToolResult = { content: result.content };
    if (result.isError !== undefined) kept.isError = result.isError;
    this.trace.event(
      "host-view",
      "host",
      "view",
      "this host sends tool-result without the result's structuredContent and _meta: the view gets content only",
    );
    return kept;
  }

  /** The latest ui/update-model-context the view sent, which the agent would see next turn. */
  modelContext?: unknown;

  /** BRG-4: the simulated transcript and the model's next-turn context, for the page to show. */
  get conversation(): Conversation {
    return (this.talk ??= new Conversation(this.scenario.uiTool.name));
  }
  private talk?: Conversation;

  /** BRG-5: visibility (same server) first, then consent; a refused call sends nothing. */
  async onViewToolCall(
    params: { name: string; arguments?: Record<string, unknown> },
    askConsent: AskConsent,
  ): Promise<CallToolResult> {
    const found = this.allTools.find((t) => t.tool.name === params.name);
    const target = found && {
      name: found.tool.name,
      server: found.server,
      visibility: visibilityOf(found.tool),
    };
    const args = params.arguments ?? {};
    const b = this.behaviours;
    // The visibility gate alone, as this host applies it (a host profile may not check it).
    const visibilityOnly =
      target &&
      decideAppCall({
        target,
        requestedName: params.name,
        viewServer: "main",
        consent: () => "allow",
        visibilityCheck: b.appCallVisibility,
      });
    let consent: Consent = "deny";
    if (visibilityOnly?.forward) {
      if (b.consent === "none") {
        consent = "allow";
        this.trace.event(
          "host-view",
          "host",
          "user",
          `consent for ${params.name}: not asked (this host has no consent step for a view's calls)`,
        );
      } else if (this.scenario.consent === "ask" || b.consent === "ask") {
        const verdict = await this.consents.ask(() =>
          askConsent({ tool: params.name, arguments: args, queue: this.consents }),
        );
        consent = verdict.consent;
        if (verdict.by !== "person") {
          // BRG-5 (host policy): the person stopped this view's calls; no prompt, nothing sent.
          const refusal = consentRefusal(verdict.by, params.name);
          this.trace.event("host-view", "host", "view", refusal.message, "refused");
          throw refusal;
        }
        const then =
          verdict.answer === "block"
            ? "; further calls from this view are blocked"
            : verdict.answer === "close"
              ? "; the view is closed"
              : "";
        this.trace.event(
          "host-view",
          "host",
          "user",
          `consent for ${params.name}: ${consent} (asked${then})`,
        );
      } else {
        consent = this.scenario.consent;
        this.trace.event(
          "host-view",
          "host",
          "user",
          `consent for ${params.name}: ${consent} (host setting)`,
        );
      }
    }
    const decision = decideAppCall({
      target,
      requestedName: params.name,
      viewServer: "main",
      consent: () => consent,
      era: this.connection(target?.server ?? "main").host.era,
      visibilityCheck: b.appCallVisibility,
    });
    this.lastAppCall = decision;
    if (!decision.forward || !target) {
      this.trace.event(
        "host-view",
        "host",
        "view",
        `tools/call ${params.name} refused: ${decision.reason}`,
        "refused",
      );
      return {
        isError: true,
        content: [{ type: "text", text: `Refused by the host: ${decision.reason}` }],
      };
    }
    // An ordinary tools/call with the client's own id and full per-request _meta (BRG-5, NEG-2).
    return (await this.client(target.server).callTool({
      name: params.name,
      arguments: args,
    })) as CallToolResult;
  }

  /**
   * The consent questions already asked or waiting, so a new one waits its turn (BRG-5); the page
   * follows it (how many wait, Block offered) and the run stops the view's clock while it asks.
   */
  readonly consents = new ConsentQueue();

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
    this.connections = [];
  }
}

/** RES-3: the view's document from a read result (moved to lib/host, shared with the review). */
