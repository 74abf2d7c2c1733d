import { LOOSER_DEFAULT_CSP_HEADER } from "../decide/csp";
import { FIELD_LABEL, judgeField } from "../decide/host-fields";
import {
  behavioursOf,
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type FieldStatus,
  type HostBehaviours,
  type HostProfile,
  type ProfileFieldName,
} from "../decide/host-profile";
import type { Scenario } from "../simulator/scenario";
import type { Shown } from "./shown";

// Drills on real hosts (issue 33, item 4): the same items, asked of one host and keyed by the
// engine with that host's profile. This module holds what a host adds to an item: the profile as
// the stem states it (the same words in every item on that host, whether or not it decides the
// answer), the policy line with the host named in it, and which of the profile's fields move the
// key away from the reference host's.

/** A host as the drill asks about it: the values the engine applies, and what each rests on. */
export interface DrillHost {
  id: string;
  name: string;
  behaviours: HostBehaviours;
  status: Record<ProfileFieldName, FieldStatus>;
  /** The newest source of each field's value, as an explanation cites it; absent when unknown. */
  evidence: Partial<Record<ProfileFieldName, { kind: string; date: string }>>;
}

/** The drill's view of a resolved profile (lib/content/host-profiles.ts). */
export function drillHostOf(profile: HostProfile): DrillHost {
  const evidence: DrillHost["evidence"] = {};
  for (const f of PROFILE_FIELDS) {
    const used = profile.fields[f].evidence.find((e) => e.used);
    if (used) evidence[f] = { kind: used.kindLabel, date: used.date };
  }
  return {
    id: profile.id,
    // "Claude (claude.ai and Claude Desktop)" reads as "Claude" in a question.
    name: profile.name.replace(/\s*\(.*\)\s*$/, ""),
    behaviours: behavioursOf(profile),
    status: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile.fields[f].status])) as never,
    evidence,
  };
}

/** Each field's value in words, as the profile exhibit states it. */
const VALUE_WORDS: { [K in ProfileFieldName]: Record<string, string> } = {
  cspConnectDomains: listWords(),
  cspResourceDomains: listWords(),
  cspFrameDomains: listWords(),
  cspBaseUriDomains: listWords(),
  cspApplied: {
    declared: "the policy is built from the declared domains",
    leaky:
      "the policy is built from the declared domains, yet a view has reached an origin it never declared",
    ignored: "never read: the view gets the default policy",
    none: "not applied: no policy at all is served",
  },
  defaultCsp: {
    restrictive: "CSP-4's restrictive default",
    looser: `a looser default than CSP-4's: ${LOOSER_DEFAULT_CSP_HEADER}`,
    none: "no policy at all",
  },
  displayModes: {},
  undeclaredMode: {
    refuse: "refused: the host stays in its current mode",
    switch: "switched to anyway",
  },
  domain: {
    "not-used": "not used: the host picks the view's origin itself",
    "must-match": "must equal the host's own value for the server, or no view is shown",
    accepted: "taken as the server gives it",
    "host-assigned": "ignored: the host derives the origin from the server",
  },
  modelContext: {
    "next-turn": "reaches the model in its next turn",
    "not-seen": "accepted, but the model does not see it",
    "not-offered": "not offered",
  },
  structuredContent: {
    delivered: "delivered to the view with the result",
    stripped: "stripped from the result the view gets",
  },
  agentVisibility: {
    filtered: 'left out: only tools whose visibility includes "model" are listed',
    unfiltered: "listed anyway: every tool is in the agent's list",
  },
  appCallVisibility: {
    checked: 'checked: a tool without "app", or on another server, is refused',
    unchecked: 'not checked: a tool without "app" is reached, on the view\'s own server only',
  },
  consent: {
    scenario: "as this item's settings say",
    none: "no consent step",
    ask: "the person is always asked",
  },
  caching: {
    hints: "as the server's ttlMs and cacheScope say",
    "by-uri": "kept by URI, whatever the hints say",
    refetch: "a cached copy is shown, then read again",
    "every-call": "read afresh before each call",
  },
  message: {
    conversation: "sent into the conversation",
    draft: "put into the input box as a draft",
    "not-offered": "not offered",
  },
  eras: {
    scenario: "as this item's client says",
    modern: "2026-07-28 only",
    legacy: "the legacy era only (initialize)",
    dual: "both (2026-07-28, falling back to initialize)",
  },
};

