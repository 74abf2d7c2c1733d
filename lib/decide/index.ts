import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import { ROWS, type PermissionName } from "./vocabulary";
import { decideAppCall, type AppCallDecision, type AppCallInput } from "./app-call";
import { decideCsp, type CspDecision, type CspHandling, type OutOfPolicy } from "./csp";
import type { HostBehaviours } from "./host-profile";
import { decideMime } from "./mime";
import { decideNegotiation } from "./negotiation";
import { decidePermissions, type PermissionsDecision } from "./permissions";
import { skip, type Verdict } from "./types";
import { effectiveUiMeta, type UiMetaSource } from "./ui-meta";
import { decideAgentVisibility } from "./visibility";

export * from "./app-call";
export * from "./csp";
export * from "./display-mode";
export * from "./mime";
export * from "./negotiation";
export * from "./permissions";
export * from "./types";
export * from "./ui-meta";
export * from "./visibility";

export interface HostPolicy {
  approvedOrigins: readonly string[];
  outOfPolicy: OutOfPolicy;
  grantablePermissions: readonly PermissionName[];
}

/** What the host read for the view; `undefined` in `DecisionInputs.read` means it read nothing. */
export type ReadObservation =
  | { ok: true; mimeType: unknown; hasBody: boolean; contentMeta: unknown; listingMeta: unknown }
  | { ok: false; error: string };

export interface DecisionInputs {
  uiToolVisibility: readonly McpUiToolVisibility[] | undefined;
  /** Capabilities the client declared on the `tools/call` request (NEG-2). */
  clientCapabilities: unknown;
  /** `capabilities` from `server/discover` (NEG-3). */
  serverCapabilities: unknown;
  read?: ReadObservation;
  policy: HostPolicy;
  /** Present when the view asks the host to call a tool. */
  appCall?: AppCallInput;
  /**
   * NEG-6: the negotiation row already judged by the connection's era (a legacy session is judged
   * by its `initialize` declaration). Absent: the modern rule (NEG-2..4) judges the two capabilities.
   */
  negotiation?: Verdict;
  /**
   * What the host does where a real host departs from the reference (a host profile, issue 33).
   * Absent: the reference. The eras and consent of a profile act before `decide()`, on how the
   * session opens and on `appCall.consent`; the rest act here.
   */
  behaviours?: HostBehaviours;
}

/** The csp row's part of a host's behaviours. */
export function cspHandling(b: HostBehaviours): CspHandling {
  return {
    lists: {
      connectDomains: b.cspConnectDomains,
      resourceDomains: b.cspResourceDomains,
      frameDomains: b.cspFrameDomains,
      baseUriDomains: b.cspBaseUriDomains,
    },
    applied: b.cspApplied,
    defaultCsp: b.defaultCsp,
  };
}

/** "not-connected": client and server share no protocol era (NEG-6); nothing was listed. */
type Outcome = "rendered" | "text" | "not-called" | "not-connected";

export interface Decision {
  /** One verdict per row, in ROWS order. */
  rows: Verdict[];
  outcome: Outcome;
  uiMetaSource?: UiMetaSource;
  csp?: CspDecision;
  permissions?: PermissionsDecision;
  appCall?: AppCallDecision;
}

/**
 * NEG-6: the host could not open a session at all (no protocol era in common). The negotiation
 * row fails with the connection layer's own message (which names the fix); every other row is
 * moot, since no tool was ever listed or called.
 */
export function decideNotConnected(reason: string, ruleIds: readonly string[]): Decision {
  const moot = "no session was opened, so the host never listed or called a tool";
  return {
    rows: ROWS.map((r) =>
      r === "negotiation"
        ? { row: r, verdict: "fail", ruleIds: ruleIds.length ? [...ruleIds] : ["NEG-6"], reason }
        : skip(r, moot),
    ),
    outcome: "not-connected",
  };
}

/** True when the negotiation row passes, i.e. when the host should read the view at all. */
export function shouldReadView(
  inputs: Pick<DecisionInputs, "clientCapabilities" | "serverCapabilities" | "negotiation">,
) {
  return (inputs.negotiation ?? decideNegotiation(inputs)).verdict === "pass";
}

/**
 * Walks the decision table for one run, as a pure function of what the host observed. Rows that
 * an earlier failure makes moot are `skip`, with the reason; the order of evaluation is the
 * host's: visibility (the agent's list), negotiation, mime, csp, permissions, then the view's call.
 */
export function decide(inputs: DecisionInputs): Decision {
  const rows = new Map<string, Verdict>();
  const finish = (outcome: Outcome, extra: Partial<Decision> = {}): Decision => ({
    rows: ROWS.map((r) => rows.get(r) ?? skip(r, "not reached")),
    outcome,
    ...extra,
  });

  const b = inputs.behaviours;
  const visibility = decideAgentVisibility(inputs.uiToolVisibility, b?.agentVisibility);
  rows.set("visibility", visibility);
  if (visibility.verdict === "fail") {
    for (const r of ["negotiation", "mime", "csp", "permissions", "app-call"] as const) {
      rows.set(r, skip(r, "the agent never sees the tool, so it is never called"));
    }
    return finish("not-called");
  }

  const negotiation = inputs.negotiation ?? decideNegotiation(inputs);
  rows.set("negotiation", negotiation);
  if (negotiation.verdict === "fail") {
    for (const r of ["mime", "csp", "permissions"] as const) {
      rows.set(
        r,
        skip(r, "the extension is not in force on this request: the host never reads the view"),
      );
    }
    rows.set("app-call", skip("app-call", "no view is rendered, so no view can call a tool"));
    return finish("text");
  }

  if (!inputs.read)
    throw new Error("decide(): negotiation passed, so the host must have read the view");
  const mime = decideMime(
    inputs.read.ok
      ? { ok: true, mimeType: inputs.read.mimeType, hasBody: inputs.read.hasBody }
      : inputs.read,
  );
  rows.set("mime", mime);
  if (mime.verdict === "fail") {
    for (const r of ["csp", "permissions"] as const) {
      rows.set(
        r,
        skip(r, "not an app: the host treats the resource as ordinary and falls back to text"),
      );
    }
    rows.set("app-call", skip("app-call", "no view is rendered, so no view can call a tool"));
    return finish("text");
  }

  const read = inputs.read as Extract<ReadObservation, { ok: true }>;
  const meta = effectiveUiMeta(read.contentMeta, read.listingMeta);
  const csp = decideCsp("csp" in meta.ui, meta.ui.csp, inputs.policy, b && cspHandling(b));
  rows.set("csp", csp);
  if (!csp.render) {
    rows.set(
      "permissions",
      skip("permissions", "the host fell back to text before granting anything"),
    );
    rows.set("app-call", skip("app-call", "no view is rendered, so no view can call a tool"));
    return finish("text", { uiMetaSource: meta.source, csp });
  }

  const permissions = decidePermissions(
    "permissions" in meta.ui,
    meta.ui.permissions,
    inputs.policy.grantablePermissions,
  );
  rows.set("permissions", permissions);

  let appCall: AppCallDecision | undefined;
  if (inputs.appCall) {
    appCall = decideAppCall({
      ...inputs.appCall,
      visibilityCheck: inputs.appCall.visibilityCheck ?? b?.appCallVisibility,
    });
    rows.set("app-call", appCall);
  } else {
    rows.set("app-call", skip("app-call", "in this run the view calls no tool"));
  }
  return finish("rendered", { uiMetaSource: meta.source, csp, permissions, appCall });
}
