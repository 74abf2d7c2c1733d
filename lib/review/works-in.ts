import {
  decide,
  decideAppCall,
  decideDisplayMode,
  parseOrigin,
  type AppCallDecision,
  type Consent,
  type CspDecision,
  type Decision,
} from "../decide";
import { judgeField } from "../decide/host-fields";
import {
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type ProfileFieldName,
} from "../decide/host-profile";
import type { CspKey } from "../decide/vocabulary";
import { APPS_CLIENT_CAPABILITIES } from "../host/connect";
import { reviewPolicy } from "../host/inspect";
import { decideNegotiationForEra } from "../host/negotiation";
import { undeclaredLoads } from "./declared-csp";
import type { ViewFacts } from "./works-in-facts";
import type { WorksInHost, WorksInSource } from "./works-in-hosts";

// "Works in" (issue 33, deliverable 3): for each host profile and each UI tool of a reviewed
// server, what the person will see. Renders; renders without something (declared origins or
// frames blocked, a display mode refused, structuredContent missing); text only; blank; or the
// tool never reached. The engine (lib/decide's `decide()` with the profile's behaviours, and
// `decideDisplayMode`) makes every decision; this module reads its answers against the facts the
// review gathered and names, for each, the rule, whether the host breaks the spec or uses room
// the spec leaves, and the profile's source and date.

export type WorksInOutcome =
  "renders" | "renders-without" | "text" | "blank" | "not-called" | "not-connected";

/** A host breaking a MUST, a host using room the spec leaves, or the spec's own rule at work. */
type ReasonKind = "violation" | "variation" | "rule";

export interface WorksInReason {
  /** What happens and why, in a sentence. */
  text: string;
  /** A few words for the table cell (what is lost), when the reason takes something away. */
  short?: string;
  ruleIds: string[];
  kind: ReasonKind;
  /** The profile field the reason rests on; absent when it rests on the server's answer alone. */
  field?: ProfileFieldName;
  source: WorksInSource;
  /** `outcome`: settles the outcome; `lost`: the view renders without something; `note`: worth knowing. */
  effect: "outcome" | "lost" | "note";
}

export interface WorksInCell {
  host: string;
  tool: string;
  outcome: WorksInOutcome;
  reasons: WorksInReason[];
}

export interface WorksIn {
  hosts: { id: string; name: string }[];
  tools: string[];
  cells: WorksInCell[];
}

/** The source of a reason no profile field changes: the server's own answer, judged by the spec. */
const RULE_SOURCE: WorksInSource = {
  kind: "spec",
  label: "the spec: every host here, as this review observed the server",
  url: null,
  date: null,
  status: "reference",
};

type ServerEras = "modern" | "legacy" | "dual";

/**
 * A reason resting on one field of the host's profile: the rules are the decision's, the kind
 * whether the field's value breaks the spec or uses room it leaves.
 */
function fieldReason(
  host: WorksInHost,
  field: ProfileFieldName,
  text: string,
  effect: WorksInReason["effect"],
  ruleIds: string[],
  short?: string,
): WorksInReason {
  // The kind is the field's departure from the reference (none: the spec's own rule at work).
  const judged = judgeField(field, host.behaviours[field] as never);
  return {
    text,
    ...(short ? { short } : {}),
    ruleIds,
    kind: judged?.kind ?? "rule",
    field,
    source: host.sources[field],
    effect,
  };
}

function ruleReason(
  text: string,
  ruleIds: string[],
  effect: WorksInReason["effect"],
  short?: string,
): WorksInReason {
  return { text, ...(short ? { short } : {}), ruleIds, kind: "rule", source: RULE_SOURCE, effect };
}

/** NEG-6: a session opens when the host's client and the server share an era. */
function noSharedEra(host: WorksInHost, server: ServerEras): WorksInReason | undefined {
  // "scenario": the reference takes the client it is given; here that is the review's own,
  // which speaks both eras.
  const client = host.behaviours.eras === "scenario" ? "dual" : host.behaviours.eras;
  if (client === "legacy" && server === "modern")
    return fieldReason(
      host,
      "eras",
      "this host speaks only the legacy era (initialize) and the server only 2026-07-28: no session opens, so no tool is listed. Serve both eras to reach it",
      "outcome",
      ["NEG-6"],
    );
  if (client === "modern" && server === "legacy")
    return fieldReason(
      host,
      "eras",
      "this host speaks only 2026-07-28 and the server only the legacy era: no session opens, so no tool is listed. Serve both eras to reach it",
      "outcome",
      ["NEG-6"],
    );
  return undefined;
}