function listWords(): Record<string, string> {
  return {
    honoured: "kept in the policy when declared",
    dropped: "dropped from the policy, whatever the view declares",
  };
}

const STATUS_WORDS: Record<FieldStatus, string> = {
  known: "",
  reference: "",
  disputed: " (disputed: its sources disagree, and the newer one is applied)",
  unknown: " (unknown for this host: the reference's value is applied)",
};

/** A field's value in the profile exhibit's words. */
function valueWords(field: ProfileFieldName, value: unknown): string {
  if (field === "displayModes") return (value as string[]).join(", ");
  return VALUE_WORDS[field][value as string] ?? String(value);
}

/**
 * The profile as every item on this host shows it: each field under its name, its value in words
 * and, where it is not simply known, how it is held. The same object, in the same words, in every
 * item on the host.
 */
export function profileShown(host: DrillHost): Shown {
  return {
    label: `${host.name}'s profile (content/host-profiles/${host.id}.json), as the engine applies it`,
    json: JSON.stringify(
      Object.fromEntries(
        PROFILE_FIELDS.map((f) => [
          FIELD_LABEL[f],
          valueWords(f, host.behaviours[f]) + STATUS_WORDS[host.status[f]],
        ]),
      ),
      null,
      2,
    ),
  };
}

/**
 * The scenario as the host's profile meets it: a host that always asks for consent asks, and the
 * person answers as the scenario's own setting would have. Eras and the rest act in the engine.
 */
export function adaptToHost(s: Scenario, b: HostBehaviours): Scenario {
  if (b.consent === "ask" && s.action.kind === "view-calls-tool" && s.consent !== "ask") {
    s.consentAnswer = s.consent;
    s.consent = "ask";
  }
  return s;
}

/** The fields of the profile that depart from the reference. */
function departingFields(b: HostBehaviours): ProfileFieldName[] {
  return PROFILE_FIELDS.filter((f) => judgeField(f, b[f] as never) !== null);
}

/**
 * The departing fields that decide a key: each whose value, set back to the reference's alone,
 * changes the key; when none does alone (they act together), every departing field that does
 * anything to it.
 */
export function decidingFields(
  b: HostBehaviours,
  keyUnder: (b: HostBehaviours) => string,
): ProfileFieldName[] {
  const key = keyUnder(b);
  const departing = departingFields(b);
  const alone = departing.filter(
    (f) => keyUnder({ ...b, [f]: REFERENCE_BEHAVIOURS[f] } as HostBehaviours) !== key,
  );
  if (alone.length) return alone;
  return keyUnder(REFERENCE_BEHAVIOURS) === key ? [] : departing;
}

/**
 * What the explanation of a host item says about the profile: whether it decided the key, the
 * reference host's answer if so, and for each deciding field whether it is a violation or an
 * allowed variation, with its rules and newest source.
 */
export function profileExplanation(
  host: DrillHost,
  referenceKey: string,
  key: string,
  fields: readonly ProfileFieldName[],
): string {
  if (referenceKey === key)
    return `**${host.name}'s profile does not decide this item:** the reference host, which does what the spec asks, gives the same answer.`;
  const lines = fields.map((f) => {
    const j = judgeField(f, host.behaviours[f] as never)!;
    const e = host.evidence[f];
    const kind =
      j.kind === "violation"
        ? `a violation of ${j.ruleIds.join(", ")} (a spec MUST)`
        : `an allowed variation (${j.ruleIds.join(", ")}: room the spec leaves a host)`;
    const source = e ? `${e.kind}, ${e.date}` : "no source: the reference's value";
    return `- **${FIELD_LABEL[f]}**: ${valueWords(f, host.behaviours[f])}. ${host.name} ${j.how}: ${kind}. Source: ${source}.`;
  });
  return [
    `**${host.name}'s profile decides this item.** The reference host would answer "${referenceKey}". The profile's fields that make the difference:`,
    ...lines,
  ].join("\n\n");
}
