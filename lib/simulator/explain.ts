import type { TraceEntry } from "../host/view/trace";

export const LANES = ["server", "host", "proxy", "view"] as const;
export type Lane = (typeof LANES)[number];

export const LANE_LABELS: Record<Lane, string> = {
  server: "Server",
  host: "Host",
  proxy: "Sandbox proxy",
  view: "View",
};

/**
 * Which lane of the sequence diagram a trace participant belongs to. The agent, the user and the
 * host's cache are the host's; anything else (a frame of unknown origin) is outside every lane.
 */
export function laneOf(participant: string): Lane | "outside" {
  if (participant === "server" || participant === "second server") return "server";
  if (["host", "cache", "user", "agent"].includes(participant)) return "host";
  if (participant === "proxy") return "proxy";
  if (participant === "view") return "view";
  return "outside";
}

export interface Arrow {
  /** The sender's lane and the receiver's lane: the arrow runs from the one to the other. */
  from: Lane;
  to: Lane;
  /** True when the proxy relayed it (SBX-4): the message really runs view ↔ host, through it. */
  relayed: boolean;
  /** The sender was outside every lane (a message from a frame of unknown origin). */
  outside: boolean;
}

/**
 * The arrow to draw for a trace entry. Messages between host and proxy that are not the proxy's
 * own (sandbox-*) or instrumentation were relayed to or from the view, so they span to the view.
 * A sender outside every lane is drawn at the receiver's lane and marked as outside.
 */
export function arrowOf(e: TraceEntry): Arrow {
  const rawFrom = laneOf(e.from);
  const rawTo = laneOf(e.to);
  const to: Lane = rawTo === "outside" ? "host" : rawTo;
  const from: Lane = rawFrom === "outside" ? to : rawFrom;
  const outside = rawFrom === "outside";
  const own =
    e.method?.startsWith("ui/notifications/sandbox-") ||
    e.channel === "instrumentation" ||
    e.kind === "event";
  if (e.channel === "host-proxy" && !own && e.status === "delivered") {
    if (from === "proxy") return { from: "view", to: "host", relayed: true, outside };
    if (to === "proxy") return { from: "host", to: "view", relayed: true, outside };
  }
  return { from, to, relayed: false, outside };
}

/** The leftmost and rightmost lane an arrow touches (0-based), for drawing it across a grid. */
export function spanOf(a: Arrow): { left: number; right: number; rightward: boolean } {
  const from = LANES.indexOf(a.from);
  const to = LANES.indexOf(a.to);
  return { left: Math.min(from, to), right: Math.max(from, to), rightward: from <= to };
}

const SENTENCES: Record<string, [request: string, response: string]> = {
  "server/discover": [
    "The host asks the server what it supports; the extension must be listed in capabilities.extensions (NEG-3).",
    "The server answers server/discover with its capabilities and caching hints (NEG-3, RES-5).",
  ],
  "tools/list": [
    "The host lists the server's tools to build the agent's list.",
    "The server returns its tools, _meta.ui included; the agent sees only those visible to the model (TOOL-3).",
  ],
  "tools/call": [
    "A tools/call, carrying the protocol version and client capabilities in its _meta (NEG-2).",
    "The tool's result: text content for the agent, structuredContent for the view (OUT-1, OUT-2).",
  ],
  "resources/list": [
    "The host lists resources to find listing-level _meta.ui (RES-4).",
    "The server returns its resources.",
  ],
  "resources/read": [
    "The host fetches the view with an ordinary resources/read (RES-1).",
    "The server returns the HTML with its mimeType and _meta.ui (RES-2, RES-3).",
  ],
  "ui/notifications/sandbox-proxy-ready": [
    "The proxy says it is ready; its only message of its own (SBX-3, SBX-4).",
    "",
  ],
  "ui/notifications/sandbox-resource-ready": [
    "The host hands the proxy the HTML, CSP and permissions to load (SBX-3).",
    "",
  ],
  "ui/initialize": [
    "The view opens the bridge with ui/initialize: not the removed core initialize (BRG-2).",
    "The host answers with its capabilities and context (BRG-2).",
  ],
  "ui/notifications/initialized": [
    "The view says it is initialized; only now may the host send it anything (SBX-5).",
    "",
  ],
  "ui/notifications/tool-input": ["The host sends the complete tool arguments, once (BRG-3).", ""],
  "ui/notifications/tool-result": ["The host sends the tool's result to the view (BRG-3).", ""],
  "ui/notifications/tool-input-partial": [
    "The host sends the arguments so far while the agent streams them; never after tool-input (BRG-3).",
    "",
  ],
  "ui/notifications/tool-cancelled": [
    "The host tells the view the tool call was cancelled; no tool-result follows (BRG-3).",
    "",
  ],
  "notifications/cancelled": [
    "The client cancels its request; the server stops working on it.",
    "",
  ],
  "ui/notifications/size-changed": [
    "The view reports its new size; the host resizes the frame (BRG-7).",
    "",
  ],
  "ui/resource-teardown": [
    "The host asks the view to tear down before removing it (BRG-3).",
    "The view is ready to go.",
  ],
  "ui/message": [
    "The view asks to add a message to the conversation (BRG-4).",
    "The host answers the ui/message.",
  ],
  "ui/update-model-context": [
    "The view replaces the context the model will see next turn (BRG-4).",
    "Stored.",
  ],
  "ui/request-display-mode": [
    "The view asks for another display mode (BRG-6).",
    "The host returns the mode actually in force (BRG-6).",
  ],
  "notifications/message": ["The view logs a message to the host (BRG-4).", ""],
  "ui/open-link": [
    "The view asks the host to open a link (BRG-4).",
    "The host answers the ui/open-link.",
  ],
};

