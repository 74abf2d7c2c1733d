import {
  allowAttribute,
  buildCspHeader,
  DEFAULT_CSP_HEADER,
  parseOrigin,
  type Decision,
} from "../decide";
import { PROFILE_MIME } from "../decide/ids";
import { PERMISSION_NAMES, type PermissionName } from "../decide/vocabulary";
import { shuffle, type Rng } from "../quiz/random";
import type { HostBehaviours } from "../decide/host-profile";
import { clientEraOf, previewDecision } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import {
  AGENT_LIST_EMPTY,
  APP_CALL_TEXT,
  DIRECTIVE_LIST,
  NO_ALLOW,
  NO_HEADER,
  NO_IFRAME,
  OUTCOME_TEXT,
  ROW_TEXT,
  agentListOf,
  agentListText,
  allowText,
  answerText,
  directiveOf,
  type AskedDirective,
  type DrillKind,
  type ListedTool,
} from "./answers";
import { SLOTS, aimShare } from "./cases";
import { keyWhy as keyWhyOf, nearMissWhy } from "./explanation";
import { declaredOrigins, type NearMiss } from "./near-misses";
import { pick } from "./space";

// Options. Two cues are kept out by construction, and the guard tests measure both:
// - presence: an answer offered as a distractor as often as it is the key would make "pick the
//   answer that is only ever offered when right" a strategy. So each answer of a closed set is
//   offered in proportion to how often it is the key (at most a quarter of the items, four
//   options), and the fixed answers of the open kinds ("No header", "No iframe", "no allow
//   attribute") are offered in every item, being the key in a quarter of them;
// - length: for the open kinds the key's length rank among its options is drawn, and distractors
//   (and wordings) chosen to reach it.
// No option is true here besides the key: a reason that holds beside another is not offered, nor a
// directive equal to the key's as a set of sources, nor an option naming an origin not shown.

/** A possible option: the answer it stands for, and why it is wrong (or right) here. */
export interface Candidate {
  meaning: string;
  why: string;
  /** Read off a near miss of the scenario: preferred to the other candidates. */
  near?: boolean;
  /**
   * Offered only when nothing else fits: a form that would otherwise be in nearly every item (a
   * directive's keyword-only form) and so be the key in too few of them.
   */
  last?: boolean;
}

/** The options of an item, in a seeded order, with their meanings and the key's id. */
export interface Options {
  options: { id: string; text: string; explanation: string }[];
  meanings: Record<string, string>;
  answer: string;
}

const OPTIONS = 4;

/** Answers of a closed set that are true whenever the key is, and so never offered beside it. */
const ALSO_TRUE: Record<string, readonly string[]> = {
  [APP_CALL_TEXT["no-app-other-server"]]: [APP_CALL_TEXT["no-app"], APP_CALL_TEXT["other-server"]],
};

/** How often each answer of a closed kind is the key: its share of the kind's slots. */
function keyShares(kind: DrillKind, text: (aim: string) => string): Map<string, number> {
  const of = SLOTS.filter((s) => s.kind === kind);
  const shares = new Map<string, number>();
  for (const s of of) shares.set(text(s.aim), (shares.get(text(s.aim)) ?? 0) + 1 / of.length);
  return shares;
}
const APP_CALL_SHARES = keyShares(
  "app-call",
  (a) => APP_CALL_TEXT[a as keyof typeof APP_CALL_TEXT],
);
const ROW_SHARES = keyShares("deciding-row", (a) => ROW_TEXT[a as keyof typeof ROW_TEXT]);

/**
 * `n` of `answers`, drawn without replacement with weights k/(1 − k) for an answer that is the key
 * in a share k of the items: then an answer is offered about four times as often as it is the key.
 */
