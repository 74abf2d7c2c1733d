import type { Question } from "../content/quiz-schema";
import type { Decision, Verdict } from "../decide";
import type { RowName } from "../decide/vocabulary";
import { createRng } from "../quiz/random";
import { getRule, type RuleId } from "../rules";
import { previewDecision, previewEra } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import { REFERENCE_BEHAVIOURS, type HostBehaviours } from "../decide/host-profile";
import {
  ASKED_DIRECTIVES as ASKED,
  agentListOf,
  failingRows,
  DIRECTIVE_LIST,
  answerText,
  decidingRows,
  keyVerdict,
  type AskedDirective,
  type DrillKind,
} from "./answers";
import { SLOTS, aims, applySlot, slotIndex, type Slot } from "./cases";
import { hostPolicyOf, keyExplanation, rowsExplanation, type HostPolicyNote } from "./explanation";
import {
  adaptToHost,
  decidingFields,
  profileExplanation,
  profileShown,
  type DrillHost,
} from "./host";
import { hostModeItem, MODE_KIND, type HostModeItem } from "./host-modes";
import { nearMissesOf, type NearMiss } from "./near-misses";
import { optionsFor, type Candidate } from "./options";
import { askFor, shownFor, stemFor, type Shown } from "./shown";
import { drawWorkingScenario, type DrillTopic } from "./space";

// Generated predict-the-host items. A seed picks a case (cases.ts: a kind, the answer it aims for
// and the edit that gets there), the case edits a working scenario (space.ts), and the host engine
// (`previewDecision`, the same pure decision table the simulator shows, which a unit test keeps
// equal to a real headless run) decides it; the key is read off that decision (answers.ts), never
// off a table of answers. Distractors are the kind's other answers, explained by the near misses
// that would make them right, or, for csp and allow strings, built from those near misses
// (near-misses.ts, options.ts). Framework-free, no React.

export {
  AGENT_LIST_EMPTY,
  APP_CALL_TEXT,
  DRILL_KINDS,
  NO_ALLOW,
  NO_HEADER,
  NO_IFRAME,
  OUTCOME_TEXT,
  ROW_TEXT,
  answerText,
  directiveOf,
  failingRows,
} from "./answers";
export { HOST_POLICY_LINE } from "./shown";

type DrillQuestion = Extract<Question, { type: "single" }>;

/**
 * The rules a generated item can rest on: those the engine's decision rows cite for some drawn
 * scenario (the guard test holds this list equal to what 1,000 seeds reach). A drill picks a rule
 * from here.
 */
export const DRILLABLE_RULES = [
  "NEG-2",
  "NEG-3",
  "NEG-4",
  "NEG-5",
  "NEG-6",
  "TOOL-1",
  "TOOL-2",
  "TOOL-3",
  "TOOL-4",
  "TOOL-5",
  "RES-1",
  "RES-2",
  "CSP-1",
  "CSP-2",
  "CSP-3",
  "CSP-4",
  "CSP-5",
  "SBX-3",
  "PERM-1",
  "PERM-2",
  "PERM-3",
  "BRG-5",
] as const satisfies readonly RuleId[];

export interface DrillItem {
  seed: string;
  kind: DrillKind;
  /** The case the item was drawn for (cases.ts): the edit that broke, or set, one thing. */
  cause: string;
  /** For csp-header items: the directive asked about. */
  directive?: AskedDirective;
  /** A single-choice question in the banks' own shape: the practice components render it. */
  question: DrillQuestion;
  /** The right answer in canonical words: `answerText` of the engine's decision. */
  key: string;
  /** Each option's answer in canonical words (an option may show a shorter wording of it). */
  meanings: Record<string, string>;
  /** The question alone, without the JSON (the stem carries both). */
  ask: string;
  shown: Shown[];
  scenario: Scenario;
  decision: Decision;
  /** The rows the key rests on (the explanation lists every row). */
  deciding: Verdict[];
  /** The host's choices the key turns on (every stem states them all; the explanation names these). */
  hostPolicy: HostPolicyNote[];
  nearMisses: NearMiss[];
  /** Markdown: the decision rows with their rule IDs, the outcome and the host's choices used. */
  explanation: string;
  /** For an item on a real host: which host, and whether (and by which fields) its profile decides. */
  host?: {
    id: string;
    name: string;
    /** The key the reference host would give for the same scenario. */
    referenceKey: string;
    /** True when the key differs from the reference host's. */
    decides: boolean;
    /** The profile's fields that make the difference (empty when it does not decide). */
    fields: string[];
  };
}

