import type { DisplayMode } from "./display-mode";
import {
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type HostProfile,
  type ProfileFieldName,
  type ProfileFields,
  PROFILE_FIELDS,
} from "./host-profile";
import type { RowName } from "./vocabulary";

// What each host-profile field means: its values, its name in words, the rows of the decision
// table it may change, and how a value reads against the spec. Kept apart from host-profile.ts,
// which the simulator's first load needs, since only a chosen host's detail (a chunk of its own),
// the content loader and the tests need these.

/** Every value each field can take (the profile files' schema and the flip test read them here). */
export const FIELD_VALUES = {
  cspConnectDomains: ["honoured", "dropped"],
  cspResourceDomains: ["honoured", "dropped"],
  cspFrameDomains: ["honoured", "dropped"],
  cspBaseUriDomains: ["honoured", "dropped"],
  cspApplied: ["declared", "leaky", "ignored", "none"],
  defaultCsp: ["restrictive", "looser", "none"],
  displayModes: [["inline"], ["inline", "fullscreen"], ["inline", "fullscreen", "pip"]],
  undeclaredMode: ["refuse", "switch"],
  domain: ["not-used", "must-match", "accepted", "host-assigned"],
  modelContext: ["next-turn", "not-seen", "not-offered"],
  structuredContent: ["delivered", "stripped"],
  agentVisibility: ["filtered", "unfiltered"],
  appCallVisibility: ["checked", "unchecked"],
  consent: ["scenario", "none", "ask"],
  caching: ["hints", "by-uri", "refetch", "every-call"],
  message: ["conversation", "draft", "not-offered"],
  eras: ["scenario", "modern", "legacy", "dual"],
} as const satisfies { [K in ProfileFieldName]: readonly HostBehaviours[K][] };

/** The field's name as a person reads it. */
export const FIELD_LABEL: Record<ProfileFieldName, string> = {
  cspConnectDomains: "CSP connectDomains",
  cspResourceDomains: "CSP resourceDomains",
  cspFrameDomains: "CSP frameDomains",
  cspBaseUriDomains: "CSP baseUriDomains",
  cspApplied: "a declared csp",
  defaultCsp: "the default CSP (no csp declared)",
  displayModes: "display modes offered",
  undeclaredMode: "a request for an undeclared display mode",
  domain: "_meta.ui.domain",
  modelContext: "ui/update-model-context",
  structuredContent: "structuredContent in tool-result",
  agentVisibility: "app-only tools in the agent's list",
  appCallVisibility: "visibility check on a view's tools/call",
  consent: "consent for a view's tools/call",
  caching: "caching of views",
  message: "ui/message",
  eras: "protocol eras",
};

/**
 * The hand-written table: for each field, the rows of the decision table it may change. A field
 * with no row acts after the view renders (the bridge, the conversation) or on something no
 * scenario carries (`_meta.ui.domain`). A test flips each field alone over generated scenarios
 * and finds every other row unchanged, but for rows an earlier row stops being reached or starts
 * to be (they become "skip", or stop being it).
 */
export const FIELD_ROWS: Record<ProfileFieldName, readonly RowName[]> = {
  cspConnectDomains: ["csp"],
  cspResourceDomains: ["csp"],
  cspFrameDomains: ["csp"],
  cspBaseUriDomains: ["csp"],
  cspApplied: ["csp"],
  defaultCsp: ["csp"],
  displayModes: [],
  undeclaredMode: [],
  domain: [],
  modelContext: [],
  structuredContent: [],
  agentVisibility: ["visibility"],
  appCallVisibility: ["app-call"],
  consent: ["app-call"],
  caching: [],
  message: [],
  // The app-call row names the session's era: a forwarded call carries per-request _meta only
  // on a modern session (NEG-2), and a legacy-only host opens legacy sessions.
  eras: ["negotiation", "app-call"],
};

