/**
 * The live view's vocabulary: what a caller passes to `startLiveView`, the states it moves through
 * and what it hands back. Kept apart from live-view.ts so that the pieces the live view is built
 * from (its context, the preparation and the bridge) can name these types without importing the
 * live view itself.
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { Decision, DisplayMode } from "../decide";
import type { HostConnection } from "../host/connect";
import type { ConsentAnswer, ConsentRequest } from "../host/view/consent-queue";
import type { InstrumentationReport } from "../host/view/inbound";
import type { KeptJson } from "../host/view/kept-copy";
import type { IssueProxy } from "../host/view/proxy-ticket";
import type { Trace } from "../host/view/trace";
import type { ReportItem } from "./report";
import type { PermissionGrant, PermissionQuestion } from "./permission-grants";
import type { ViewFailure } from "./view-failures";

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

interface ToolSight {
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
  /** ui/message and ui/update-model-context, their params kept as the start of their JSON. */
  messages: { at: number; method: string; params: KeptJson }[];
  /** notifications/message, its data kept as the start of its JSON. */
  logs: { at: number; level: string; data: KeptJson }[];
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
