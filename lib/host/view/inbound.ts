import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/core";

/** The envelope of instrumentation reports from our proxy. Not part of MCP Apps. */
export const INSTRUMENTATION_KEY = "academy/instrumentation";

export interface InstrumentationReport {
  type:
    | "csp-violation"
    | "rejected"
    | "self-test"
    | "loaded"
    | "network-error"
    | "webrtc-blocked"
    | "oversized-message"
    | "port-offer";
  [key: string]: unknown;
}

export type Inbound =
  | { kind: "valid"; message: JSONRPCMessage }
  | { kind: "instrumentation"; report: InstrumentationReport }
  | { kind: "ignore"; reason: string }
  | { kind: "invalid"; reason: string };

export interface InboundEvent {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * Sorts one inbound postMessage, checking in this order: the sending window, its origin, then
 * the message's shape. Only a message from the expected window *and* origin is ever parsed;
 * anything else is ignored (and recorded by the caller). A message from the right sender that is
 * not JSON-RPC 2.0 is invalid (SBX-6: validate every message, reject malformed ones).
 */
export function classifyInbound(
  event: InboundEvent,
  expectedSource: unknown,
  expectedOrigin: string,
): Inbound {
  if (event.source !== expectedSource)
    return { kind: "ignore", reason: "message from a window that is not the sandbox proxy" };
  if (event.origin !== expectedOrigin) {
    return {
      kind: "ignore",
      reason: `message from origin ${JSON.stringify(event.origin)}, expected ${expectedOrigin}`,
    };
  }
  const data = event.data;
  if (typeof data === "object" && data !== null && INSTRUMENTATION_KEY in data) {
    const report = (data as Record<string, unknown>)[INSTRUMENTATION_KEY];
    if (
      typeof report === "object" &&
      report !== null &&
      typeof (report as { type?: unknown }).type === "string"
    ) {
      return { kind: "instrumentation", report: report as InstrumentationReport };
    }
    return { kind: "invalid", reason: "malformed instrumentation report" };
  }
  const parsed = JSONRPCMessageSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      kind: "invalid",
      reason: `not a JSON-RPC 2.0 message${first ? ` (${first.message})` : ""}`,
    };
  }
  return { kind: "valid", message: parsed.data };
}
