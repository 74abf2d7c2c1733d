import type { TraceEntry } from "./trace";

export const LANES = ["server", "host", "proxy", "view"] as const;
export type Lane = (typeof LANES)[number] | "outside";

/** Which lane of the sequence diagram a trace participant belongs to. */
export function laneOf(participant: string): Lane {
  if (participant === "server" || participant === "second server") return "server";
  if (["host", "cache", "user", "agent"].includes(participant)) return "host";
  if (participant === "proxy") return "proxy";
  if (participant === "view") return "view";
  return "outside";
}

export interface Arrow {
  from: Lane;
  to: Lane;
  /** True when the proxy relayed it (SBX-4): the message really runs view ↔ host. */
  relayed: boolean;
}

/**
 * The arrow to draw for a trace entry. Messages between host and proxy that are not the proxy's
 * own (sandbox-*) or instrumentation were relayed to or from the view, so they span to the view.
 */
export function arrowOf(e: TraceEntry): Arrow {
  const from = laneOf(e.from);
  const to = laneOf(e.to);
  const own =
    e.method?.startsWith("ui/notifications/sandbox-") ||
    e.channel === "instrumentation" ||
    e.kind === "event";
  if (e.channel === "host-proxy" && !own && e.status === "delivered") {
    if (from === "proxy") return { from: "view", to: "host", relayed: true };
    if (to === "proxy") return { from: "host", to: "view", relayed: true };
  }
  return { from, to, relayed: false };
}

const SENTENCES: Record<string, [request: string, response: string]> = {
  "server/discover": [
    "The host asks the server what it supports; the extension must be listed in capabilities.extensions (NEG-3).",
    "The server answers server/discover with its capabilities and caching hints (NEG-3, RES-5).",
  ],
  "tools/list": [
    "The host lists the server's tools to build the agent's list.",
    "The server returns its tools, _meta.ui included.",
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
};

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
  const pair = e.method ? SENTENCES[e.method] : undefined;
  const isReply = e.kind === "response" || e.kind === "error";
  const text = pair?.[isReply ? 1 : 0] || (e.method ? `${e.method} (${e.kind}).` : `A ${e.kind}.`);
  const error = e.kind === "error" ? " It came back as an error." : "";
  return `${prefix}${text}${error}${e.note ? ` ${e.note}` : ""}`;
}