/** An item on a real host: one of the reference drills' kinds, or a display-mode item. */
export type HostDrillItem = DrillItem | HostModeItem;

export interface DrillRequest {
  seed: string;
  kind?: DrillKind;
  /** Only items about this rule group. */
  topic?: DrillTopic;
  /** Only items whose key rests on this rule. */
  rule?: RuleId;
  /** Ask about this real host: the engine decides with its profile (drills on real hosts). */
  host?: DrillHost;
}

const ROW_TOPIC: Record<RowName, DrillTopic> = {
  visibility: "TOOL",
  negotiation: "NEG",
  mime: "RES",
  csp: "CSP",
  permissions: "PERM",
  "app-call": "BRG",
};

/** The rule group an item measures: its kind's, or the row its key rests on. */
function topicOf(slot: Slot, d: Decision): DrillTopic {
  if (slot.kind === "app-call") return "BRG";
  if (slot.kind === "csp-header") return "CSP";
  if (slot.kind === "allow") return "PERM";
  if (slot.kind === "agent-list") return "TOOL";
  const kv = keyVerdict(slot.kind, d);
  return kv ? ROW_TOPIC[kv.row] : slot.topic;
}

/**
 * The rules an item rests on: its deciding rows', or every passing row's when none decides; for the
 * agent's list, the visibility rules of every tool listed.
 */
function rulesOf(kind: DrillKind, d: Decision, s: Scenario, host?: DrillHost): RuleId[] {
  if (kind === "agent-list")
    return [...new Set(agentListOf(s, host?.behaviours).flatMap((t) => t.ruleIds))] as RuleId[];
  const deciding = decidingRows(kind, d);
  return [
    ...new Set(
      (deciding.length ? deciding : d.rows.filter((r) => r.verdict === "pass")).flatMap(
        (r) => r.ruleIds,
      ),
    ),
  ] as RuleId[];
}