const LIST_FIELD: Record<CspKey, ProfileFieldName> = {
  connectDomains: "cspConnectDomains",
  resourceDomains: "cspResourceDomains",
  frameDomains: "cspFrameDomains",
  baseUriDomains: "cspBaseUriDomains",
};
const LIST_WHAT: Record<CspKey, string> = {
  connectDomains: "connections to",
  resourceDomains: "scripts, styles, images and fonts from",
  frameDomains: "frames from",
  baseUriDomains: "a base URI at",
};
const CSP_KEYS = Object.keys(LIST_FIELD) as CspKey[];

/** The valid origins the view declares in each list. */
function declaredOrigins(csp: unknown): Record<CspKey, string[]> {
  const lists = typeof csp === "object" && csp !== null ? (csp as Record<string, unknown>) : {};
  return Object.fromEntries(
    CSP_KEYS.map((k) => {
      const list = Array.isArray(lists[k]) ? (lists[k] as unknown[]) : [];
      return [
        k,
        list.flatMap((v) => {
          const parsed = parseOrigin(v);
          return parsed.ok ? [parsed.origin] : [];
        }),
      ];
    }),
  ) as Record<CspKey, string[]>;
}

/** Declared origins the host's policy leaves out, by the field that leaves them out. */
function cspLosses(host: WorksInHost, facts: ViewFacts, csp: CspDecision): WorksInReason[] {
  if (!facts.csp.present || csp.header === "") return [];
  const declared = declaredOrigins(facts.csp.value);
  const out: WorksInReason[] = [];
  if (csp.effective === null) {
    const all = CSP_KEYS.flatMap((k) => declared[k]);
    if (all.length)
      out.push(
        fieldReason(
          host,
          "cspApplied",
          `this host never reads the declared csp, so the view runs under the default policy and every declared origin is blocked: ${all.join(", ")}`,
          "lost",
          ["CSP-3"],
          `declared origins blocked (${all.length})`,
        ),
      );
    return out;
  }
  for (const key of CSP_KEYS) {
    const lost = declared[key].filter((o) => !csp.effective![key].includes(o));
    if (!lost.length || host.behaviours[LIST_FIELD[key]] !== "dropped") continue;
    const used = facts.loads.filter((l) => l.list === key && lost.includes(l.origin));
    const seen = used.length
      ? ` (the view loads it: ${used.map((l) => `${l.via}, line ${l.line}`).join("; ")})`
      : "";
    out.push(
      fieldReason(
        host,
        LIST_FIELD[key],
        `this host drops ${key} from the policy, so it blocks ${LIST_WHAT[key]} ${lost.join(", ")}${seen}`,
        "lost",
        ["CSP-3", "CSP-5"],
        `${key} blocked: ${lost.join(", ")}`,
      ),
    );
  }
  return out;
}

/** Loads the view makes that no declaration covers: blocked by every host that applies a policy. */
function undeclaredLosses(facts: ViewFacts, csp: CspDecision): WorksInReason[] {
  if (csp.header === "") return [];
  const underReference = undeclaredLoads(facts.loads, facts.csp.present, facts.csp.value);
  return underReference.map((l) =>
    ruleReason(
      `the view loads ${l.origin} (${l.via}, line ${l.line}), which it does not declare (${l.reason}): every host that applies the policy blocks it`,
      facts.csp.present ? ["CSP-2", "CSP-3"] : ["CSP-4"],
      "lost",
      `${l.origin} blocked (undeclared)`,
    ),
  );
}

