import type { DisplayMode, UndeclaredMode } from "./display-mode";
import type { RowName } from "./vocabulary";

// Host profiles (issue 33): what a real host does where the spec leaves it room, or where it
// departs from the spec, as values the engine can apply. This module is the pure type and the
// reference profile; the files in content/host-profiles and their evidence are read and resolved
// by lib/content/host-profiles.ts, which hands the engine a `HostProfile`.

/**
 * The kinds of evidence a fact can rest on: the same five the host records use
 * (lib/content/hosts-schema.ts `EVIDENCE_KINDS`; a test keeps the two lists equal).
 */
export const PROFILE_EVIDENCE_KINDS = [
  "measured",
  "vendor-documented",
  "user-reported",
  "host-code",
  "third-party-prober",
] as const;
export type ProfileEvidenceKind = (typeof PROFILE_EVIDENCE_KINDS)[number];

/** CSP-1's four lists, each honoured (kept in the policy) or dropped (CSP-3's MAY restrict). */
export type CspListHandling = "honoured" | "dropped";

/**
 * How the host treats a declared `csp`. `declared`: builds the policy from it (CSP-2, CSP-3).
 * `leaky`: builds it, yet something lets the view reach an origin it never declared. `ignored`:
 * never reads it, so the view gets the default policy (it fails closed). `none`: serves the view
 * with no policy at all.
 */
export type CspApplied = "declared" | "leaky" | "ignored" | "none";

/**
 * The policy for a resource that declares no `csp`. `restrictive`: CSP-4's default.
 * `looser`: `default-src 'self'` and `connect-src 'self'` instead of `'none'`. `none`: no policy.
 */
export type DefaultCsp = "restrictive" | "looser" | "none";

/**
 * RES-6 / RES-8: what the host does with `_meta.ui.domain` (its format is the host's to set).
 * `not-used`: the host picks the origin itself and ignores the value. `must-match`: only the
 * host's own value for this server is accepted, anything else and the view is not shown.
 * `accepted`: a value the server gives is taken. `host-assigned`: the host derives the origin
 * from the server and ignores the value.
 */
export type DomainRule = "not-used" | "must-match" | "accepted" | "host-assigned";

/** BRG-4: where `ui/update-model-context` ends up. */
export type ModelContextDelivery = "next-turn" | "not-seen" | "not-offered";

/** BRG-3 / OUT-2: whether `ui/notifications/tool-result` carries the result whole. */
export type StructuredContentDelivery = "delivered" | "stripped";

/** TOOL-3: whether a tool without "model" is kept out of the agent's list. */
export type AgentVisibility = "filtered" | "unfiltered";

/** TOOL-4: whether a view's `tools/call` is checked against the target's visibility. */
export type AppCallVisibility = "checked" | "unchecked";

/**
 * BRG-5's second gate. `scenario`: as the scenario sets the host (allow, deny or ask); `none`:
 * no consent step, every call that clears visibility goes through; `ask`: the person is asked.
 */
export type ConsentPolicy = "scenario" | "none" | "ask";

/**
 * RES-1 / RES-5: how the host reuses a view it has read. `hints`: as the server's `ttlMs` and
 * `cacheScope` say. `by-uri`: the URI is the key and the copy is kept whatever the hints say.
 * `refetch`: a cached copy is shown at once and read again behind it. `every-call`: read afresh
 * before each call of the tool.
 */
export type Caching = "hints" | "by-uri" | "refetch" | "every-call";

/** BRG-4: where a view's `ui/message` goes. */
export type MessageRoute = "conversation" | "draft" | "not-offered";

/** NEG-6: the eras the host's client speaks; `scenario` takes the scenario's own client. */
export type Eras = "scenario" | "modern" | "legacy" | "dual";

