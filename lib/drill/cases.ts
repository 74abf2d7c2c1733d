import type { Decision } from "../decide";
import type { HostBehaviours } from "../decide/host-profile";
import type { Rng } from "../quiz/random";
import type { Scenario } from "../simulator/scenario";
import {
  agentListOf,
  appCallAnswer,
  failingRows,
  outcomeAnswer,
  type AppCallAnswer,
  type AskedDirective,
  type DrillKind,
  type OutcomeAnswer,
  ASKED_DIRECTIVES,
  DIRECTIVE_LIST,
  NO_ALLOW,
  NO_HEADER,
  NO_IFRAME,
  answerText,
} from "./answers";
import type { RowName } from "../decide/vocabulary";
import {
  CSP_LISTS,
  FOREIGN_ORIGINS,
  MIME_NEAR_MISSES,
  PERMISSIONS,
  chance,
  cspEntries,
  drawDeclaredCsp,
  drawOrigins,
  drawPermissionSet,
  pick,
  themeOf,
  wildcardOf,
  type DrillTopic,
} from "./space";

// The cases a drill walks through. A case is a kind of item, the answer it aims for and the edit
// that puts a working scenario there (one thing broken, or none). The engine still decides every
// draw and the key is read off its decision: a case only steers the draw, and a draw the engine
// decides otherwise is drawn again. Consecutive items take cases far apart in a fixed list, so a
// run of 100 items meets about 100 different cases (issue 36 counted 48 in 100 before).

type Edit = (s: Scenario, rng: Rng) => void;

// ---------------------------------------------------------------------------------------------
// Edits. Each breaks (or sets) one thing and leaves the rest of the working scenario alone.

