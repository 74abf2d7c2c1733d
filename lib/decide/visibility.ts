import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import type { AgentVisibility } from "./host-profile";
import type { Verdict } from "./types";

/** Who is asking to reach a tool: the agent (model), or a view of some server. */
export type Caller = { kind: "model" } | { kind: "app"; sameServer: boolean };

export interface VisibilityDecision {
  allowed: boolean;
  /** Rule IDs of the project's rules data that this decision rests on. */
  ruleIds: string[];
  reason: string;
}

/**
 * A tool's `_meta.ui.visibility` as listed (TOOL-2), for any tool, with or without a view: an
 * app-only helper names no view of its own. Values other than "model" and "app" are dropped; a
 * value that is not an array counts as omitted.
 */
export function toolVisibility(tool: { _meta?: unknown }): McpUiToolVisibility[] | undefined {
  const meta = tool._meta;
  const ui =
    typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>).ui : undefined;
  const v =
    typeof ui === "object" && ui !== null ? (ui as Record<string, unknown>).visibility : undefined;
  return Array.isArray(v)
    ? (v.filter((x) => x === "model" || x === "app") as McpUiToolVisibility[])
    : undefined;
}

/** TOOL-2: an omitted `visibility` means both callers. An explicit `[]` means neither. */
export function effectiveVisibility(
  visibility: readonly McpUiToolVisibility[] | undefined,
): readonly McpUiToolVisibility[] {
  return visibility === undefined ? ["model", "app"] : visibility;
}

/**
 * Decides whether `caller` may reach a tool whose `_meta.ui.visibility` is `visibility`.
 * This is the host's gate (TOOL-3..5); it is not authorization (TOOL-6): the server still
 * decides every `tools/call` it receives.
 */
export function decideVisibility(
  visibility: readonly McpUiToolVisibility[] | undefined,
  caller: Caller,
): VisibilityDecision {
  const effective = effectiveVisibility(visibility);
  const defaulted = visibility === undefined;
  const shown = defaulted ? 'omitted (so ["model", "app"])' : JSON.stringify(effective);
  const base = defaulted ? ["TOOL-2"] : [];

  if (caller.kind === "model") {
    const allowed = effective.includes("model");
    return {
      allowed,
      ruleIds: [...base, "TOOL-3"],
      reason: allowed
        ? `visibility ${shown} includes "model": the agent's tool list shows it`
        : `visibility ${shown} lacks "model": the host leaves it out of the agent's tool list`,
    };
  }
  if (!effective.includes("app")) {
    // Both reasons are named when both hold: each alone refuses the call, so a verdict naming
    // one would leave the other looking like a call that was allowed on that count.
    return caller.sameServer
      ? {
          allowed: false,
          ruleIds: [...base, "TOOL-4"],
          reason: `visibility ${shown} lacks "app": the host refuses a view's call`,
        }
      : {
          allowed: false,
          ruleIds: [...base, "TOOL-4", "TOOL-5"],
          reason: `visibility ${shown} lacks "app", and the tool belongs to another server than the view's: the host refuses the call on both counts`,
        };
  }
  if (!caller.sameServer) {
    return {
      allowed: false,
      ruleIds: [...base, "TOOL-5"],
      reason: `"app" covers views of the tool's own server only: a call from another server's view is refused`,
    };
  }
  return {
    allowed: true,
    ruleIds: [...base, "TOOL-4", "TOOL-5"],
    reason: `visibility ${shown} includes "app" and the view belongs to the same server`,
  };
}

/**
 * The visibility row: may the agent see (and so call) the UI tool? `handling` is the host
 * profile's (lib/decide/host-profile.ts): an `unfiltered` host lists the tool whatever its
 * visibility, which TOOL-3 forbids.
 */
export function decideAgentVisibility(
  visibility: readonly McpUiToolVisibility[] | undefined,
  handling: AgentVisibility = "filtered",
): Verdict {
  const d = decideVisibility(visibility, { kind: "model" });
  if (!d.allowed && handling === "unfiltered") {
    return {
      row: "visibility",
      verdict: "pass",
      ruleIds: d.ruleIds,
      reason: `${d.reason.replace(/: the host leaves it out of the agent's tool list$/, "")}: the reference host leaves it out of the agent's list, but this host lists it anyway, so the agent can call it`,
    };
  }
  return {
    row: "visibility",
    verdict: d.allowed ? "pass" : "fail",
    // TOOL-3: the host MUST leave a tool without "model" out of the agent's list.
    ...(d.allowed ? {} : { refusal: "required" as const }),
    ruleIds: d.ruleIds,
    reason: d.reason,
  };
}