function hashSeed(seed: string): string {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/**
 * Generates one item from `seed`: the same request always gives the same item. The seed picks a
 * case (see `slotIndex`: consecutive seeds take cases far apart); with `kind`, `topic` or `rule`,
 * only cases that can give such an item are walked, and each draw is checked. Throws when none is
 * found, naming the request.
 */
export function generateDrillItem(request: DrillRequest & { host?: undefined }): DrillItem;
export function generateDrillItem(request: DrillRequest): HostDrillItem;
export function generateDrillItem(request: DrillRequest): HostDrillItem {
  const { seed, topic, rule, host } = request;
  // On a real host, a share of the items (by a draw of their own, so the others stay as they
  // were) asks about display modes instead, when no kind, topic or rule narrows the request.
  if (host && !request.kind && !topic && !rule) {
    const mode = createRng(`drill-mode:${seed}:${host.id}`);
    if (mode() < MODE_SHARE) {
      const item = hostModeItem(seed, hashSeed(`${MODE_KIND}:${seed}:${host.id}`), host, mode);
      if (item) return item;
    }
  }
  const rng = createRng(
    `drill:${seed}:${request.kind ?? ""}:${topic ?? ""}:${rule ?? ""}${host ? `:${host.id}` : ""}`,
  );
  const slots = SLOTS.filter(
    (s) =>
      (!request.kind || s.kind === request.kind) &&
      (!topic || s.topic === topic) &&
      !(host && s.kind === "csp-header" && readsNoCsp(host.behaviours)),
  );
  const start = slotIndex(seed, slots.length);
  // On a real host, half the items (by the seed) are ones its profile decides, so that neither
  // "as the spec says" nor "unlike the spec" is a strategy. Those are looked for first among the
  // cases the profile can decide, walked from the seed's own place among them so that consecutive
  // seeds take different ones; a second walk, should that find none, takes any case.
  const walks: { want?: boolean; order: Slot[] }[] = [];
  const can = host ? slots.filter((s) => profileCanDecide(host, s)) : [];
  if (host && rng() < decidedShare(host, can)) {
    const at = slotIndex(seed, Math.max(1, can.length));
    walks.push({ want: true, order: [...can.slice(at), ...can.slice(0, at)] });
  } else if (host) walks.push({ want: false, order: rotate(slots, start) });
  walks.push({ order: rotate(slots, start) });
  for (const { want, order } of walks) {
    for (const slot of order) {
      // A draw the engine decides otherwise is drawn again; a rule request gives each case fewer
      // tries, since many cases can never rest on that rule.
      for (let attempt = 0; attempt < (rule || want !== undefined ? 6 : 40); attempt++) {
        const id = `drill-${slot.kind}-${hashSeed(seed)}`;
        const { scenario, cause } = applySlot(slot, drawWorkingScenario(rng, id), rng);
        if (host) adaptToHost(scenario, host.behaviours);
        const decision = previewDecision(scenario, host?.behaviours);
        if (!(host ? aimsOnHost(slot, decision, scenario, host) : aims(slot, decision, scenario)))
          continue;
        if (topic && topicOf(slot, decision) !== topic) continue;
        if (rule && !rulesOf(slot.kind, decision, scenario, host).includes(rule)) continue;
        if (!host) return buildItem(seed, slot, cause, scenario, decision, rng);
        const directive =
          slot.kind === "csp-header" ? askedDirective(slot, scenario, rng) : undefined;
        const keyUnder = keyReader(slot.kind, scenario, directive);
        const decides = keyUnder(REFERENCE_BEHAVIOURS) !== keyUnder(host.behaviours);
        if (want !== undefined && decides !== want) continue;
        return buildItem(seed, slot, cause, scenario, decision, rng, { host, directive, keyUnder });
      }
    }
  }
  throw new Error(
    `no drill item found for ${JSON.stringify({ ...request, host: host?.id })}: no drawn scenario rests on it`,
  );
}

/** The share of a host's items about display modes (lib/drill/host-modes.ts). */
const MODE_SHARE = 0.06;

/**
 * A host that never reads a declared csp (or serves no policy at all) sends the same header
 * whatever the view declares: a question on a directive would be answered by the profile alone.
 * Its csp departure is drilled by the outcome and deciding-row items instead.
 */
const readsNoCsp = (b: HostBehaviours) => b.cspApplied === "ignored" || b.cspApplied === "none";

/**
 * The share of a host's items drawn for a case its profile decides: half, but less for a host
 * whose profile decides few distinct answers (one departing field gives a handful), so that a run
 * of items does not repeat those few: (10 + answers) %, from 15 % up to 50 %.
 */
function decidedShare(host: DrillHost, can: readonly Slot[]): number {
  const answers = new Set(can.map((s) => decidedCase(host, s))).size;
  return Math.min(0.5, Math.max(0.15, (10 + answers) / 100));
}

/** The slots in walking order from `start`. */
const rotate = (slots: readonly Slot[], start: number) => [
  ...slots.slice(start),
  ...slots.slice(0, start),
];

/**
 * On a host, a case aims as it does for the reference host (the case that makes a model-only call
 * aims at a refusal, which the host's profile may turn into a forwarded call), or at the same
 * answer from the host; a deciding-row item still needs exactly one failing row, and an item on
 * the agent's list a session to list tools in (a legacy-only host reaches no modern-only server).
 */
function aimsOnHost(slot: Slot, d: Decision, s: Scenario, host: DrillHost): boolean {
  const b = host.behaviours;
  if (slot.kind === "agent-list" && !previewEra(s, b.eras)) return false;
  if (aims(slot, d, s, b)) return true;
  return (
    aims(slot, previewDecision(s), s) &&
    (slot.kind !== "deciding-row" || failingRows(d).length === 1)
  );
}

const canDecide = new Map<string, WeakMap<Slot, string | null>>();

/**
 * The answer a host's profile gives in some draw of a case where the reference host gives
 * another (origins left out, so that one directive is one answer), or null when eight draws of a
 * fixed seed find none. Kept per host, since a session asks it once per item.
 */
function decidedCase(host: DrillHost, slot: Slot): string | null {
  const key = `${host.id}:${JSON.stringify(host.behaviours)}`;
  if (!canDecide.has(key)) canDecide.set(key, new WeakMap());
  const memo = canDecide.get(key)!;
  if (!memo.has(slot)) {
    const rng = createRng(`can-decide:${SLOTS.indexOf(slot)}`);
    let found: string | null = null;
    for (let i = 0; i < 8 && found === null; i++) {
      const { scenario } = applySlot(slot, drawWorkingScenario(rng, "probe"), rng);
      adaptToHost(scenario, host.behaviours);
      if (!aimsOnHost(slot, previewDecision(scenario, host.behaviours), scenario, host)) continue;
      const directive =
        slot.kind === "csp-header" ? askedDirective(slot, scenario, rng) : undefined;
      const keyUnder = keyReader(slot.kind, scenario, directive);
      const mine = keyUnder(host.behaviours);
      if (keyUnder(REFERENCE_BEHAVIOURS) !== mine)
        // A list of tools is one answer however its names fall.
        found = `${slot.kind}:${directive ?? ""}:${slot.kind === "agent-list" ? "list" : mine.replace(/\S+:\/\/\S+/g, "o")}`;
    }
    memo.set(slot, found);
  }
  return memo.get(slot)!;
}

/** Whether the host's profile decides some draw of a case (see `decidedCase`). */
const profileCanDecide = (host: DrillHost, slot: Slot) => decidedCase(host, slot) !== null;

/** The key of a scenario under any host's behaviours, as the engine decides it. */
function keyReader(kind: DrillKind, s: Scenario, directive: AskedDirective | undefined) {
  return (b: HostBehaviours) =>
    answerText(
      kind,
      previewDecision(s, b),
      directive,
      agentListOf(s, b)
        .filter((t) => t.listed)
        .map((t) => t.name),
    );
}

/**
 * For a csp-header item: the directive the case asks about, or (for a fallback to text, which has
 * no header) one the declared csp names.
 */
function askedDirective(slot: Slot, scenario: Scenario, rng: () => number): AskedDirective {
  if (slot.directive) return slot.directive;
  const csp = scenario.resource.csp;
  const declared =
    typeof csp === "object" && csp !== null && !Array.isArray(csp) ? Object.keys(csp) : [];
  const asked = ASKED.filter((d) => declared.includes(DIRECTIVE_LIST[d]));
  const from = asked.length ? asked : ASKED;
  return from[Math.floor(rng() * from.length)]!;
}

interface HostContext {
  host: DrillHost;
  directive: AskedDirective | undefined;
  keyUnder: (b: HostBehaviours) => string;
}

function buildItem(
  seed: string,
  slot: Slot,
  cause: string,
  scenario: Scenario,
  decision: Decision,
  rng: () => number,
  on?: HostContext,
): DrillItem {
  const kind = slot.kind;
  const b = on?.host.behaviours;
  const directive = on
    ? on.directive
    : kind === "csp-header"
      ? askedDirective(slot, scenario, rng)
      : undefined;
  const listed = agentListOf(scenario, b);
  const key = answerText(
    kind,
    decision,
    directive,
    listed.filter((t) => t.listed).map((t) => t.name),
  );
  const deciding = decidingRows(kind, decision);
  const hostPolicy = hostPolicyOf(deciding, decision, scenario.resource.mimeType);
  const nearMisses = nearMissesOf(scenario, b);
  const ask = askFor(kind, scenario, directive);
  const shown = on ? withProfile(shownFor(scenario, b), on.host) : shownFor(scenario);
  const stem = stemFor(ask, shown, on?.host);
  const referenceKey = on?.keyUnder(REFERENCE_BEHAVIOURS);
  const extra: Candidate[] =
    on && referenceKey !== key
      ? [{ meaning: referenceKey!, why: referenceWhy(on.host), near: true }]
      : [];
  const { options, meanings, answer } = optionsFor(
    kind,
    scenario,
    decision,
    {
      meaning: key,
      why: keyWhy(kind, decision, b),
    },
    directive,
    nearMisses,
    stem,
    rng,
    on && {
      behaviours: on.host.behaviours,
      extra,
      reference: previewDecision(scenario),
      referenceWhy: `Not ${on.host.name}'s: a host that built the policy as the reference host does could send it for a scenario like this one, but ${on.host.name}'s profile rules it out here (see the explanation).`,
    },
  );
  // A closed set offers the reference host's answer on its own: say whose answer it is.
  if (on && referenceKey !== key)
    for (const o of options)
      if (meanings[o.id] === referenceKey && o.id !== answer) o.explanation = referenceWhy(on.host);

  const rules = rulesOf(kind, decision, scenario, on?.host);
  for (const r of rules) getRule(r); // an unknown ID throws here, not in the page
  const kv = keyVerdict(kind, decision);
  const difficulty =
    on || hostPolicy.length || scenario.client.era === "dual" || scenario.server.era !== "modern"
      ? "hard"
      : rules.length > 2 || kind === "csp-header" || kind === "allow"
        ? "medium"
        : "easy";
  const fields = on ? decidingFields(on.host.behaviours, on.keyUnder) : [];

  return {
    seed,
    kind,
    cause,
    directive,
    question: {
      id: `drill-${hashSeed(`${kind}:${seed}${on ? `:${on.host.id}` : ""}`)}`,
      type: "single",
      topic: topicOf(slot, decision),
      difficulty,
      rules: rules.length ? (rules as [RuleId, ...RuleId[]]) : ["NEG-2"],
      stem,
      options,
      answer,
    },
    key,
    meanings,
    ask,
    shown,
    scenario: { ...scenario, row: kv?.row ?? scenario.row },
    decision,
    deciding,
    hostPolicy,
    nearMisses,
    explanation: [
      rowsExplanation(decision, hostPolicy, kind === "agent-list" ? listed : []),
      ...(on ? [profileExplanation(on.host, referenceKey!, key, fields)] : []),
    ].join("\n\n"),
    ...(on
      ? {
          host: {
            id: on.host.id,
            name: on.host.name,
            referenceKey: referenceKey!,
            decides: referenceKey !== key,
            fields,
          },
        }
      : {}),
  };
}

/** Why the key is right, in the words the reference items use, or for a host that lists every tool. */
function keyWhy(kind: DrillKind, decision: Decision, b?: HostBehaviours): string {
  if (kind !== "agent-list") return keyExplanation(kind, decision);
  return b && b.agentVisibility === "unfiltered"
    ? 'Right: this host lists every tool whatever its visibility (its profile), where TOOL-3 asks a host to leave out a tool whose visibility lacks "model".'
    : 'Right: a tool is in the agent\'s list exactly when its visibility includes "model", an omitted one counting as both callers (TOOL-2, TOOL-3), on whichever server it is.';
}

/** A distractor that is the reference host's answer: right for a host that does what the spec asks. */
function referenceWhy(host: DrillHost): string {
  return `That is what the reference host, which does what the spec asks, would do here; ${host.name}'s profile makes it otherwise (see the explanation).`;
}

/** The exhibits with the host's profile placed before the host's settings. */
function withProfile(shown: Shown[], host: DrillHost): Shown[] {
  const at = shown.findIndex((s) => s.label === "This host's settings");
  return [...shown.slice(0, at), profileShown(host), ...shown.slice(at)];
}

/** The simulator link for an item's scenario (`#s=` fragment, as the simulator's Share writes). */
export async function drillSimulatorLink(item: Pick<DrillItem, "scenario">): Promise<string> {
  const { encodeScenarioLink } = await import("../simulator/share");
  return `/simulator#s=${await encodeScenarioLink(item.scenario)}`;
}