const E = {
  clientNoExtension: (s) => {
    s.client.extension = false;
  },
  clientNoProfile: (s, rng) => {
    s.client.mimeTypes = pick(rng, [["text/html"], [], ["text/html;charset=utf-8"]]);
  },
  serverNotListed: (s) => {
    s.server.extension = false;
  },
  /** A dual-era client reaches a legacy-only server over initialize (NEG-6). */
  legacy: (s) => {
    s.client.era = "dual";
    s.server.era = "legacy";
    // The 2026-01-26 Apps spec defines no server-side declaration under initialize (NEG-6).
    s.server.extension = false;
  },
  noSharedEra: (s) => {
    s.client.era = "modern";
    s.server.era = "legacy";
    s.server.extension = false;
  },
  agentHidden: (s, rng) => {
    s.uiTool.visibility = pick(rng, [["app"], []] as const).slice();
  },
  viewMissing: (s) => {
    s.resource.uri = s.uiTool.resourceUri.replace(".html", "-v2.html");
  },
  mimeNearMiss: (s, rng) => {
    s.resource.mimeType = pick(rng, MIME_NEAR_MISSES);
  },
  noCsp: (s) => {
    delete s.resource.csp;
    s.resource.metaLocation = "content";
  },
  emptyCsp: (s) => {
    s.resource.csp = {};
  },
  declaredCsp: (s, rng) => {
    const own = themeOf(s).origins;
    if (!isCspObject(s.resource.csp) || !cspEntries(s.resource.csp).length)
      s.resource.csp = drawDeclaredCsp(rng, own);
    approveAll(s);
  },
  /** A declared origin the host has not approved (CSP-3, CSP-5). */
  outsidePolicy: (s, rng) => {
    E.declaredCsp(s, rng);
    const csp = s.resource.csp as Record<string, unknown>;
    const list = pick(rng, Object.keys(csp));
    const extra = pick(rng, FOREIGN_ORIGINS);
    csp[list] = [...(csp[list] as string[]), extra];
    s.host.approvedOrigins = s.host.approvedOrigins.filter((o) => o !== extra);
  },
  /** An entry that is not an origin: a path or injection text (CSP-3). */
  invalidEntry: (s, rng) => {
    E.declaredCsp(s, rng);
    const csp = s.resource.csp as Record<string, unknown>;
    const list = pick(rng, Object.keys(csp));
    const own = pick(rng, themeOf(s).origins);
    csp[list] = [...(csp[list] as string[]), pick(rng, [`${own}/v1`, `${own}; script-src *`])];
  },
  /** csp as a flat list or a bare string, not an object of lists (CSP-1). */
  malformedCsp: (s, rng) => {
    const own = themeOf(s).origins[0];
    s.resource.csp = chance(rng, 0.5) ? [own] : own;
  },
  /** One list given as a string instead of a list (CSP-1). */
  malformedList: (s, rng) => {
    E.declaredCsp(s, rng);
    const csp = s.resource.csp as Record<string, unknown>;
    const list = pick(rng, CSP_LISTS);
    csp[list] = pick(rng, themeOf(s).origins);
  },
  hostText: (s) => {
    s.host.outOfPolicy = "text";
  },
  hostSubset: (s) => {
    s.host.outOfPolicy = "subset";
  },
  /** csp on the resources/list entry only: the draft/SDK fallback reads it there (RES-4). */
  metaOnListing: (s, rng) => {
    E.declaredCsp(s, rng);
    s.resource.metaLocation = "listing";
  },
  /** The content item's _meta.ui holds only prefersBorder, hiding the listing's csp (RES-4). */
  metaSplit: (s, rng) => {
    E.declaredCsp(s, rng);
    s.resource.metaLocation = "split";
  },
  permsGranted: (s, rng) => {
    const asked = drawPermissionSet(rng);
    s.resource.permissions = Object.fromEntries(asked.map((p) => [p, {}]));
    s.host.grantablePermissions = [...new Set([...s.host.grantablePermissions, ...asked])];
  },
  /** Well-formed flags, at least one of which the host does not grant (PERM-2, PERM-3). */
  permsWithheld: (s, rng) => {
    E.permsGranted(s, rng);
    const asked = Object.keys(s.resource.permissions as object);
    const withheld = pick(rng, asked);
    s.host.grantablePermissions = s.host.grantablePermissions.filter((p) => p !== withheld);
  },
  /** Nothing the view asks for is grantable. */
  permsNoneGranted: (s, rng) => {
    E.permsGranted(s, rng);
    const asked = Object.keys(s.resource.permissions as object);
    s.host.grantablePermissions = s.host.grantablePermissions.filter((p) => !asked.includes(p));
  },
  noPerms: (s) => {
    delete s.resource.permissions;
  },
  /** A list of strings instead of an object of {} flags (PERM-1). */
  permsList: (s, rng) => {
    const flags = PERMISSIONS.filter(() => chance(rng, 0.4));
    s.resource.permissions = flags.length ? flags : [pick(rng, PERMISSIONS)];
  },
  /** A flag that is not {} (PERM-1). */
  permsNotEmptyObject: (s, rng) => {
    E.permsGranted(s, rng);
    (s.resource.permissions as Record<string, unknown>)[pick(rng, PERMISSIONS)] = true;
  },
  /** A key that is none of PERM-1's four flags, beside a valid one. */
  permsUnknownKey: (s, rng) => {
    E.permsGranted(s, rng);
    (s.resource.permissions as Record<string, unknown>).bluetooth = {};
  },
  /**
   * The agent's list: the UI tool with any visibility, and one to three more tools on the view's
   * server or a second one, each with any visibility (TOOL-2, TOOL-3).
   */
  agentTools: (s, rng) => {
    const theme = themeOf(s);
    // Half the tools name the agent (an omitted visibility does), half do not.
    const any = () =>
      pick(rng, ["omit", ["model", "app"], ["model"], ["app"], [], ["app"]] as const);
    const v = any();
    if (v === "omit") delete s.uiTool.visibility;
    else s.uiTool.visibility = [...v];
    // Three or four tools in all, so that the options can be four different lists.
    const names = [theme.helper, ...theme.extras].filter(() => chance(rng, 0.6));
    while (names.length < 2) {
      const more = [theme.helper, ...theme.extras].find((n) => !names.includes(n))!;
      names.push(more);
    }
    s.otherTools = names.map((name) => {
      const w = any();
      return {
        name,
        description: `${name.replaceAll("_", " ")} for ${theme.tool.replaceAll("_", " ")}`,
        server: chance(rng, 0.3) ? ("second" as const) : ("main" as const),
        ...(w === "omit" ? {} : { visibility: [...w] }),
      };
    });
  },
  /** No listed tool names "model" (an omitted visibility would). */
  agentSeesNothing: (s, rng) => {
    E.agentTools(s, rng);
    s.uiTool.visibility = pick(rng, [["app"], []] as const).slice();
    for (const t of s.otherTools) t.visibility = pick(rng, [["app"], []] as const).slice();
  },
} satisfies Record<string, Edit>;

