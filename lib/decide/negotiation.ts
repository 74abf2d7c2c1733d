import { EXTENSION_ID, PROFILE_MIME } from "./ids";
import type { Verdict } from "./types";

export interface NegotiationInput {
  /** The client capabilities declared in this request's `_meta` (NEG-2); undefined when absent. */
  clientCapabilities: unknown;
  /** `capabilities` of the server's `server/discover` result (NEG-3); undefined when unknown. */
  serverCapabilities: unknown;
}

function extensionOf(capabilities: unknown): unknown {
  if (typeof capabilities !== "object" || capabilities === null) return undefined;
  const extensions = (capabilities as { extensions?: unknown }).extensions;
  if (typeof extensions !== "object" || extensions === null) return undefined;
  return (extensions as Record<string, unknown>)[EXTENSION_ID];
}

/**
 * NEG-2..4: the extension is in force on a request only when the client declared it on that
 * very request, with the profile mime type, and the server advertised it in `server/discover`.
 */
export function decideNegotiation(input: NegotiationInput): Verdict {
  const row = "negotiation";
  if (input.clientCapabilities === undefined) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-2"],
      reason:
        "the request carried no client capabilities in its _meta, so nothing was declared on it",
    };
  }
  const client = extensionOf(input.clientCapabilities);
  if (typeof client !== "object" || client === null) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-2", "NEG-4"],
      reason: `the client did not declare ${EXTENSION_ID} on this request, so the host uses the tool's text content`,
    };
  }
  const mimeTypes = (client as { mimeTypes?: unknown }).mimeTypes;
  if (!Array.isArray(mimeTypes) || !mimeTypes.includes(PROFILE_MIME)) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-2", "NEG-4"],
      reason: `the client declared ${EXTENSION_ID} but its mimeTypes lack ${PROFILE_MIME}`,
    };
  }
  const server = extensionOf(input.serverCapabilities);
  if (typeof server !== "object" || server === null) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-3", "NEG-4"],
      reason: `server/discover did not list ${EXTENSION_ID} in capabilities.extensions, so only the client supports it`,
    };
  }
  return {
    row,
    verdict: "pass",
    ruleIds: ["NEG-2", "NEG-3", "NEG-4"],
    reason: `both sides declared ${EXTENSION_ID} for this request: the host may fetch the view`,
  };
}