function drawWeighted(answers: string[], shares: Map<string, number>, n: number, rng: Rng) {
  const left = [...answers];
  const out: string[] = [];
  while (out.length < n && left.length) {
    const w = left.map((a) => {
      const k = Math.min(shares.get(a) ?? 0.01, 0.9);
      return k / (1 - k);
    });
    let x = rng() * w.reduce((s, v) => s + v, 0);
    let i = 0;
    while (i < left.length - 1 && (x -= w[i]!) >= 0) i++;
    out.push(left.splice(i, 1)[0]!);
  }
  return out;
}

/**
 * Whether a fixed answer of an open kind is offered in an item where it is not the key: with
 * probability 3k / (1 − k) for an answer that is the key in a share k of the kind's items, so that
 * it is offered four times as often as it is right.
 */
function offered(kind: DrillKind, aim: string, rng: Rng): boolean {
  const k = aimShare(kind, aim);
  return rng() < (3 * k) / (1 - k);
}

/** The distractors of a closed kind, each explained by a near miss that makes it right if any. */
function closedDistractors(
  kind: DrillKind,
  key: string,
  scenario: Scenario,
  decision: Decision,
  nearMisses: NearMiss[],
  rng: Rng,
  b?: HostBehaviours,
): Candidate[] {
  const excluded = new Set([key, ...(ALSO_TRUE[key] ?? [])]);
  let picked: string[];
  if (kind === "outcome") {
    // "No session opens" only where one side speaks only the legacy era: else the era labels rule
    // it out.
    const legacyOnly =
      scenario.server.era === "legacy" ||
      (b !== undefined && clientEraOf(scenario, b.eras) === "legacy");
    const answers = Object.entries(OUTCOME_TEXT)
      .filter(([a]) => a !== "not-connected" || legacyOnly)
      .map(([, t]) => t)
      .filter((t) => !excluded.has(t));
    picked = shuffle(answers, rng).slice(0, OPTIONS - 1);
  } else {
    const all = Object.values(kind === "app-call" ? APP_CALL_TEXT : ROW_TEXT) as string[];
    const shares = kind === "app-call" ? APP_CALL_SHARES : ROW_SHARES;
    picked = drawWeighted(
      all.filter((t) => !excluded.has(t)),
      shares,
      OPTIONS - 1,
      rng,
    );
  }
  const here = keyWhyOf(kind, decision);
  return picked.map((meaning) => {
    const n = nearMisses.find((m) => answerText(kind, m.decision) === meaning);
    return { meaning, why: n ? nearMissWhy(kind, n, here) : `Not here. ${here}` };
  });
}

// ---------------------------------------------------------------------------------------------
// The open kinds: a csp directive or an allow attribute, built by the engine.

/** A directive's sources as a set, in a canonical order. */
const sourcesOf = (directive: string) =>
  [...new Set(directive.split(" ").slice(1))].sort().join(" ");

/**
 * The keyword-only forms a directive takes: CSP-2's for a csp that names no origins for it, and
 * CSP-4's restrictive default. Only forms that are the key in some item are offered: a form that
 * never is (`connect-src *`, `script-src 'none'`) would teach a learner to rule it out unread.
 */
function keywordForms(directive: AskedDirective): { form: string; why: string }[] {
  const empty = directiveOf(
    buildCspHeader({
      connectDomains: [],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
    }),
    directive,
  )!;
  const fallback = directiveOf(DEFAULT_CSP_HEADER, directive)!;
  if (empty === fallback)
    return [
      {
        form: empty,
        why: "Not here, but it would be if the csp named no origins for it, or if there were no csp at all (CSP-2, CSP-4).",
      },
    ];
  return [
    {
      form: empty,
      why: "Not here, but it would be if the csp were present and named no origins for it (CSP-2).",
    },
    {
      form: fallback,
      why: "Not here, but it would be if the resource declared no csp at all: the restrictive default (CSP-4).",
    },
  ];
}