function isCspObject(csp: unknown): csp is Record<string, unknown> {
  return typeof csp === "object" && csp !== null && !Array.isArray(csp);
}

/** The host approves every entry the csp declares (each itself, or under its wildcard). */
function approveAll(s: Scenario) {
  const approved = new Set(s.host.approvedOrigins);
  for (const o of cspEntries(s.resource.csp))
    if (!approved.has(o) && !approved.has(wildcardOf(o))) approved.add(o);
  s.host.approvedOrigins = [...approved];
}

/** The view's tools/call, with the called tool listed as given (or listed nowhere). */
function viewCalls(
  placement: "ui-tool" | "main" | "second" | "unknown",
  visibility: readonly ("model" | "app")[] | "omit" | "with-app",
): Edit {
  return (s, rng) => {
    const theme = themeOf(s);
    const vis: readonly ("model" | "app")[] | "omit" =
      visibility === "with-app"
        ? pick(rng, ["omit", ["app"], ["model", "app"]] as const)
        : visibility;
    let tool: string = theme.helper;
    if (placement === "ui-tool") {
      tool = s.uiTool.name;
      if (vis === "omit") delete s.uiTool.visibility;
      else s.uiTool.visibility = [...vis];
    } else if (placement === "unknown") {
      tool = `${theme.helper}_v2`;
      if (chance(rng, 0.5))
        s.otherTools = [
          { name: theme.helper, description: theme.helperDescription, server: "main" },
        ];
    } else {
      s.otherTools = [
        {
          name: theme.helper,
          description: theme.helperDescription,
          server: placement,
          ...(vis === "omit" ? {} : { visibility: [...vis] }),
        },
      ];
    }
    s.action = { kind: "view-calls-tool", tool, arguments: {} };
    // Any consent: a gate that refuses first never asks it (the stem states the order).
    s.consent = pick(rng, ["allow", "deny", "ask"] as const);
    if (s.consent === "ask") s.consentAnswer = chance(rng, 0.5) ? "allow" : "deny";
    else delete s.consentAnswer;
  };
}

const consentGiven: Edit = (s, rng) => {
  s.consent = pick(rng, ["allow", "ask"] as const);
  if (s.consent === "ask") s.consentAnswer = "allow";
};
const consentRefused: Edit = (s, rng) => {
  s.consent = pick(rng, ["deny", "ask"] as const);
  if (s.consent === "ask") s.consentAnswer = "deny";
  else delete s.consentAnswer;
};

/** Some call of a view, whatever its fate: for items where no view comes up to place it. */
const anyViewCall: Edit = (s, rng) =>
  pick(rng, [
    viewCalls("main", "with-app"),
    viewCalls("main", ["model"]),
    viewCalls("second", "with-app"),
    viewCalls("unknown", "omit"),
  ])(s, rng);

// ---------------------------------------------------------------------------------------------
// Causes: named edit lists, each one way to reach an answer.

interface Cause {
  name: string;
  edits: Edit[];
}
const cause = (name: string, ...edits: Edit[]): Cause => ({ name, edits });

/** Ways to keep the view from coming up, with the row that then stops the host. */
const STOPPERS: Cause[] = [
  cause("client-no-extension", E.clientNoExtension),
  cause("server-not-listed", E.serverNotListed),
  cause("no-shared-era", E.noSharedEra),
  cause("agent-hidden", E.agentHidden),
  cause("view-missing", E.viewMissing),
  cause("mime-near-miss", E.mimeNearMiss),
  cause("outside-policy-text", E.outsidePolicy, E.hostText),
  cause("legacy-client-undeclared", E.legacy, E.clientNoExtension),
];

