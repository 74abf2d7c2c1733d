import { decideNegotiation, type Verdict } from "../decide";
import type { Declaration } from "./connect";
import { EXTENSION_ID, PROFILE_MIME } from "../decide/ids";
import type { ServerEra } from "./era";
import { asRecord } from "./wire";

function declaredApps(capabilities: unknown): "yes" | "no-extension" | "no-profile" {
  const ext = asRecord(asRecord(asRecord(capabilities)?.extensions)?.[EXTENSION_ID]);
  if (!ext) return "no-extension";
  const mimeTypes = ext.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(PROFILE_MIME) ? "yes" : "no-profile";
}

/**
 * NEG-5, NEG-6: under a legacy session the extension is negotiated once, in `initialize`: the
 * client declares `capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes`, and the
 * server shows support by the UI tools it lists (the 2026-01-26 Apps spec defines no server-side
 * declaration). `resourceUri` is the URI the tool names, from either key.
 */
export function decideLegacyNegotiation(
  declaration: Declaration | undefined,
  resourceUri: string | undefined,
): Verdict {
  const row = "negotiation";
  if (!declaration || declaration.where !== "initialize") {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-5", "NEG-6"],
      reason: "no initialize request was seen on this legacy session, so nothing was declared",
    };
  }
  const declared = declaredApps(declaration.capabilities);
  if (declared !== "yes") {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-5", "NEG-6"],
      reason:
        declared === "no-extension"
          ? `the client's initialize did not declare ${EXTENSION_ID}, so the host uses the tool's text content`
          : `the client's initialize declared ${EXTENSION_ID} without ${PROFILE_MIME} in mimeTypes`,
    };
  }
  if (!resourceUri) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["NEG-6", "TOOL-1"],
      reason:
        "the tool names no view, so on a legacy session there is nothing that shows UI support",
    };
  }
  return {
    row,
    verdict: "pass",
    ruleIds: ["NEG-5", "NEG-6"],
    reason: `legacy session: the client declared ${EXTENSION_ID} with ${PROFILE_MIME} in initialize and the server lists the tool with a view`,
  };
}

/**
 * The negotiation row judged by the connection's own era (NEG-6): legacy by the `initialize`
 * declaration and the tool's UI metadata; modern by NEG-2..4, from the capabilities the request
 * carried in its `_meta` and the `server/discover` capabilities.
 */
export function decideNegotiationForEra(
  era: ServerEra,
  declaration: Declaration | undefined,
  serverCapabilities: unknown,
  resourceUri: string | undefined,
): Verdict {
  if (era === "legacy") return decideLegacyNegotiation(declaration, resourceUri);
  return decideNegotiation({
    clientCapabilities:
      declaration?.where === "request-meta" ? declaration.capabilities : undefined,
    serverCapabilities,
  });
}