/** The scenario with whatever stops the view from rendering set right (for counterparts). */
function renderable(s: Scenario): Scenario {
  const c = structuredClone(s);
  c.client.extension = true;
  if (!c.client.mimeTypes.includes(PROFILE_MIME)) c.client.mimeTypes = [PROFILE_MIME];
  if (c.server.era === "legacy") c.client.era = "dual";
  else c.server.extension = true;
  delete c.uiTool.visibility;
  c.resource.uri = c.uiTool.resourceUri;
  c.resource.mimeType = PROFILE_MIME;
  c.host.outOfPolicy = "subset";
  return c;
}

/** Csp-header distractors: near misses, the asked list declared alone, and edits of the key. */
function cspDirectiveCandidates(
  scenario: Scenario,
  decision: Decision,
  directive: AskedDirective,
  nearMisses: NearMiss[],
  b?: HostBehaviours,
): Candidate[] {
  const kind = "csp-header";
  const here = keyWhyOf(kind, decision);
  const out: Candidate[] = [];
  for (const n of nearMisses) {
    const t = answerText(kind, n.decision, directive);
    // A keyword-only directive comes from many near misses (no csp, an empty one, a hidden one):
    // not preferred, or it would be in most items and rarely the key.
    const keywordOnly = !/:\/\//.test(t);
    if (t !== NO_HEADER)
      out.push({ meaning: t, why: nearMissWhy(kind, n, here), near: !keywordOnly });
  }
  // The resource declaring only the asked list, with origins the item shows, approved, as decided
  // by the engine. When the view is not rendered here, on the scenario with what stopped it set
  // right, so that these options are directives a rendered view could carry.
  const list = DIRECTIVE_LIST[directive];
  const origins = [
    ...new Set([...declaredOrigins(scenario.resource.csp), ...scenario.host.approvedOrigins]),
  ];
  const rendered = decision.outcome === "rendered";
  const base = rendered ? scenario : renderable(scenario);
  for (let i = 0; i < origins.length; i++) {
    for (const declared of [[origins[i]!], origins.slice(i, i + 2)]) {
      const sib = structuredClone(base);
      sib.resource.csp = { [list]: declared };
      sib.resource.metaLocation = "content";
      sib.host.approvedOrigins = [...new Set([...sib.host.approvedOrigins, ...declared])];
      const t = answerText(kind, previewDecision(sib, b), directive);
      if (t !== NO_HEADER)
        out.push({
          meaning: t,
          why: `Not here, but it would be if ${rendered ? "" : "the view were rendered and "}the csp declared only ${list}: ${JSON.stringify(declared)}, approved. ${here}`,
        });
    }
  }
  for (const { form, why } of keywordForms(directive))
    out.push({ meaning: form, why: `${why} ${here}`, last: true });
  const k = directiveOf(decision.csp?.header ?? "", directive);
  if (k) {
    const parts = k.split(" ");
    if (parts.length > 2 && parseOrigin(parts.at(-1)).ok)
      out.push({
        meaning: parts.slice(0, -1).join(" "),
        why: `The host keeps every declared origin it approves. ${here}`,
      });
    // Origins the item shows but the list does not declare: the directive the engine builds if it
    // did (the host never adds an origin the resource did not declare, CSP-3).
    for (const o of origins) {
      const sib = structuredClone(scenario);
      const lists = sib.resource.csp;
      if (parts.includes(o) || typeof lists !== "object" || lists === null || Array.isArray(lists))
        continue;
      const csp = lists as Record<string, unknown>;
      const had = Array.isArray(csp[list]) ? (csp[list] as unknown[]) : [];
      if (had.includes(o)) continue;
      csp[list] = [...had, o];
      const approved = sib.host.approvedOrigins.includes(o);
      if (!approved) sib.host.approvedOrigins = [...sib.host.approvedOrigins, o];
      const t = answerText(kind, previewDecision(sib, b), directive);
      if (t !== NO_HEADER)
        out.push({
          meaning: t,
          why: `Not here, but it would be if ${list} also declared ${o}${approved ? "" : " and the host approved it"}: the host allows only origins the resource declared (CSP-3). ${here}`,
          near: true,
        });
    }
    // A refused origin put back (a refused string that is no origin could never be a key).
    for (const r of decision.csp?.refused ?? [])
      if (parseOrigin(r.value).ok)
        out.push({
          meaning: `${k} ${r.value}`,
          why: `The host never puts a refused entry in the header: ${r.detail} (CSP-3).`,
        });
  }
  return out;
}