const NEGOTIATION_FAULTS: Cause[] = [
  cause("client-no-extension", E.clientNoExtension),
  cause("client-no-profile", E.clientNoProfile),
  cause("server-not-listed", E.serverNotListed),
  cause("neither-declared", E.clientNoExtension, E.serverNotListed),
];

/**
 * The csp shapes a csp-header item asks about. Those that leave a keyword-only directive (no csp,
 * an empty one, a malformed one, a hidden one) come once; those whose directive lists origins, which
 * differ from draw to draw, two to five times.
 */
const CSP_HEADER_CAUSES: Cause[] = [
  cause("no-csp", E.noCsp),
  cause("empty-csp", E.emptyCsp),
  cause("malformed-csp", E.malformedCsp),
  cause("meta-split", E.metaSplit),
  ...Array.from({ length: 2 }, () => cause("declared-csp", E.declaredCsp)),
  ...Array.from({ length: 2 }, () => cause("meta-on-listing", E.metaOnListing)),
  ...Array.from({ length: 3 }, () => cause("declared-csp", E.declaredCsp)),
  ...Array.from({ length: 2 }, () => cause("outside-policy-subset", E.outsidePolicy, E.hostSubset)),
  ...Array.from({ length: 2 }, () => cause("invalid-entry-subset", E.invalidEntry, E.hostSubset)),
  cause("malformed-list-subset", E.malformedList, E.hostSubset),
  ...Array.from({ length: 2 }, () => cause("meta-on-listing", E.metaOnListing)),
  cause("legacy-declared-csp", E.legacy, E.declaredCsp),
];

/**
 * For frame-src and base-uri, whose keyword-only forms ('none', 'self') are the same for no csp, an
 * empty one and a hidden one: the shapes that list origins, and one keyword case.
 */
const CSP_LIST_CAUSES: Cause[] = [
  cause("empty-csp", E.emptyCsp),
  ...CSP_HEADER_CAUSES.filter(
    (c) => !["no-csp", "empty-csp", "malformed-csp", "meta-split"].includes(c.name),
  ),
];

const CSP_FALLBACKS: Cause[] = [
  cause("outside-policy-text", E.outsidePolicy, E.hostText),
  cause("invalid-entry-text", E.invalidEntry, E.hostText),
  cause("malformed-list-text", E.malformedList, E.hostText),
];

// ---------------------------------------------------------------------------------------------
// Slots: one answer of one kind, reached by one of its causes (drawn at each visit). The number of
// slots per answer is how often it is the key. Two limits set the counts:
// - an answer offered in every item may be the key in only a quarter of them, and one offered in
//   some items only as often as options.ts offers it (so no answer is a cue by being there);
// - an answer with one way to be reached (one case) gets few slots, since every slot of it in a
//   run of 100 items past the first repeats that case; answers built from the scenario (a csp
//   directive, an allow attribute) vary from draw to draw and get many.

export interface Slot {
  kind: DrillKind;
  /** The rule group an item on this slot is about, when its key rows do not say (a render). */
  topic: DrillTopic;
  /** The answer aimed for, as `aims` reads it. */
  aim: string;
  causes: Cause[];
  /** For a csp-header slot: the directive asked about. */
  directive?: AskedDirective;
}

/** `n` slots for one answer. */
function slots(
  n: number,
  kind: DrillKind,
  topic: DrillTopic,
  aim: string,
  causes: Cause[],
  directive?: AskedDirective,
): Slot[] {
  return Array.from({ length: n }, () => ({
    kind,
    topic,
    aim,
    causes,
    ...(directive && { directive }),
  }));
}

const LEGACY_STOPPERS: Cause[] = [
  cause("legacy-client-undeclared", E.legacy, E.clientNoExtension),
  cause("legacy-client-no-profile", E.legacy, E.clientNoProfile),
  cause("legacy-mime", E.legacy, E.mimeNearMiss),
];

