import type { DisplayMode, UndeclaredMode } from "./display-mode";

// Host profiles (issue 33): what a real host does where the spec leaves it room, or where it
// departs from the spec, as values the engine can apply. This module is the pure type and the
// reference's values (host-fields.ts says what each field means); the files in
// content/host-profiles and their evidence are read and resolved by lib/content/host-profiles.ts,
// which hands the simulator a `HostProfile`.

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
type ProfileEvidenceKind = (typeof PROFILE_EVIDENCE_KINDS)[number];

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
type DomainRule = "not-used" | "must-match" | "accepted" | "host-assigned";

/** BRG-4: where `ui/update-model-context` ends up. */
type ModelContextDelivery = "next-turn" | "not-seen" | "not-offered";

/** BRG-3 / OUT-2: whether `ui/notifications/tool-result` carries the result whole. */
type StructuredContentDelivery = "delivered" | "stripped";

/** TOOL-3: whether a tool without "model" is kept out of the agent's list. */
export type AgentVisibility = "filtered" | "unfiltered";

/** TOOL-4: whether a view's `tools/call` is checked against the target's visibility. */
export type AppCallVisibility = "checked" | "unchecked";

/**
 * BRG-5's second gate. `scenario`: as the scenario sets the host (allow, deny or ask); `none`:
 * no consent step, every call that clears visibility goes through; `ask`: the person is asked.
 */
type ConsentPolicy = "scenario" | "none" | "ask";

/**
 * RES-1 / RES-5: how the host reuses a view it has read. `hints`: as the server's `ttlMs` and
 * `cacheScope` say. `by-uri`: the URI is the key and the copy is kept whatever the hints say.
 * `refetch`: a cached copy is shown at once and read again behind it. `every-call`: read afresh
 * before each call of the tool.
 */
type Caching = "hints" | "by-uri" | "refetch" | "every-call";

/** BRG-4: where a view's `ui/message` goes. */
type MessageRoute = "conversation" | "draft" | "not-offered";

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

/** The fields in the order the simulator lists them. */
export const PROFILE_FIELDS = Object.keys(REFERENCE_BEHAVIOURS) as ProfileFieldName[];

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