/** BRG-6: each display mode the view's scripts ask for, answered by the engine for this host. */
function modeReasons(host: WorksInHost, facts: ViewFacts): WorksInReason[] {
  const b = host.behaviours;
  const out: WorksInReason[] = [];
  const offered = b.displayModes.join(", ");
  for (const r of facts.modeRequests) {
    if (r.mode === undefined) {
      out.push(
        fieldReason(
          host,
          "displayModes",
          `the view asks for a display mode at line ${r.line} whose name the static check cannot read; this host offers ${offered}`,
          "note",
          ["BRG-6"],
        ),
      );
      continue;
    }
    if (r.mode === "inline") continue;
    const d = decideDisplayMode(
      {
        requested: r.mode,
        current: "inline",
        hostModes: b.displayModes,
        viewModes: facts.viewModes,
      },
      b.undeclaredMode,
    );
    const offers = (b.displayModes as readonly string[]).includes(r.mode);
    if (!d.switched) {
      const text = `the view asks for ${r.mode} (line ${r.line}): ${d.reason}`;
      out.push(
        offers
          ? ruleReason(
              `${text}. Declare it in appCapabilities.availableDisplayModes`,
              d.ruleIds,
              "lost",
              `${r.mode} refused`,
            )
          : // Which modes to offer is each host's choice (BRG-6), the reference's inline-only too.
            {
              ...fieldReason(host, "displayModes", text, "lost", d.ruleIds, `${r.mode} refused`),
              kind: "variation",
            },
      );
    } else if (!facts.viewModes?.includes(r.mode)) {
      const reason = fieldReason(
        host,
        "undeclaredMode",
        `the view asks for ${r.mode} (line ${r.line}): ${d.reason}`,
        "note",
        d.ruleIds,
      );
      // BRG-6's MUST NOT binds a list the view set; with none, switching uses room the spec leaves.
      out.push(facts.viewModes === undefined ? { ...reason, kind: "variation" } : reason);
    }
  }
  return out;
}

/** BRG-3 / OUT-2: a host that strips structuredContent from the result it sends the view. */
function structuredReasons(host: WorksInHost, facts: ViewFacts): WorksInReason[] {
  if (host.behaviours.structuredContent !== "stripped" || !facts.structured) return [];
  return [
    fieldReason(
      host,
      "structuredContent",
      `${facts.structured}, but this host sends the view the result without it: whatever the view reads from structuredContent is missing. Carry it in content too`,
      "lost",
      ["BRG-3", "OUT-2"],
      "no structuredContent",
    ),
  ];
}

/** BRG-4: a host that drafts or drops a view's ui/message, or keeps its model context unseen. */
function bridgeReasons(host: WorksInHost, facts: ViewFacts): WorksInReason[] {
  const b = host.behaviours;
  const out: WorksInReason[] = [];
  const { message, modelContext } = facts.bridge;
  if (message !== undefined && b.message !== "conversation")
    out.push(
      fieldReason(
        host,
        "message",
        b.message === "draft"
          ? `the view sends ui/message (line ${message}, heuristic); this host puts it in the chat input as a draft, so nothing is sent until the person sends it`
          : `the view sends ui/message (line ${message}, heuristic); this host does not offer it (hostCapabilities has no message), so the request is refused`,
        "lost",
        ["BRG-4"],
        b.message === "draft" ? "ui/message only drafted" : "no ui/message",
      ),
    );
  if (modelContext !== undefined && b.modelContext !== "next-turn")
    out.push(
      fieldReason(
        host,
        "modelContext",
        b.modelContext === "not-seen"
          ? `the view updates the model context (line ${modelContext}, heuristic); this host accepts it, but the model does not see it in the next turn`
          : `the view updates the model context (line ${modelContext}, heuristic); this host does not offer ui/update-model-context (hostCapabilities has no updateModelContext), so the request is refused`,
        "lost",
        ["BRG-4"],
        b.modelContext === "not-seen" ? "model context unseen" : "no model context",
      ),
    );
  return out;
}

/** The answers a host's consent policy can give a view's call (BRG-5's second gate). */
const CONSENT_ANSWERS: Record<HostBehaviours["consent"], readonly Consent[]> = {
  // The reference, and "ask": the person answers, either way.
  scenario: ["allow", "deny"],
  ask: ["allow", "deny"],
  none: ["allow"],
};

/**
 * BRG-5: each tool the view calls itself, through the engine's two gates with this host's profile:
 * the visibility check (TOOL-4, TOOL-5: a spec MUST, which a host may fail to make) and consent
 * (host policy). A call the host refuses whatever the person says is lost; a call a host forwards
 * where the spec has it refused, or a consent step unlike the reference's, is worth knowing.
 */