/**
 * Outcome. "No session opens" is offered only when the server is legacy-only (the era labels rule
 * it out otherwise), and every other answer in every item: so the keys are even within each
 * group, four answers where both sides speak 2026-07-28 and five against a legacy server.
 */
const OUTCOME_SLOTS: Slot[] = [
  ...slots(1, "outcome", "CSP", "rendered", [
    cause("working"),
    cause("no-csp", E.noCsp),
    cause("declared-csp", E.declaredCsp),
    cause("outside-policy-subset", E.outsidePolicy, E.hostSubset),
    cause("malformed-csp", E.malformedCsp),
    cause("meta-on-listing", E.metaOnListing),
    cause("meta-split", E.metaSplit),
  ]),
  ...slots(1, "outcome", "PERM", "rendered", [
    cause("perms-withheld", E.permsWithheld),
    cause("perms-list", E.permsList),
    cause("perms-unknown-key", E.permsUnknownKey),
  ]),
  ...slots(2, "outcome", "NEG", "text-unread", NEGOTIATION_FAULTS),
  ...slots(1, "outcome", "RES", "text-read", [
    cause("view-missing", E.viewMissing),
    cause("mime-near-miss", E.mimeNearMiss),
  ]),
  ...slots(1, "outcome", "CSP", "text-read", [
    cause("outside-policy-text", E.outsidePolicy, E.hostText),
    cause("invalid-entry-text", E.invalidEntry, E.hostText),
  ]),
  ...slots(2, "outcome", "TOOL", "not-called", [cause("agent-hidden", E.agentHidden)]),
  ...slots(1, "outcome", "NEG", "rendered", [cause("legacy", E.legacy)]),
  ...slots(1, "outcome", "NEG", "text-unread", LEGACY_STOPPERS.slice(0, 2)),
  ...slots(1, "outcome", "RES", "text-read", LEGACY_STOPPERS.slice(2)),
  ...slots(1, "outcome", "TOOL", "not-called", [cause("legacy-hidden", E.legacy, E.agentHidden)]),
  ...slots(1, "outcome", "NEG", "not-connected", [cause("no-shared-era", E.noSharedEra)]),
];

/**
 * Deciding row. Six rows, four offered: a row may be the key in at most a quarter of the items;
 * rows with several ways to fail come more often than those with one (visibility, permissions).
 */
const DECIDING_ROW_SLOTS: Slot[] = [
  ...slots(4, "deciding-row", "NEG", "negotiation", [
    ...NEGOTIATION_FAULTS,
    ...LEGACY_STOPPERS.slice(0, 2),
    cause("no-shared-era", E.noSharedEra),
  ]),
  ...slots(3, "deciding-row", "RES", "mime", [
    cause("view-missing", E.viewMissing),
    cause("mime-near-miss", E.mimeNearMiss),
    LEGACY_STOPPERS[2]!,
  ]),
  ...slots(3, "deciding-row", "CSP", "csp", [
    cause("outside-policy", E.outsidePolicy),
    cause("invalid-entry", E.invalidEntry),
    cause("malformed-csp", E.malformedCsp),
    cause("malformed-list", E.malformedList),
  ]),
  ...slots(2, "deciding-row", "TOOL", "visibility", [
    cause("agent-hidden", E.agentHidden),
    cause("legacy-hidden", E.legacy, E.agentHidden),
  ]),
  ...slots(2, "deciding-row", "PERM", "permissions", [
    cause("perms-list", E.permsList),
    cause("perms-not-empty-object", E.permsNotEmptyObject),
    cause("perms-unknown-key", E.permsUnknownKey),
  ]),
  ...slots(4, "deciding-row", "BRG", "app-call", [
    cause("call-model-only", viewCalls("main", ["model"])),
    cause("call-other-server", viewCalls("second", "with-app")),
    cause("call-other-model-only", viewCalls("second", ["model"])),
    cause("call-unknown", viewCalls("unknown", "omit")),
    cause("call-consent-refused", viewCalls("main", "with-app"), consentRefused),
    cause("call-empty-visibility", viewCalls("main", [])),
  ]),
];

/**
 * App call. Seven answers, four offered: none is the key in more than a quarter of the items;
 * "not placed" and "forwarded" come most, since each is reached in many ways.
 */
