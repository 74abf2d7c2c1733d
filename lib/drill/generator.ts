import type { Question } from "../content/quiz-schema";
import type { Decision, Verdict } from "../decide";
import type { RowName } from "../decide/vocabulary";
import { createRng } from "../quiz/random";
import { getRule, type RuleId } from "../rules";
import { previewDecision } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import {
  ASKED_DIRECTIVES as ASKED,
  agentListOf,
  DIRECTIVE_LIST,
  answerText,
  decidingRows,
  keyVerdict,
  type AskedDirective,
  type DrillKind,
} from "./answers";
import { SLOTS, aims, applySlot, slotIndex, type Slot } from "./cases";
import { hostPolicyOf, keyExplanation, rowsExplanation, type HostPolicyNote } from "./explanation";
import { nearMissesOf, type NearMiss } from "./near-misses";
import { optionsFor } from "./options";
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
  ASKED_DIRECTIVES,
  DRILL_KINDS,
  NO_ALLOW,
  NO_HEADER,
  NO_IFRAME,
  OUTCOME_TEXT,
  ROW_TEXT,
  answerText,
  appCallAnswer,
  directiveOf,
  failingRows,
  outcomeAnswer,
  type AppCallAnswer,
  type AskedDirective,
  type DrillKind,
} from "./answers";
export { HOST_POLICY_LINE, shownFor, type Shown } from "./shown";
export { nearMissesOf, type NearMiss } from "./near-misses";
export type { HostPolicyNote } from "./explanation";

export type DrillQuestion = Extract<Question, { type: "single" }>;

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
}

export interface DrillRequest {
  seed: string;
  kind?: DrillKind;
  /** Only items about this rule group. */
  topic?: DrillTopic;
  /** Only items whose key rests on this rule. */
  rule?: RuleId;
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
function rulesOf(kind: DrillKind, d: Decision, s: Scenario): RuleId[] {
  if (kind === "agent-list")
    return [...new Set(agentListOf(s).flatMap((t) => t.ruleIds))] as RuleId[];
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
export function generateDrillItem(request: DrillRequest): DrillItem {
  const { seed, topic, rule } = request;
  const rng = createRng(`drill:${seed}:${request.kind ?? ""}:${topic ?? ""}:${rule ?? ""}`);
  const slots = SLOTS.filter(
    (s) => (!request.kind || s.kind === request.kind) && (!topic || s.topic === topic),
  );
  const start = slotIndex(seed, slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[(start + i) % slots.length]!;
    // A draw the engine decides otherwise is drawn again; a rule request gives each case fewer
    // tries, since many cases can never rest on that rule.
    for (let attempt = 0; attempt < (rule ? 6 : 40); attempt++) {
      const id = `drill-${slot.kind}-${hashSeed(seed)}`;
      const { scenario, cause } = applySlot(slot, drawWorkingScenario(rng, id), rng);
      const decision = previewDecision(scenario);
      if (!aims(slot, decision, scenario)) continue;
      if (topic && topicOf(slot, decision) !== topic) continue;
      if (rule && !rulesOf(slot.kind, decision, scenario).includes(rule)) continue;
      return buildItem(seed, slot, cause, scenario, decision, rng);
    }
  }
  throw new Error(
    `no drill item found for ${JSON.stringify(request)}: no drawn scenario rests on it`,
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

function buildItem(
  seed: string,
  slot: Slot,
  cause: string,
  scenario: Scenario,
  decision: Decision,
  rng: () => number,
): DrillItem {
  const kind = slot.kind;
  const directive = kind === "csp-header" ? askedDirective(slot, scenario, rng) : undefined;
  const listed = agentListOf(scenario);
  const key = answerText(
    kind,
    decision,
    directive,
    listed.filter((t) => t.listed).map((t) => t.name),
  );
  const deciding = decidingRows(kind, decision);
  const hostPolicy = hostPolicyOf(deciding, decision, scenario.resource.mimeType);
  const nearMisses = nearMissesOf(scenario);
  const ask = askFor(kind, scenario, directive);
  const shown = shownFor(scenario);
  const stem = stemFor(ask, shown);
  const { options, meanings, answer } = optionsFor(
    kind,
    scenario,
    decision,
    {
      meaning: key,
      why:
        kind === "agent-list"
          ? 'Right: a tool is in the agent\'s list exactly when its visibility includes "model", an omitted one counting as both callers (TOOL-2, TOOL-3), on whichever server it is.'
          : keyExplanation(kind, decision),
    },
    directive,
    nearMisses,
    stem,
    rng,
  );

  const rules = rulesOf(kind, decision, scenario);
  for (const r of rules) getRule(r); // an unknown ID throws here, not in the page
  const kv = keyVerdict(kind, decision);
  const difficulty =
    hostPolicy.length || scenario.client.era === "dual" || scenario.server.era !== "modern"
      ? "hard"
      : rules.length > 2 || kind === "csp-header" || kind === "allow"
        ? "medium"
        : "easy";

  return {
    seed,
    kind,
    cause,
    directive,
    question: {
      id: `drill-${hashSeed(`${kind}:${seed}`)}`,
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
    explanation: rowsExplanation(decision, hostPolicy, kind === "agent-list" ? listed : []),
  };
}

/** The simulator link for an item's scenario (`#s=` fragment, as the simulator's Share writes). */
export async function drillSimulatorLink(item: Pick<DrillItem, "scenario">): Promise<string> {
  const { encodeScenarioLink } = await import("../simulator/share");
  return `/simulator#s=${await encodeScenarioLink(item.scenario)}`;
}