function appCallReasons(host: WorksInHost, facts: ViewFacts): WorksInReason[] {
  const b = host.behaviours;
  const out: WorksInReason[] = [];
  /** The calls that clear visibility, so reach the consent gate, and the engine's answer to a no. */
  const cleared: { name: string; where: string; refused: AppCallDecision | undefined }[] = [];
  for (const call of facts.appCalls) {
    const where = call.line === undefined ? "seen when the view ran" : `line ${call.line}`;
    const decideWith = (consent: Consent, visibilityCheck = b.appCallVisibility) =>
      decideAppCall({
        target: call.listed
          ? { name: call.name, server: "own", visibility: call.visibility }
          : undefined,
        requestedName: call.name,
        viewServer: "own",
        consent: () => consent,
        visibilityCheck,
      });
    const answers = CONSENT_ANSWERS[b.consent].map((c) => decideWith(c));
    const first = answers[0]!;
    const short = `call to ${call.name} refused`;
    if (!first.askedConsent) {
      // Refused at the visibility gate (or no such tool): no consent can change it.
      const text = `the view calls ${call.name} (${where}): ${first.reason}`;
      out.push(
        call.listed
          ? fieldReason(
              host,
              "appCallVisibility",
              `${text}. Add "app" to its visibility if the view needs it`,
              "lost",
              first.ruleIds,
              short,
            )
          : ruleReason(text, first.ruleIds, "lost", short),
      );
      continue;
    }
    if (!decideWith("allow", "checked").askedConsent)
      out.push(
        fieldReason(
          host,
          "appCallVisibility",
          `the view calls ${call.name} (${where}): ${first.reason}. A host that follows the spec refuses it: add "app" to its visibility if the view needs it`,
          "note",
          first.ruleIds,
        ),
      );
    cleared.push({ name: call.name, where, refused: answers.find((d) => !d.forward) });
  }
  // Consent is host policy (BRG-5): said once per view, where the profile's differs from the
  // reference's, naming the calls it meets.
  if (b.consent !== REFERENCE_BEHAVIOURS.consent && cleared.length) {
    const calls = cleared.map((c) => `${c.name} (${c.where})`).join(", ");
    const refused = cleared[0]!.refused;
    out.push(
      fieldReason(
        host,
        "consent",
        refused
          ? `the view calls ${calls}; this host asks the person before each call, which is host policy, not a spec MUST: if they say no, ${refused.reason.replace(/^.*? but /, "")}. Handle the refusal in the view`
          : `the view calls ${calls}; this host asks no one before a call that clears visibility goes through, which is host policy, not a spec MUST (TOOL-10 advises a human able to deny): each is forwarded to the server`,
        "note",
        ["BRG-5", ...(refused ? [] : ["TOOL-10"])],
      ),
    );
  }
  return out;
}

/**
 * What a host does that leaves the view on screen as it is but is worth knowing: it keeps a view
 * by its URI (RES-1, RES-5), or picks the view's origin itself, so a declared domain is not used.
 */
function notes(host: WorksInHost, facts: ViewFacts): WorksInReason[] {
  const b = host.behaviours;
  const out: WorksInReason[] = [];
  if (b.caching === "by-uri")
    out.push(
      fieldReason(
        host,
        "caching",
        `this host keeps the view by its URI (${facts.resourceUri}) whatever its caching hints say: ship a changed view under a new URI`,
        "note",
        ["RES-1", "RES-5"],
      ),
    );
  if (facts.domain !== undefined && (b.domain === "not-used" || b.domain === "host-assigned"))
    out.push(
      fieldReason(
        host,
        "domain",
        `the view sets _meta.ui.domain to ${JSON.stringify(facts.domain)}, which this host does not use: it picks the view's origin itself`,
        "note",
        ["RES-6", "RES-8"],
      ),
    );
  return out;
}