const APP_CALL_SLOTS: Slot[] = [
  ...slots(
    4,
    "app-call",
    "BRG",
    "not-placed",
    STOPPERS.map((c) => ({ ...c, edits: [anyViewCall, ...c.edits] })),
  ),
  ...slots(3, "app-call", "BRG", "forwarded", [
    cause("call-own-helper", viewCalls("main", "with-app"), consentGiven),
    cause("call-ui-tool", viewCalls("ui-tool", "omit"), consentGiven),
    cause("legacy-call-own-helper", E.legacy, viewCalls("main", "with-app"), consentGiven),
    cause("call-own-helper-listing", E.metaOnListing, viewCalls("main", ["app"]), consentGiven),
  ]),
  ...slots(2, "app-call", "BRG", "other-server", [
    cause("call-other-server", viewCalls("second", "with-app")),
  ]),
  ...slots(2, "app-call", "BRG", "no-app", [
    cause("call-model-only", viewCalls("main", ["model"])),
    cause("call-empty-visibility", viewCalls("main", [])),
  ]),
  ...slots(2, "app-call", "BRG", "no-app-other-server", [
    cause("call-other-model-only", viewCalls("second", ["model"])),
  ]),
  ...slots(2, "app-call", "BRG", "no-tool", [cause("call-unknown", viewCalls("unknown", "omit"))]),
  ...slots(2, "app-call", "BRG", "consent", [
    cause("call-consent-refused", viewCalls("main", "with-app"), consentRefused),
  ]),
];

/**
 * Csp header. Every directive of every csp shape: connect-src and script-src (where no csp, an
 * empty one and a malformed one differ) 22 slots each, frame-src and base-uri 12; one item in
 * eleven falls back to text or never renders ("No header", offered in three of ten of the others).
 */
const CSP_HEADER_SLOTS: Slot[] = [
  ...ASKED_DIRECTIVES.flatMap((d) =>
    d === "connect-src" || d === "script-src"
      ? slots(22, "csp-header", "CSP", "header", CSP_HEADER_CAUSES, d)
      : slots(12, "csp-header", "CSP", "header", CSP_LIST_CAUSES, d),
  ),
  ...slots(7, "csp-header", "CSP", "no-header", [...STOPPERS, CSP_FALLBACKS[1]!]),
];

/**
 * Allow attribute. Most items carry a grant to read; "No iframe" is the key in one item in seven
 * and "no allow attribute" in one in ten (each offered in proportion in the others).
 */
const ALLOW_SLOTS: Slot[] = [
  ...slots(4, "allow", "PERM", "no-iframe", [...STOPPERS, ...LEGACY_STOPPERS]),
  ...slots(3, "allow", "PERM", "no-allow", [
    cause("no-perms", E.noPerms),
    cause("perms-none-granted", E.permsNoneGranted),
    cause("perms-list", E.permsList),
    cause("perms-not-empty-object-alone", E.permsNoneGranted, E.permsNotEmptyObject),
  ]),
  ...slots(22, "allow", "PERM", "granted", [
    cause("perms-granted", E.permsGranted),
    cause("perms-withheld", E.permsWithheld),
    cause("perms-unknown-key", E.permsUnknownKey),
    cause("perms-not-empty-object", E.permsNotEmptyObject),
    cause("legacy-perms-granted", E.legacy, E.permsGranted),
    cause("listing-perms-granted", E.metaOnListing, E.permsGranted),
  ]),
];

/**
 * The agent's list. Its key names the tools listed, which differ from draw to draw; an empty list
 * is the key in one item in 23 (and offered in proportion in the others).
 */
const AGENT_LIST_SLOTS: Slot[] = [
  ...slots(44, "agent-list", "TOOL", "listed", [
    cause("agent-tools", E.agentTools),
    cause("legacy-agent-tools", E.legacy, E.agentTools),
  ]),
  ...slots(2, "agent-list", "TOOL", "empty", [cause("agent-sees-nothing", E.agentSeesNothing)]),
];