const VIEW_CALL: [string, string] = [
  "The view asks the host to call a tool; visibility and consent are checked before any server sees it (BRG-5).",
  "The host answers the view's tools/call (BRG-5).",
];

/** One sentence on what a trace entry means, for the step-by-step mode. */
export function describeEntry(e: TraceEntry): string {
  if (e.kind === "event") return e.note ?? "An event.";
  const prefix =
    e.status === "refused"
      ? "Refused: "
      : e.status === "rejected"
        ? "Rejected: "
        : e.status === "blocked"
          ? "Blocked: "
          : "";
  // A tools/call that crosses the bridge is the view's own call, which meets the host's gates.
  const pair =
    e.method === "tools/call" && e.channel !== "host-server"
      ? VIEW_CALL
      : e.method
        ? SENTENCES[e.method]
        : undefined;
  const isReply = e.kind === "response" || e.kind === "error";
  const text = pair?.[isReply ? 1 : 0] || (e.method ? `${e.method} (${e.kind}).` : `A ${e.kind}.`);
  const error = e.kind === "error" ? " It came back as an error." : "";
  return `${prefix}${text}${error}${e.note ? ` ${e.note}` : ""}`;
}

const RULE_ID = /\b[A-Z]+-\d+\b/g;

/** Rule IDs a status brings with it, whatever the message. */
const STATUS_RULES: Partial<Record<TraceEntry["status"], string[]>> = {
  rejected: ["SBX-6"],
  blocked: ["CSP-3"],
  "cache-hit": ["RES-5"],
  "cache-miss": ["RES-5"],
};

/**
 * The rule IDs that governed a trace entry: those its step sentence cites, those its note cites,
 * and those its status implies (a rejected message is SBX-6, a host refusal of a view's call
 * BRG-5). Instrumentation is not part of MCP Apps and cites none.
 */
export function rulesOf(e: TraceEntry): string[] {
  if (e.channel === "instrumentation") return [];
  const ids = new Set<string>(describeEntry(e).match(RULE_ID) ?? []);
  for (const id of STATUS_RULES[e.status] ?? []) ids.add(id);
  if (e.status === "refused" && e.channel !== "host-server") ids.add("BRG-5");
  if (e.status === "refused" && e.channel === "host-server") {
    ids.add(e.note?.includes("tool list") ? "TOOL-3" : "NEG-4");
  }
  if (e.kind === "event" && e.note?.startsWith("consent for")) ids.add("BRG-5");
  return [...ids];
}

/**
 * The JSON a learner copies for a trace entry (the message itself, or the event's note): pretty
 * when that fits the preview, else compact, never a pretty form longer than the preview.
 */
export function entryJson(e: TraceEntry): string {
  const preview = entryJsonPreview(e);
  return preview.complete ? preview.text : JSON.stringify(e.message ?? { note: e.note });
}

/** How much of a message the panel pretty-prints before it offers the rest. */
export const PREVIEW_CHARS = 20_000;
/** Nesting deeper than this is shown as a marker in the preview. */
const PREVIEW_DEPTH = 40;

/**
 * A trace entry's JSON, pretty-printed up to `max` characters: the preview the message panel
 * shows. Indentation grows with depth, so a 216 KB message of nested arrays pretty-printed whole
 * came to 145 M characters and froze the tab for 14 s; this stops writing at `max` and says how
 * much it left out. `complete` is false when anything was cut. With `markCut`, each string the
 * trace itself cut (entry.clipped's listed ones) is followed, outside its quotes, by how many of
 * its characters were not kept (for reading, no longer JSON).
 */
export function entryJsonPreview(
  e: TraceEntry,
  max = PREVIEW_CHARS,
  markCut = false,
): { text: string; complete: boolean } {
  const marks = new Map(
    markCut ? (e.clipped?.strings ?? []).map((c) => [c.path, c.length] as const) : [],
  );
  const out: string[] = [];
  let length = 0;
  let cut = false;
  let omitted = false;
  const write = (s: string) => {
    if (cut) return;
    if (length + s.length > max) {
      out.push(s.slice(0, Math.max(0, max - length)));
      length = max;
      cut = true;
      return;
    }
    out.push(s);
    length += s.length;
  };
  const walk = (v: unknown, depth: number, path: string) => {
    if (cut) return;
    const pad = "  ".repeat(Math.min(depth, PREVIEW_DEPTH) + 1);
    const end = "  ".repeat(Math.min(depth, PREVIEW_DEPTH));
    if (v === null || typeof v !== "object") {
      write(JSON.stringify(v) ?? "null");
      const full = typeof v === "string" ? marks.get(path) : undefined;
      if (full !== undefined)
        write(` … and ${(full - String(v).length).toLocaleString("en")} more characters, not kept`);
      return;
    }
    if (depth >= PREVIEW_DEPTH) {
      write(Array.isArray(v) ? "[…]" : "{…}");
      omitted = true;
      return;
    }
    const entries = Array.isArray(v)
      ? v.map((x) => [undefined, x] as const)
      : Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) {
      write(Array.isArray(v) ? "[]" : "{}");
      return;
    }
    write(Array.isArray(v) ? "[\n" : "{\n");
    entries.forEach(([k, x], i) => {
      if (cut) return;
      write(pad + (k === undefined ? "" : `${JSON.stringify(k)}: `));
      const key = () => (k ?? String(i)).replace(/~/g, "~0").replace(/\//g, "~1");
      walk(x, depth + 1, marks.size ? `${path}/${key()}` : "");
      write(i < entries.length - 1 ? ",\n" : "\n");
    });
    write(end + (Array.isArray(v) ? "]" : "}"));
  };
  walk(e.message ?? { note: e.note }, 0, "");
  return { text: out.join(""), complete: !cut && !omitted };
}