/** The allow attribute for a set of permission names, as the engine writes it (PERM-2). */
const allowFor = (names: readonly string[]) =>
  allowText(allowAttribute(PERMISSION_NAMES.filter((p) => names.includes(p)) as PermissionName[]));

/** Allow distractors: near misses, the request honoured in full, and the SDK's names misspelt. */
function allowCandidates(
  scenario: Scenario,
  decision: Decision,
  nearMisses: NearMiss[],
): Candidate[] {
  const kind = "allow";
  const here = keyWhyOf(kind, decision);
  const out: Candidate[] = [];
  for (const n of nearMisses) {
    const t = answerText(kind, n.decision);
    out.push({ meaning: t, why: nearMissWhy(kind, n, here), near: true });
  }
  const raw = scenario.resource.permissions;
  const named = Array.isArray(raw)
    ? raw.filter((x): x is string => typeof x === "string")
    : typeof raw === "object" && raw !== null
      ? Object.keys(raw)
      : [];
  const grantable = scenario.host.grantablePermissions;
  out.push({
    meaning: allowFor(named),
    why: `That grants every flag the resource names, whatever its shape and whatever the host grants. ${here}`,
  });
  out.push({
    meaning: allowFor(grantable),
    why: `That grants everything the host could, asked for or not: a host grants only what is requested (PERM-2). ${here}`,
  });
  for (const p of PERMISSION_NAMES)
    out.push({
      meaning: allowFor([p]),
      why: `Not the grants here. ${here}`,
    });
  for (const p of named)
    out.push({
      meaning: allowFor([...grantable, p]),
      why: `Not the grants here. ${here}`,
    });
  const granted = decision.permissions?.granted ?? [];
  if (granted.includes("clipboardWrite"))
    out.push({
      meaning: `allow="${granted.join("; ")}"`,
      why: `The flag clipboardWrite becomes the feature clipboard-write in the allow attribute (PERM-2). ${here}`,
    });
  return out;
}

/**
 * Agent's-list distractors: every list of these tools, those one tool away first, each explained
 * by the common misreading that gives it (every tool, an omitted visibility read as none, "app"
 * read as the agent's, the view's server only) or by the tools it gets wrong.
 */