/** Every slot, in walking order (see `walkingOrder`). */
export const SLOTS: readonly Slot[] = walkingOrder([
  ...OUTCOME_SLOTS,
  ...DECIDING_ROW_SLOTS,
  ...APP_CALL_SLOTS,
  ...CSP_HEADER_SLOTS,
  ...ALLOW_SLOTS,
  ...AGENT_LIST_SLOTS,
]);

/** How often a slot's kind has `aim` as its key: its share of the kind's slots. */
export function aimShare(kind: DrillKind, aim: string): number {
  const of = SLOTS.filter((s) => s.kind === kind);
  return of.filter((s) => s.aim === aim).length / of.length;
}

/** Whether the engine's decision is the answer the slot aims for (`b`: a host profile's behaviours). */
export function aims(slot: Slot, d: Decision, s: Scenario, b?: HostBehaviours): boolean {
  switch (slot.kind) {
    case "outcome":
      return outcomeAnswer(d) === (slot.aim as OutcomeAnswer);
    case "app-call":
      return appCallAnswer(d) === (slot.aim as AppCallAnswer);
    case "deciding-row": {
      const f = failingRows(d);
      return f.length === 1 && f[0]!.row === (slot.aim as RowName);
    }
    case "csp-header":
      return (
        (answerText("csp-header", d, slot.directive) === NO_HEADER) === (slot.aim === "no-header")
      );
    case "allow": {
      const t = answerText("allow", d);
      return slot.aim === "no-iframe"
        ? t === NO_IFRAME
        : slot.aim === "no-allow"
          ? t === NO_ALLOW
          : t !== NO_IFRAME && t !== NO_ALLOW;
    }
    case "agent-list":
      return agentListOf(s, b).some((t) => t.listed) === (slot.aim === "listed");
  }
}

/**
 * Applies one of a slot's causes to a working scenario (in place): returns the scenario and the
 * cause's name.
 */
export function applySlot(
  slot: Slot,
  s: Scenario,
  rng: Rng,
): { scenario: Scenario; cause: string } {
  const c = pick(rng, slot.causes);
  for (const edit of c.edits) edit(s, rng);
  // A csp-header slot asks about a directive: make sure the declared csp names its list, so the
  // key reads the host's handling of real origins more often than a bare keyword.
  const approving = ["declared-csp", "meta-on-listing", "meta-split", "legacy-declared-csp"];
  if (slot.directive && isCspObject(s.resource.csp) && c.name !== "empty-csp") {
    const list = DIRECTIVE_LIST[slot.directive];
    const csp = s.resource.csp;
    if (!(list in csp)) {
      csp[list] = drawOrigins(rng, themeOf(s).origins);
      if (approving.includes(c.name)) approveAll(s);
    }
  }
  return { scenario: s, cause: c.name };
}

// ---------------------------------------------------------------------------------------------
// The walk: from a seed to a slot.

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The slots in walking order: each answer's slots (one kind, one aim, one directive) spread evenly
 * round the cycle, every answer starting at its own phase. A walk of consecutive steps then meets
 * an answer's slots as far apart as their number allows (two slots of one answer, among 200, are
 * 100 steps apart), and the kinds alternate in proportion.
 */
function walkingOrder(slots: readonly Slot[]): Slot[] {
  const groups = new Map<string, Slot[]>();
  for (const s of slots) {
    const k = `${s.kind}:${s.aim}:${s.directive ?? ""}`;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  return [...groups.values()]
    .flatMap((g, gi) => g.map((s, i) => ({ s, at: (i + ((gi * 0.618034) % 1)) / g.length })))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.s);
}

/**
 * The index of the slot a seed starts from, among `n` slots in walking order. A seed ending in a
 * number (`e2e-7`, `exam-x-3`, a session's `<seed>-<n>`) is that many steps along its prefix's
 * walk, so seeds n … n+99 of one prefix take 100 different slots when there are at least 100; any
 * other seed is hashed.
 */
export function slotIndex(seed: string, n: number): number {
  const m = /^(.*?)(\d{1,9})$/.exec(seed);
  if (!m) return hash(seed) % n;
  return (hash(m[1]!) + Number(m[2])) % n;
}
