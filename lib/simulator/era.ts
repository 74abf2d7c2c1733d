import type { ServerEra } from "../host/era";
import { decideNegotiationForEra } from "../host/negotiation";
import type { Verdict } from "../decide";

/** What the negotiation row reads, whichever era the session runs in. */
export interface EraNegotiationInput {
  era: ServerEra;
  /** The capabilities the client declared: in `initialize` (legacy) or the request's `_meta` (modern). */
  clientCapabilities: unknown;
  /** `server/discover` capabilities (modern); unused under legacy. */
  serverCapabilities: unknown;
  /** The view the UI tool names (from either `_meta` key), which is what shows support under legacy. */
  resourceUri: string | undefined;
}

/**
 * NEG-6: the negotiation row judged by the session's own era, with the era named in the reason.
 * Legacy: the client's `initialize` declaration plus the tool's UI metadata (NEG-5); modern: the
 * per-request declaration and `server/discover` (NEG-2..4).
 */
export function decideEraNegotiation(input: EraNegotiationInput): Verdict {
  const legacy = input.era === "legacy";
  const v = decideNegotiationForEra(
    input.era,
    input.clientCapabilities === undefined
      ? undefined
      : legacy
        ? { where: "initialize", method: "initialize", capabilities: input.clientCapabilities }
        : { where: "request-meta", method: "tools/call", capabilities: input.clientCapabilities },
    input.serverCapabilities,
    input.resourceUri,
  );
  return legacy
    ? {
        ...v,
        reason: `legacy era (initialize, NEG-5) rule: ${v.reason.replace(/^legacy session: /, "")}`,
      }
    : { ...v, reason: `modern era (2026-07-28, NEG-2..4) rule: ${v.reason}` };
}