/** Every behaviour a profile can set, with the value the engine applies. */
export interface HostBehaviours {
  cspConnectDomains: CspListHandling;
  cspResourceDomains: CspListHandling;
  cspFrameDomains: CspListHandling;
  cspBaseUriDomains: CspListHandling;
  cspApplied: CspApplied;
  defaultCsp: DefaultCsp;
  displayModes: readonly DisplayMode[];
  undeclaredMode: UndeclaredMode;
  domain: DomainRule;
  modelContext: ModelContextDelivery;
  structuredContent: StructuredContentDelivery;
  agentVisibility: AgentVisibility;
  appCallVisibility: AppCallVisibility;
  consent: ConsentPolicy;
  caching: Caching;
  message: MessageRoute;
  eras: Eras;
}
export type ProfileFieldName = keyof HostBehaviours;

/**
 * The reference: a host that does what the spec says, and, where the spec leaves a choice, what
 * this simulator's own host does (inline only, consent and eras as the scenario sets them, the
 * cache by RES-5's hints, `_meta.ui.domain` not used since each run has an origin of its own).
 */
export const REFERENCE_BEHAVIOURS: HostBehaviours = {
  cspConnectDomains: "honoured",
  cspResourceDomains: "honoured",
  cspFrameDomains: "honoured",
  cspBaseUriDomains: "honoured",
  cspApplied: "declared",
  defaultCsp: "restrictive",
  displayModes: ["inline"],
  undeclaredMode: "refuse",
  domain: "not-used",
  modelContext: "next-turn",
  structuredContent: "delivered",
  agentVisibility: "filtered",
  appCallVisibility: "checked",
  consent: "scenario",
  caching: "hints",
  message: "conversation",
  eras: "scenario",
};

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

/** The fields in the order the simulator lists them. */
export const PROFILE_FIELDS = Object.keys(REFERENCE_BEHAVIOURS) as ProfileFieldName[];

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

/**
 * Known: the sources agree (or there is one). Disputed: sources disagree; the engine uses the
 * value of the newest. Unknown: no source; the engine uses the reference value. Reference: the
 * reference profile's own value, which rests on the spec, not on a source.
 */
export type FieldStatus = "known" | "disputed" | "unknown" | "reference";

/** One source for a field, as the engine shows it beside a departure. */
export interface ProfileEvidence<V = unknown> {
  /** What this source says the behaviour is, as an engine value. */
  value: V;
  kind: ProfileEvidenceKind;
  /** The kind in words ("seen by a third-party prober"). */
  kindLabel: string;
  /** `YYYY-MM-DD`, or `undated`. */
  date: string;
  source: string;
  /** The source as a link: its URL (null when it names a record, not a page) and a short label. */
  link: { url: string | null; label: string };
  /** The host record's cell (catalogue id) this rests on, when it rests on one. */
  cell?: string;
  /** The source's own words, or ours about it. */
  says: string;
  /** Why it may no longer hold: undated, older than 90 days, one user's word. Empty: current. */
  stale: string[];
  /** True for the sources of the value the engine uses. */
  used: boolean;
}

export interface ProfileField<V> {
  value: V;
  status: FieldStatus;
  /** Newest first; empty for an unknown or reference field. */
  evidence: ProfileEvidence<V>[];
}

export type ProfileFields = { [K in ProfileFieldName]: ProfileField<HostBehaviours[K]> };

/** The measured conformance row of the host, when this project ran its conformance server in it. */
export interface MeasuredRow {
  record: string;
  date: string;
  version: string | null;
  /** Catalogue id → PASS, FAIL or NOT OBSERVABLE. */
  cells: Record<string, string>;
}

export interface HostProfile {
  id: string;
  name: string;
  version: string | null;
  openSource: boolean;
  /** What the profile is drawn from, in a sentence. */
  basis: string;
  fields: ProfileFields;
  measured?: MeasuredRow;
}

/** The values the engine applies. */
export function behavioursOf(profile: Pick<HostProfile, "fields">): HostBehaviours {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile.fields[f].value])) as never;
}

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
export type DepartureKind = "violation" | "variation";

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