/** The reference profile: every field the spec's (or this simulator's) behaviour. */
export const REFERENCE_PROFILE: HostProfile = {
  id: "reference",
  name: "Reference (the spec)",
  version: null,
  openSource: true,
  basis:
    "The behaviour the spec asks for, and where it leaves a choice, this simulator's own host: today's table.",
  fields: Object.fromEntries(
    PROFILE_FIELDS.map((f) => [
      f,
      { value: REFERENCE_BEHAVIOURS[f], status: "reference", evidence: [] },
    ]),
  ) as unknown as ProfileFields,
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** True when the field's value is the reference's. */
export function isReferenceValue<K extends ProfileFieldName>(
  field: K,
  value: HostBehaviours[K],
): boolean {
  return same(value, REFERENCE_BEHAVIOURS[field]);
}

/** Whether a departure breaks a rule, or uses room the spec leaves. */
type DepartureKind = "violation" | "variation";

export interface FieldJudgement {
  kind: DepartureKind;
  ruleIds: string[];
  /** What the host does, in a sentence that reads after the host's name. */
  how: string;
}

const modes = (m: readonly string[]) => m.join(", ");

/**
 * What a field's value means against the spec: a violation (a MUST or MUST NOT broken, with the
 * rule) or an allowed variation (a MAY used, a SHOULD not followed, or a choice the spec leaves
 * open). Null for the reference value.
 */
export function judgeField<K extends ProfileFieldName>(
  field: K,
  value: HostBehaviours[K],
): FieldJudgement | null {
  if (isReferenceValue(field, value)) return null;
  const v = value as unknown;
  const variation = (ruleIds: string[], how: string): FieldJudgement => ({
    kind: "variation",
    ruleIds,
    how,
  });
  const violation = (ruleIds: string[], how: string): FieldJudgement => ({
    kind: "violation",
    ruleIds,
    how,
  });
  switch (field) {
    case "cspConnectDomains":
    case "cspResourceDomains":
    case "cspFrameDomains":
    case "cspBaseUriDomains": {
      const list = field.slice(3, 4).toLowerCase() + field.slice(4);
      return variation(
        ["CSP-3", "CSP-5"],
        `drops ${list} from the policy whatever the view declares (a host MAY restrict further)`,
      );
    }
    case "cspApplied":
      return v === "leaky"
        ? violation(
            ["CSP-3"],
            "builds the policy from the declared domains, yet a view reached an origin it never declared",
          )
        : v === "ignored"
          ? violation(
              ["CSP-3", "SBX-3"],
              "never reads the declared csp: the view gets the default policy, so declared origins are blocked too",
            )
          : violation(
              ["CSP-3", "SBX-3"],
              "serves the view with no Content-Security-Policy at all, so it can reach origins it never declared",
            );
    case "defaultCsp":
      return violation(
        ["CSP-4"],
        v === "looser"
          ? "gives a view that declares no csp a looser default (default-src 'self', connect-src 'self') than the restrictive one"
          : "gives a view that declares no csp no policy at all",
      );
    case "displayModes":
      return variation(
        ["BRG-6"],
        `offers ${modes(v as DisplayMode[])}, where the reference offers ${modes(REFERENCE_BEHAVIOURS.displayModes)}`,
      );
    case "undeclaredMode":
      return violation(["BRG-6"], "switches a view into a display mode the view never declared");
    case "domain":
      return variation(
        ["RES-6", "RES-8"],
        v === "must-match"
          ? "accepts only its own value of _meta.ui.domain for the server; any other value and the view is not shown"
          : v === "accepted"
            ? "takes the _meta.ui.domain a server gives"
            : "derives the view's origin from the server and ignores _meta.ui.domain",
      );
    case "modelContext":
      return variation(
        ["BRG-4"],
        v === "not-seen"
          ? "accepts ui/update-model-context, but the model does not see it in the next turn (a SHOULD not followed)"
          : "does not offer ui/update-model-context",
      );
    case "structuredContent":
      return variation(
        ["BRG-3", "OUT-2"],
        "sends tool-result without the result's structuredContent and _meta (the MUST is to send it, which it does): keep the data in content too",
      );
    case "agentVisibility":
      return violation(["TOOL-3"], 'puts a tool without "model" in the agent\'s tool list');
    case "appCallVisibility":
      return violation(
        ["TOOL-4"],
        "forwards a view's tools/call without checking the target's visibility, so a tool without \"app\" is reached",
      );
    case "consent":
      return variation(
        ["BRG-5", "TOOL-10"],
        v === "none"
          ? "asks no one before a view's call that clears visibility goes through (consent is host policy)"
          : "asks the person before a view's call goes through (consent is host policy)",
      );
    case "caching":
      return variation(
        ["RES-1", "RES-5"],
        v === "by-uri"
          ? "keeps a view by its URI whatever its caching hints say: ship a changed view under a new URI"
          : v === "refetch"
            ? "shows a cached copy of the view at once and reads it again behind it"
            : "reads the view afresh before each call of the tool",
      );
    case "message":
      return variation(
        ["BRG-4"],
        v === "draft"
          ? "puts a view's ui/message into the chat input as a draft instead of sending it (a SHOULD not followed)"
          : "does not offer ui/message",
      );
    case "eras":
      return variation(
        ["NEG-6"],
        v === "legacy"
          ? "speaks only the legacy era (initialize), so a modern-only server cannot be reached (let the scenario's server serve both eras to see the rest of this host)"
          : v === "dual"
            ? "speaks both eras, so it reaches a legacy-only server over initialize"
            : "speaks only the modern era (2026-07-28)",
      );
  }
  return null;
}

/** Words for a field's value, as the simulator lists it. */
export function describeValue(field: ProfileFieldName, value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (field === "eras" && value === "scenario") return "as the scenario sets the client";
  if (field === "consent" && value === "scenario") return "as the scenario sets the host";
  return String(value);
}