/** RES-6 / RES-8: a host that shows no frame unless `_meta.ui.domain` is its own value. */
function domainBlank(host: WorksInHost, facts: ViewFacts): WorksInReason | undefined {
  if (host.behaviours.domain !== "must-match" || facts.domain === undefined) return undefined;
  return fieldReason(
    host,
    "domain",
    `the view sets _meta.ui.domain to ${JSON.stringify(facts.domain)}; this host shows no frame at all unless that is exactly its own value for this server. Set it to that value, or leave it out`,
    "outcome",
    ["RES-6", "RES-8"],
  );
}

/** The outcome the engine's decision table gives before anything is rendered. */
function beforeRender(host: WorksInHost, d: Decision): "renders" | WorksInReason[] {
  const failed = d.rows.find((r) => r.verdict === "fail" && r.row !== "csp");
  if (d.outcome === "not-called") {
    const vis = d.rows.find((r) => r.row === "visibility")!;
    return [fieldReason(host, "agentVisibility", vis.reason, "outcome", vis.ruleIds)];
  }
  if (d.outcome === "text" && failed)
    return [ruleReason(`the ${failed.row} row fails: ${failed.reason}`, failed.ruleIds, "outcome")];
  if (d.outcome === "text" && d.csp)
    return [ruleReason(`the csp row fails: ${d.csp.reason}`, d.csp.ruleIds, "outcome")];
  return "renders";
}

/**
 * NEG-6: the negotiation row in this host's session. A dual-era client opens the era the review's
 * own dual-era client opened, so the review's verdict holds. A legacy-only host reaching a server
 * the review saw in the modern era opens a legacy session, judged by its own initialize, which
 * declares Apps support as every host here does (NEG-5).
 */
function negotiationIn(host: WorksInHost, facts: ViewFacts, server: ServerEras) {
  const reviewed = server === "legacy" ? "legacy" : "modern";
  if (host.behaviours.eras !== "legacy" || reviewed === "legacy") return facts.negotiation;
  const initialize = {
    where: "initialize" as const,
    method: "initialize",
    capabilities: APPS_CLIENT_CAPABILITIES,
  };
  return decideNegotiationForEra("legacy", initialize, undefined, facts.resourceUri);
}

/** One host, one UI tool. */
function predictCell(host: WorksInHost, facts: ViewFacts, server: ServerEras): WorksInCell {
  const cell = (outcome: WorksInOutcome, reasons: WorksInReason[]): WorksInCell => ({
    host: host.id,
    tool: facts.tool,
    outcome,
    reasons,
  });
  const apart = noSharedEra(host, server);
  if (apart) return cell("not-connected", [apart]);
  const d = decide({
    uiToolVisibility: facts.uiToolVisibility,
    clientCapabilities: undefined,
    serverCapabilities: undefined,
    negotiation: negotiationIn(host, facts, server),
    read: facts.read,
    policy: reviewPolicy(facts.csp.value),
    behaviours: host.behaviours,
  });
  const early = beforeRender(host, d);
  if (early !== "renders") return cell(d.outcome === "not-called" ? "not-called" : "text", early);
  const blank = domainBlank(host, facts);
  if (blank) return cell("blank", [blank]);
  const csp = d.csp!;
  const lost = [
    ...cspLosses(host, facts, csp),
    ...undeclaredLosses(facts, csp),
    ...modeReasons(host, facts),
    ...structuredReasons(host, facts),
    ...bridgeReasons(host, facts),
    ...appCallReasons(host, facts),
    ...notes(host, facts),
  ];
  // The csp row's own words say how the policy was built (no policy, a looser default…).
  const renders = fieldReason(
    host,
    host.behaviours.cspApplied === "none" || facts.csp.present ? "cspApplied" : "defaultCsp",
    `the host reads the view and renders it: ${csp.reason}`,
    "outcome",
    csp.ruleIds,
  );
  const losing = lost.filter((r) => r.effect === "lost");
  return cell(losing.length ? "renders-without" : "renders", [renders, ...lost]);
}

/** The whole table: every host (rows) against every UI tool (columns). */
export function predictWorksIn(
  hosts: readonly WorksInHost[],
  views: readonly ViewFacts[],
  server: ServerEras,
): WorksIn {
  return {
    hosts: hosts.map((h) => ({ id: h.id, name: h.name })),
    tools: views.map((v) => v.tool),
    cells: hosts.flatMap((h) => views.map((v) => predictCell(h, v, server))),
  };
}
