import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import type { AppCallVisibility } from "./host-profile";
import type { Verdict } from "./types";
import { decideVisibility } from "./visibility";

export type Consent = "allow" | "deny";

export interface AppCallInput {
  /** The tool the view asked for; undefined when no connected server has it. */
  target:
    | { name: string; server: string; visibility: readonly McpUiToolVisibility[] | undefined }
    | undefined;
  requestedName: string;
  /** The server whose view placed the call. */
  viewServer: string;
  /** The host's consent; asked only once visibility allows the call. */
  consent: () => Consent;
  /** NEG-6: the session's era; a legacy session carries no per-request `_meta`. Default modern. */
  era?: "modern" | "legacy";
  /**
   * The host profile's TOOL-4 check (lib/decide/host-profile.ts). `unchecked`: the host forwards
   * without reading the target's visibility, as ext-apps' AppBridge does; it still reaches only
   * the view's own server. Default `checked`.
   */
  visibilityCheck?: AppCallVisibility;
}

export interface AppCallDecision extends Verdict {
  row: "app-call";
  forward: boolean;
  /** Whether the host got as far as consent (it does not ask when visibility already refuses). */
  askedConsent: boolean;
}

/**
 * BRG-5: a view's `tools/call` must clear two independent gates, visibility (TOOL-4, TOOL-5: a
 * spec MUST) and the host's consent (host policy). Either refuses it, and then nothing is sent.
 */
export function decideAppCall(input: AppCallInput): AppCallDecision {
  const row = "app-call" as const;
  if (!input.target) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["BRG-5"],
      reason: `no connected server offers a tool named "${input.requestedName}": nothing is sent`,
      forward: false,
      askedConsent: false,
    };
  }
  const sameServer = input.target.server === input.viewServer;
  let vis = decideVisibility(input.target.visibility, { kind: "app", sameServer });
  // Set when a host profile lets through what the visibility gate would have refused.
  let unchecked: string | undefined;
  if (!vis.allowed && input.visibilityCheck === "unchecked" && vis.ruleIds.includes("TOOL-4")) {
    unchecked = `${vis.reason.replace(/: the host refuses a view's call$/, "")}, which the reference host refuses (TOOL-4), but this host checks no visibility`;
    vis = sameServer
      ? { allowed: true, ruleIds: vis.ruleIds, reason: unchecked }
      : {
          allowed: false,
          ruleIds: ["TOOL-5"],
          reason:
            "this host checks no visibility, but it passes a view's calls only to the view's own server, and the tool belongs to another",
        };
  }
  if (!vis.allowed) {
    return {
      row,
      verdict: "fail",
      ruleIds: [...vis.ruleIds, "BRG-5"],
      reason: `${vis.reason}; consent is not even asked, and nothing reaches the server`,
      forward: false,
      askedConsent: false,
    };
  }
  if (input.consent() === "deny") {
    return {
      row,
      verdict: "fail",
      ruleIds: ["BRG-5"],
      reason: `${unchecked ?? "visibility allows the call"} but the host's consent was refused: nothing reaches the server`,
      forward: false,
      askedConsent: true,
    };
  }
  return {
    row,
    verdict: "pass",
    ruleIds: [...vis.ruleIds, "BRG-5"],
    reason: `${unchecked ? `${unchecked}; consent given` : "visibility and consent both given"}: ${
      input.era === "legacy"
        ? "forwarded as an ordinary tools/call on the legacy session (its capabilities were declared once, in initialize)"
        : "forwarded as an ordinary tools/call with full per-request _meta"
    }`,
    forward: true,
    askedConsent: true,
  };
}