function agentListCandidates(
  scenario: Scenario,
  listed: ListedTool[],
  b?: HostBehaviours,
): Candidate[] {
  const text = (pick: (t: ListedTool, i: number) => boolean) =>
    agentListText(listed.filter(pick).map((t) => t.name));
  const visibilities = [
    scenario.uiTool.visibility,
    ...scenario.otherTools.filter((t) => t.server === "main").map((t) => t.visibility),
    ...scenario.otherTools.filter((t) => t.server === "second").map((t) => t.visibility),
  ];
  // The common misreadings, by the list each gives: their explanation names the misreading. A
  // host that lists every tool makes them no misreadings of it: each wrong tool is named instead.
  const misreadings = new Map<string, string>(
    b && b.agentVisibility !== "filtered"
      ? []
      : [
          [
            text(() => true),
            'The host leaves out of the agent\'s list every tool whose visibility lacks "model" (TOOL-3).',
          ],
          [
            text((_, i) => visibilities[i]?.includes("model") === true),
            "An omitted visibility means both callers, so the agent sees that tool too (TOOL-2).",
          ],
          [
            text((_, i) => (visibilities[i] ?? ["model", "app"]).includes("app")),
            '"app" names the views that may call a tool, not the agent (TOOL-4); the agent\'s list follows "model" (TOOL-3).',
          ],
          [
            text((t) => t.listed && t.server === "main"),
            "The agent's list holds the tools of every connected server that name the agent, not only the view's server's.",
          ],
        ],
  );
  // Every list of these tools, each explained by the misreading that gives it or by the tools it
  // gets wrong. All are drawn alike: a misreading offered in every item would be the key in few.
  const out: Candidate[] = [];
  for (let bits = 1; bits < 1 << listed.length; bits++) {
    const wrong = listed.filter((t, i) => Boolean(bits & (1 << i)) !== t.listed);
    if (!wrong.length) continue;
    const meaning = text((_, i) => Boolean(bits & (1 << i)));
    out.push({
      meaning,
      why:
        misreadings.get(meaning) ??
        wrong
          .map(
            (t) =>
              `${t.name} is ${t.listed ? "listed" : "left out"} here: ${t.reason}${t.ruleIds.length ? ` (${t.ruleIds.join(", ")})` : ""}.`,
          )
          .join(" "),
      near: wrong.length === 1,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Wordings and length ranks.

/**
 * Shorter wordings of the closed sets' answers. Each answer has a long and a short form, so that
 * the key can take any length rank among its options whichever answer it is: the texts' own
 * lengths would otherwise make "pick the longest" right whenever the longest answer is the key
 * (and an exam that draws by topic meets some answers more than others).
 */
const SHORT: Record<string, string> = {
  [OUTCOME_TEXT.rendered]: "It renders the view",
  [OUTCOME_TEXT["text-unread"]]: "Text content; the view is not read",
  [OUTCOME_TEXT["text-read"]]: "It reads the view, then uses text",
  [OUTCOME_TEXT["not-called"]]: "Left out of the agent's list",
  [OUTCOME_TEXT["not-connected"]]: "No session opens",
  [APP_CALL_TEXT.forwarded]: "Forwarded (BRG-5)",
  [APP_CALL_TEXT["no-tool"]]: "Refused: no such tool (BRG-5)",
  [APP_CALL_TEXT["no-app"]]: 'Refused: lacks "app" (TOOL-4)',
  [APP_CALL_TEXT["other-server"]]: "Refused: other server (TOOL-5)",
  [APP_CALL_TEXT["no-app-other-server"]]: 'Refused: no "app", other server (TOOL-4, TOOL-5)',
  [APP_CALL_TEXT.consent]: "Refused by consent (BRG-5)",
  [APP_CALL_TEXT["not-placed"]]: "Not placed: no view is up",
  ...Object.fromEntries(Object.entries(ROW_TEXT).map(([row, text]) => [text, `The ${row} row`])),
};

/**
 * The fixed answers of the open kinds, each with wordings of several lengths. Their wording is
 * drawn at random whatever their role (chosen to suit the key's length rank, a wording would say
 * whether it is the key).
 */
const FIXED_WORDINGS: Record<string, readonly string[]> = {
  [NO_HEADER]: [NO_HEADER, "No header is served", "No header"],
  [NO_IFRAME]: [NO_IFRAME, "No iframe is made", "No iframe"],
  [NO_ALLOW]: [NO_ALLOW, "No allow attribute", "No attribute"],
};

/** The ways an answer can be worded: its canonical text first. */
function wordingsOf(meaning: string): string[] {
  if (SHORT[meaning]) return [meaning, SHORT[meaning]!];

  return [meaning];
}

function weighted(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng() * total;
  for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) < 0) return i;
  return weights.length - 1;
}

/**
 * How often each kind aims for 0..3 options longer than the key. Where a kind's texts make some
 * ranks hard to reach (a closed set's long forms are all long, its short forms all short; a csp key
 * listing origins has few longer rivals), it aims for those more often, so that the ranks that
 * result are even: the guard test checks them.
 */
const RANK_WEIGHTS: Partial<Record<DrillKind, readonly number[]>> = {
  outcome: [0.8, 1.6, 1.4, 0.8],
  "app-call": [0.8, 1.4, 1.5, 0.6],
  "deciding-row": [0.6, 1.7, 1.7, 0.6],
  "csp-header": [1.6, 0.9, 0.75, 1.1],
  allow: [1, 0.7, 1.5, 2.2],
  "agent-list": [1.3, 1.1, 0.8, 0.85],
};

/**
 * The key and `fixed` distractors, filled up from `pool` to four options, with a wording each.
 * For an open kind the number of options longer than the key is drawn and the pool searched to
 * reach it; a closed kind's options are all fixed, and their lengths are the answers' own.
 */
function arrange(
  kind: DrillKind,
  key: Candidate,
  fixed: Candidate[],
  pool: Candidate[],
  rng: Rng,
): { keyText: string; distractors: (Candidate & { text: string })[] } {
  const need = OPTIONS - 1;
  let longer = weighted(rng, RANK_WEIGHTS[kind] ?? [1, 1, 1, 1]);
  const keyWordings = [...wordingsOf(key.meaning)].sort((a, b) => b.length - a.length);
  const fixedWording = FIXED_WORDINGS[key.meaning];
  const keyText = fixedWording
    ? pick(rng, fixedWording)
    : longer === 0
      ? keyWordings[0]!
      : longer === need
        ? keyWordings.at(-1)!
        : pick(rng, keyWordings);
  let shorter = need - longer;
  const out: (Candidate & { text: string })[] = [];
  const place = (c: Candidate, strict: boolean): boolean => {
    const fixedAs = FIXED_WORDINGS[c.meaning];
    if (fixedAs) {
      const text = pick(rng, fixedAs);
      out.push({ ...c, text });
      if (text.length > keyText.length) longer--;
      else shorter--;
      return true;
    }
    const ws = wordingsOf(c.meaning);
    const l = ws.filter((w) => w.length > keyText.length);
    const sh = ws.filter((w) => w.length < keyText.length);
    if (longer > 0 && l.length) {
      out.push({ ...c, text: pick(rng, l) });
      longer--;
    } else if (shorter > 0 && sh.length) {
      out.push({ ...c, text: pick(rng, sh) });
      shorter--;
    } else if (!strict) {
      const w = [...ws].sort((a, b) => a.length - b.length);
      out.push({ ...c, text: shorter > 0 ? w[0]! : w.at(-1)! });
      if (w[0]!.length < keyText.length) shorter--;
      else longer--;
    } else return false;
    return true;
  };
  for (const c of fixed) place(c, false);
  const used = new Set<Candidate>();
  for (const c of pool) {
    if (out.length === need) break;
    if (place(c, true)) used.add(c);
  }
  for (const c of pool) {
    if (out.length === need) break;
    if (!used.has(c)) place(c, false);
  }
  return { keyText, distractors: out };
}

/**
 * The options of an item. `stem` is what the learner sees, so that no option names an origin it
 * does not show.
 */
export function optionsFor(
  kind: DrillKind,
  scenario: Scenario,
  decision: Decision,
  key: Candidate,
  directive: AskedDirective | undefined,
  nearMisses: NearMiss[],
  stem: string,
  rng: Rng,
  host?: {
    behaviours: HostBehaviours;
    extra: Candidate[];
    /** The reference host's decision of the same scenario: its directives are near misses too. */
    reference: Decision;
    /** Why a directive only the reference host would build is not this host's. */
    referenceWhy: string;
  },
): Options {
  const b = host?.behaviours;
  let fixed: Candidate[] = [];
  let pool: Candidate[] = [];
  const here = keyWhyOf(kind, decision);
  /** A fixed answer's explanation: the near miss that would make it right, if there is one. */
  const whyFixed = (meaning: string, otherwise: string) => {
    const listedOf = (s: Scenario) =>
      agentListOf(s, b)
        .filter((t) => t.listed)
        .map((t) => t.name);
    const n = nearMisses.find(
      (m) => answerText(kind, m.decision, directive, listedOf(m.scenario)) === meaning,
    );
    return n ? nearMissWhy(kind, n, here) : otherwise;
  };
  if (kind === "outcome" || kind === "app-call" || kind === "deciding-row") {
    fixed = closedDistractors(kind, key.meaning, scenario, decision, nearMisses, rng, b);
  } else if (kind === "csp-header") {
    if (key.meaning !== NO_HEADER && offered("csp-header", "no-header", rng))
      fixed = [
        { meaning: NO_HEADER, why: whyFixed(NO_HEADER, `Not here: the view is rendered. ${here}`) },
      ];
    pool = cspDirectiveCandidates(scenario, decision, directive!, nearMisses, b);
  } else if (kind === "agent-list") {
    if (key.meaning !== AGENT_LIST_EMPTY && offered("agent-list", "empty", rng))
      fixed = [
        {
          meaning: AGENT_LIST_EMPTY,
          why: whyFixed(
            AGENT_LIST_EMPTY,
            'Not here: a tool is listed when its visibility includes "model" or is omitted (TOOL-2, TOOL-3).',
          ),
        },
      ];
    pool = agentListCandidates(scenario, agentListOf(scenario, b), b).filter(
      (c) => c.meaning !== AGENT_LIST_EMPTY,
    );
  } else {
    fixed = (
      [
        [NO_IFRAME, "no-iframe"],
        [NO_ALLOW, "no-allow"],
      ] as const
    )
      .filter(([m, aim]) => m !== key.meaning && offered("allow", aim, rng))
      .map(([m]) => ({ meaning: m, why: whyFixed(m, `Not here. ${here}`) }));
    pool = allowCandidates(scenario, decision, nearMisses).filter(
      (c) => c.meaning !== NO_IFRAME && c.meaning !== NO_ALLOW,
    );
  }
  // A host item's own distractors (what the reference host would do) come first among the pool,
  // then the directives the reference host builds around this scenario (a host that drops a list
  // or never reads the csp leaves few of its own).
  if (host) {
    pool = [...host.extra, ...pool];
    if (kind === "csp-header")
      pool.push(
        ...cspDirectiveCandidates(scenario, host.reference, directive!, []).map((c) => ({
          ...c,
          why: host.referenceWhy,
          near: false,
        })),
      );
  }
  const keySources = directive ? directiveOf(key.meaning, directive) : undefined;
  const seen = new Set([key.meaning, ...fixed.map((c) => c.meaning)]);
  const fair = (c: Candidate) => {
    if (seen.has(c.meaning) || c.meaning.startsWith("(")) return false;
    if (keySources && directive) {
      const d = directiveOf(c.meaning, directive);
      if (!d || sourcesOf(d) === sourcesOf(keySources)) return false;
    }
    const shown = c.meaning
      .split(/[\s"]/)
      .every((token) => !parseOrigin(token).ok || stem.includes(token));
    if (shown) seen.add(c.meaning);
    return shown;
  };
  // Near misses first, each group shuffled.
  const usable = pool.filter(fair);
  const ordered = [
    ...shuffle(
      usable.filter((c) => c.near),
      rng,
    ),
    ...shuffle(
      usable.filter((c) => !c.near && !c.last),
      rng,
    ),
    ...shuffle(
      usable.filter((c) => c.last),
      rng,
    ),
  ];
  const { keyText, distractors } = arrange(kind, key, fixed, ordered, rng);
  const raw = shuffle(
    [
      { text: keyText, meaning: key.meaning, why: key.why, isKey: true },
      ...distractors.map((d) => ({ ...d, isKey: false })),
    ],
    rng,
  );
  return {
    options: raw.map((o, i) => ({ id: `o${i + 1}`, text: o.text, explanation: o.why })),
    meanings: Object.fromEntries(raw.map((o, i) => [`o${i + 1}`, o.meaning])),
    answer: `o${raw.findIndex((o) => o.isKey) + 1}`,
  };
}
