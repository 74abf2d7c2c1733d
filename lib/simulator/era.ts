import type { ServerEra } from "../host/era";
import { decideLegacyNegotiation } from "../host/negotiation";
import { decideNegotiation, type Verdict } from "./rules";

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
  if (input.era === "legacy") {
    const v = decideLegacyNegotiation(
      input.clientCapabilities === undefined
        ? undefined
        : { where: "initialize", method: "initialize", capabilities: input.clientCapabilities },
      input.resourceUri,
    );
    const reason = v.reason.replace(/^legacy session: /, "");
    return { ...v, reason: `legacy era (initialize, NEG-5) rule: ${reason}` };
  }
  const v = decideNegotiation(input);
  return { ...v, reason: `modern era (2026-07-28, NEG-2..4) rule: ${v.reason}` };
}

/** The UI tool's view URI from its `_meta`: the nested key, else the deprecated flat one. */
export function resourceUriOf(meta: unknown): string | undefined {
  const m = meta as { ui?: { resourceUri?: unknown }; "ui/resourceUri"?: unknown } | undefined;
  const uri = m?.ui?.resourceUri ?? m?.["ui/resourceUri"];
  return typeof uri === "string" ? uri : undefined;
}
