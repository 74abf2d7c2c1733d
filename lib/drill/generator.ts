import type { Question } from "../content/quiz-schema";
import { DEFAULT_CSP_HEADER, refusalLabel, type Decision, type Verdict } from "../decide";
import { ROWS, type RowName } from "../decide/vocabulary";
import { PROFILE_MIME } from "../decide/ids";
import { createRng, shuffle, type Rng } from "../quiz/random";
import { getRule, type RuleId } from "../rules";
import { clientCapabilitiesFor } from "../simulator/capabilities";
import { previewDecision, previewInputs } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import { DRILL_TOPICS, drawScenario, type DrillTopic } from "./space";

// Generated predict-the-host items. A seed draws a scenario (space.ts); the host engine
// (`previewDecision`, the same pure decision table the simulator shows, which a unit test keeps
// equal to a real headless run) decides it; the key is read off that decision, never off a table
// of answers. Distractors come from the engine too: the same scenario with one thing changed (a
// near miss), or a sibling scenario drawn from the same seed. Framework-free, no React.

export const DRILL_KINDS = ["outcome", "deciding-row", "app-call", "csp-header"] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];

/** The directives a csp-header item can ask about. */
export const ASKED_DIRECTIVES = ["connect-src", "script-src", "frame-src", "base-uri"] as const;
export type AskedDirective = (typeof ASKED_DIRECTIVES)[number];
const DIRECTIVE_LIST: Record<AskedDirective, string> = {
  "connect-src": "connectDomains",
  "script-src": "resourceDomains",
  "frame-src": "frameDomains",
  "base-uri": "baseUriDomains",
};

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

/** One thing the learner is shown: a label and formatted JSON. */
export interface Shown {
  label: string;
  json: string;
}

/** The scenario with one thing changed, and what the engine then decides. */
export interface NearMiss {
  /** "if …": what was changed, in words. */
  change: string;
  scenario: Scenario;
  decision: Decision;
}

/** A host-policy choice the item turns on (rules tagged [seed] in lib/rules/data.ts). */
export interface HostPolicyNote {
  ruleIds: RuleId[];
  note: string;
}

export interface DrillItem {
  seed: string;
  kind: DrillKind;
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
  hostPolicy: HostPolicyNote[];
  nearMisses: NearMiss[];
  /** Markdown: the decision rows with their rule IDs, and the outcome. */
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

// ---------------------------------------------------------------------------------------------
// Reading the key off a decision. Each function is a pure reading of the engine's verdicts; the
// guard test applies the same reading to a real headless run and gets the same text.

const OUTCOME_TEXT: Record<Decision["outcome"], string> = {
  rendered: "The host renders the view in its sandbox",
  text: "The host falls back to the tool's text content",
  "not-called": "The tool is left out of the agent's list and is not called",
  "not-connected": "No session opens: the two share no protocol era",
};

export const APP_CALL_TEXT = {
  forwarded: "Forwarded to the server as an ordinary tools/call (BRG-5)",
  "no-tool": "Refused: no connected server offers that tool (BRG-5)",
  "no-app": 'Refused: the tool\'s visibility lacks "app" (TOOL-4)',
  "other-server": "Refused: the tool belongs to another server (TOOL-5)",
  consent: "Refused at the consent gate: the host said no (BRG-5)",
  "not-placed": "Not placed: no view is rendered to call it",
} as const;
export type AppCallAnswer = keyof typeof APP_CALL_TEXT;

const NO_HEADER = "No header: the view is not rendered";

const ROW_TOPIC: Record<RowName, DrillTopic> = {
  visibility: "TOOL",
  negotiation: "NEG",
  mime: "RES",
  csp: "CSP",
  permissions: "PERM",
  "app-call": "BRG",
};

/** Rows that did not pass: a fail or a refusal (skips are moot rows). */
export function failingRows(d: Decision): Verdict[] {
  return d.rows.filter((r) => r.verdict === "fail");
}

/** How the view's call ended, read from the app-call verdict of a decision. */
export function appCallAnswer(d: Decision): AppCallAnswer {
  if (d.outcome !== "rendered" || !d.appCall) return "not-placed";
  const a = d.appCall;
  if (a.forward) return "forwarded";
  if (a.askedConsent) return "consent";
  if (a.ruleIds.includes("TOOL-5")) return "other-server";
  if (a.ruleIds.includes("TOOL-4")) return "no-app";
  return "no-tool";
}

/** One directive of a header, e.g. `connect-src 'self' https://a.example`. */
export function directiveOf(header: string, directive: string): string | undefined {
  return header
    .split(";")
    .map((p) => p.trim())
    .find((p) => p === directive || p.startsWith(`${directive} `));
}

function rowText(v: Pick<Verdict, "row" | "ruleIds">): string {
  return `The ${v.row} row, citing ${v.ruleIds.join(" and ")}`;
}

/**
 * The right option's text for `kind`, read off a decision. For a csp-header item, `directive`
 * names the directive; the view is served no header when it is not rendered.
 */
export function answerText(kind: DrillKind, d: Decision, directive?: AskedDirective): string {
  switch (kind) {
    case "outcome":
      return OUTCOME_TEXT[d.outcome];
    case "app-call":
      return APP_CALL_TEXT[appCallAnswer(d)];
    case "deciding-row": {
      const failing = failingRows(d);
      return failing.length === 1 ? rowText(failing[0]!) : "(no single failing row)";
    }
    case "csp-header": {
      if (d.outcome !== "rendered" || !d.csp) return NO_HEADER;
      return directiveOf(d.csp.header, directive!) ?? `${directive} (absent)`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Near misses: the scenario with one thing changed. Each returns null when the change does not
// apply (nothing to change), so every near miss differs from the scenario.

type Mutation = { change: string; apply: (s: Scenario) => Scenario | null };

const clone = (s: Scenario): Scenario => structuredClone(s);

function mutate(change: string, edit: (s: Scenario) => boolean): Mutation {
  return {
    change,
    apply(s) {
      const c = clone(s);
      return edit(c) ? c : null;
    },
  };
}

/** Valid origins the resource declared that the host has not approved (for "approve them all"). */
function declaredOrigins(csp: unknown): string[] {
  if (typeof csp !== "object" || csp === null || Array.isArray(csp)) return [];
  return Object.values(csp as Record<string, unknown>)
    .flatMap((v) => (Array.isArray(v) ? v : []))
    .filter((v): v is string => typeof v === "string" && /^https:\/\/[a-z0-9.-]+$/.test(v));
}

const MUTATIONS: Mutation[] = [
  mutate("the client had declared the extension with the profile mime type on the request", (s) => {
    if (s.client.extension && s.client.mimeTypes.includes(PROFILE_MIME)) return false;
    s.client.extension = true;
    s.client.mimeTypes = [PROFILE_MIME];
    return true;
  }),
  mutate("the client had not declared the extension", (s) => {
    if (!s.client.extension) return false;
    s.client.extension = false;
    return true;
  }),
  mutate("server/discover had listed the extension", (s) => {
    if (s.server.extension || s.server.era === "legacy") return false;
    s.server.extension = true;
    return true;
  }),
  mutate("server/discover had not listed the extension", (s) => {
    if (!s.server.extension || s.server.era === "legacy") return false;
    s.server.extension = false;
    return true;
  }),
  mutate("the server spoke only the legacy era (initialize)", (s) => {
    if (s.server.era === "legacy") return false;
    s.server.era = "legacy";
    return true;
  }),
  mutate("the client were dual-era (falling back to initialize)", (s) => {
    if (s.client.era === "dual") return false;
    s.client.era = "dual";
    return true;
  }),
  mutate("the server served the modern era", (s) => {
    if (s.server.era !== "legacy") return false;
    s.server.era = "modern";
    return true;
  }),
  mutate("the UI tool's visibility were omitted (so both callers)", (s) => {
    if (s.uiTool.visibility === undefined) return false;
    delete s.uiTool.visibility;
    return true;
  }),
  mutate('the UI tool\'s visibility were ["app"]', (s) => {
    if (JSON.stringify(s.uiTool.visibility) === '["app"]') return false;
    s.uiTool.visibility = ["app"];
    return true;
  }),
  mutate("the server served the view at the URI the tool names", (s) => {
    if (s.resource.uri === s.uiTool.resourceUri) return false;
    s.resource.uri = s.uiTool.resourceUri;
    return true;
  }),
  mutate(`the content item's mimeType were exactly ${PROFILE_MIME}`, (s) => {
    if (s.resource.mimeType === PROFILE_MIME) return false;
    s.resource.mimeType = PROFILE_MIME;
    return true;
  }),
  mutate("the content item's mimeType were plain text/html", (s) => {
    if (s.resource.mimeType === "text/html") return false;
    s.resource.mimeType = "text/html";
    return true;
  }),
  mutate("the resource declared no csp at all", (s) => {
    if (s.resource.csp === undefined) return false;
    delete s.resource.csp;
    return true;
  }),
  mutate("the csp were an empty object {}", (s) => {
    if (JSON.stringify(s.resource.csp) === "{}") return false;
    s.resource.csp = {};
    return true;
  }),
  mutate("the host had approved every origin the csp declares", (s) => {
    const missing = declaredOrigins(s.resource.csp).filter(
      (o) => !s.host.approvedOrigins.includes(o),
    );
    if (!missing.length) return false;
    s.host.approvedOrigins = [...s.host.approvedOrigins, ...missing];
    return true;
  }),
  mutate("the host's policy for origins it has not approved were the other one", (s) => {
    s.host.outOfPolicy = s.host.outOfPolicy === "text" ? "subset" : "text";
    return s.resource.csp !== undefined;
  }),
  mutate("the content item's _meta.ui held only prefersBorder, hiding the listing's", (s) => {
    if (s.resource.metaLocation === "split" || s.resource.csp === undefined) return false;
    s.resource.metaLocation = "split";
    return true;
  }),
  mutate("the permissions were requested as an object of {} flags", (s) => {
    if (s.resource.permissions === undefined) return false;
    const ok = JSON.stringify(s.resource.permissions) === JSON.stringify({ camera: {} });
    if (ok) return false;
    s.resource.permissions = { camera: {} };
    return true;
  }),
  mutate("the host's consent answer were the other one", (s) => {
    if (s.action.kind !== "view-calls-tool") return false;
    const now = s.consent === "ask" ? (s.consentAnswer ?? "deny") : s.consent;
    s.consent = now === "allow" ? "deny" : "allow";
    delete s.consentAnswer;
    return true;
  }),
  mutate('the called tool were on the view\'s own server with visibility ["app"]', (s) => {
    if (s.action.kind !== "view-calls-tool") return false;
    const name = s.action.tool;
    const t = s.otherTools.find((x) => x.name === name);
    if (!t || (t.server === "main" && JSON.stringify(t.visibility) === '["app"]')) return false;
    t.server = "main";
    t.visibility = ["app"];
    return true;
  }),
  mutate('the called tool\'s visibility were ["model"]', (s) => {
    if (s.action.kind !== "view-calls-tool") return false;
    const name = s.action.tool;
    const t = s.otherTools.find((x) => x.name === name);
    if (!t || JSON.stringify(t.visibility) === '["model"]') return false;
    t.visibility = ["model"];
    return true;
  }),
  mutate("the called tool were on a second connected server", (s) => {
    if (s.action.kind !== "view-calls-tool") return false;
    const name = s.action.tool;
    const t = s.otherTools.find((x) => x.name === name);
    if (!t || t.server === "second") return false;
    t.server = "second";
    return true;
  }),
];

/** The scenario's near misses, each decided by the engine. */
export function nearMissesOf(s: Scenario): NearMiss[] {
  const out: NearMiss[] = [];
  for (const m of MUTATIONS) {
    const changed = m.apply(s);
    if (changed)
      out.push({ change: m.change, scenario: changed, decision: previewDecision(changed) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which rows a key rests on, and which of them are this host's policy rather than the spec.

function decidingRows(kind: DrillKind, d: Decision): Verdict[] {
  const byRow = (r: RowName) => d.rows.find((v) => v.row === r)!;
  const firstFail = failingRows(d)[0];
  if (d.outcome !== "rendered") return firstFail ? [firstFail] : [];
  switch (kind) {
    case "outcome":
      return d.rows.filter(
        (v) =>
          (v.row === "csp" || v.row === "permissions") &&
          (v.verdict === "fail" ||
            (v.row === "permissions" &&
              (d.permissions?.granted.length ?? 0) < (d.permissions?.requested.length ?? 0))),
      );
    case "app-call":
      return [byRow("app-call")];
    case "deciding-row":
      return failingRows(d);
    case "csp-header":
      return [byRow("csp")];
  }
}

function hostPolicyOf(deciding: Verdict[], d: Decision): HostPolicyNote[] {
  const notes: HostPolicyNote[] = [];
  for (const v of deciding) {
    if (v.row === "negotiation" && v.verdict === "fail" && d.outcome === "text") {
      notes.push({
        ruleIds: ["NEG-4"],
        note: "falling back to the tool's text content without fetching the view is this host's policy (NEG-4 [seed]); core lets the side that supports the extension fall back or reject",
      });
    } else if (v.row === "csp" && v.verdict === "fail") {
      notes.push(
        v.refusal === "host-policy" || d.csp?.refused.some((r) => r.why === "out-of-policy")
          ? {
              ruleIds: ["CSP-5"],
              note: `what happens to origins outside the approved list is this host's policy (CSP-5 [seed]): this host's setting is ${d.outcome === "text" || !d.csp?.render ? "to fall back to text" : "to render with the approved subset"}; the spec only lets a host restrict further`,
            }
          : d.csp?.refused.some((r) => r.key === "csp")
            ? {
                ruleIds: ["CSP-5"],
                note: "rendering a view whose csp is not an object under the restrictive default is this simulator's choice, which no rule settles (CSP-1 gives the shape, CSP-3 forbids allowing anything undeclared); CSP-5 [seed] is the nearest rule, the latitude for origins outside policy",
              }
            : {
                ruleIds: ["CSP-5"],
                note: `an entry that is not a valid origin is dropped, and this host then applies its setting for refused origins (${d.outcome === "rendered" ? "render the approved subset" : "fall back to text"}), the latitude of CSP-5 [seed]`,
              },
      );
    } else if (v.row === "app-call" && d.appCall?.askedConsent) {
      notes.push({
        ruleIds: ["BRG-5"],
        note: "the consent gate is this host's policy (BRG-5 [seed]: this host always asks); only the visibility gate is a spec MUST",
      });
    } else if (
      v.row === "permissions" &&
      (v.verdict === "fail" ||
        (d.permissions?.granted.length ?? 0) < (d.permissions?.requested.length ?? 0))
    ) {
      notes.push({
        ruleIds: ["PERM-3"],
        note: "rendering without a requested grant is this host's policy (PERM-3 [seed]); the Apps spec is silent on it",
      });
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------------------------
// What the learner sees.

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** The declarations and listings a host would see for the scenario, as formatted JSON. */
export function shownFor(s: Scenario): Shown[] {
  const inputs = previewInputs(s);
  const out: Shown[] = [];
  const caps = clientCapabilitiesFor(s);
  out.push({
    label:
      s.client.era === "dual"
        ? "Client (dual-era: tries 2026-07-28, falls back to initialize): its declared capabilities"
        : "Client (2026-07-28 only): capabilities in each request's _meta",
    json: json({ "io.modelcontextprotocol/clientCapabilities": caps }),
  });
  out.push({
    label:
      s.server.era === "legacy"
        ? "Server (legacy era only: answers initialize, not server/discover): its initialize result"
        : `Server (${s.server.era === "dual" ? "both eras" : "2026-07-28 only"}): server/discover result`,
    json: json({
      ...(s.server.era === "legacy" ? { protocolVersion: "2025-11-25" } : {}),
      capabilities: { tools: {}, resources: {}, ...(inputs.serverCapabilities as object) },
    }),
  });
  const toolEntry = (
    name: string,
    description: string,
    ui: Record<string, unknown> | undefined,
  ) => ({
    name,
    description,
    inputSchema: { type: "object" },
    ...(ui && Object.keys(ui).length ? { _meta: { ui } } : {}),
  });
  const tools = [
    toolEntry(s.uiTool.name, s.uiTool.description, {
      resourceUri: s.uiTool.resourceUri,
      ...(s.uiTool.visibility ? { visibility: s.uiTool.visibility } : {}),
    }),
    ...s.otherTools
      .filter((t) => t.server === "main")
      .map((t) =>
        toolEntry(t.name, t.description, t.visibility ? { visibility: t.visibility } : undefined),
      ),
  ];
  out.push({ label: "tools/list (the view's server)", json: json({ tools }) });
  const second = s.otherTools.filter((t) => t.server === "second");
  if (second.length) {
    out.push({
      label: "tools/list (a second connected server)",
      json: json({
        tools: second.map((t) =>
          toolEntry(t.name, t.description, t.visibility ? { visibility: t.visibility } : undefined),
        ),
      }),
    });
  }
  const read = inputs.read;
  const listing = read?.ok ? read.listingMeta : undefined;
  const content = read?.ok ? read.contentMeta : undefined;
  out.push({
    label: "resources/list entry the server registers",
    json: json({
      resources: [
        {
          uri: s.resource.uri,
          mimeType: s.resource.mimeType,
          ...(listing ? { _meta: listing } : {}),
        },
      ],
    }),
  });
  if (s.resource.uri === s.uiTool.resourceUri) {
    out.push({
      label: `resources/read ${s.resource.uri}: the content item`,
      json: json({
        contents: [
          {
            uri: s.resource.uri,
            mimeType: s.resource.mimeType,
            ...(s.resource.encoding === "blob"
              ? { blob: "PCFkb2N0eXBlIGh0bWw+…" }
              : { text: "<!doctype html>…" }),
            ...(content ? { _meta: content } : {}),
          },
        ],
      }),
    });
  }
  out.push({
    label: "This host's settings",
    json: json({
      approvedOrigins: s.host.approvedOrigins,
      originsOutsidePolicy:
        s.host.outOfPolicy === "text" ? "fall back to text" : "render the approved subset",
      grantablePermissions: s.host.grantablePermissions,
      ...(s.action.kind === "view-calls-tool"
        ? {
            consentForViewCalls:
              s.consent === "ask"
                ? `asks the user, who answers "${s.consentAnswer ?? "deny"}"`
                : s.consent,
          }
        : {}),
    }),
  });
  if (s.action.kind === "view-calls-tool") {
    out.push({
      label: "The view's request, once it is up",
      json: json({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: s.action.tool, arguments: {} },
      }),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Options. Word cues are kept out of option texts by construction (a test checks it), and the
// key's length rank among its options is drawn uniformly, so neither "longest" nor "shortest"
// beats chance; position is the presentation's job (a seeded shuffle per attempt).

interface Candidate {
  /** The answer this option stands for: `answerText` of some decision. */
  meaning: string;
  /** Why this option is wrong (or right), for its explanation. */
  why: string;
}

const APP_CALL_SHORT: Record<string, string> = {
  [APP_CALL_TEXT.forwarded]: "Forwarded (BRG-5)",
  [APP_CALL_TEXT["no-tool"]]: "Refused: no such tool (BRG-5)",
  [APP_CALL_TEXT["no-app"]]: 'Refused: lacks "app" (TOOL-4)',
  [APP_CALL_TEXT["other-server"]]: "Refused: other server (TOOL-5)",
  [APP_CALL_TEXT.consent]: "Refused by consent (BRG-5)",
  [APP_CALL_TEXT["not-placed"]]: "Not placed: no view is up",
};

/**
 * The ways an answer can be worded: its canonical text first. Two wordings of different length
 * let the generator put the key at any length rank among its options.
 */
export function wordingsOf(meaning: string): string[] {
  if (APP_CALL_SHORT[meaning]) return [meaning, APP_CALL_SHORT[meaning]!];
  if (meaning === NO_HEADER) return [meaning, "No header is served", "No header"];
  const row = /^The (\S+) row, citing (.+)$/.exec(meaning);
  if (row) return [meaning, `${row[1]} row: ${row[2]!.split(" and ").join(", ")}`];
  return [meaning];
}

/**
 * Picks `n - 1` distractors, and a wording for each and for the key, so that the number of
 * options longer than the key is uniform in 0..n-1 where the pool allows. Earlier candidates
 * (near misses) are preferred.
 */
function pickOptions(
  key: Candidate,
  pool: Candidate[],
  n: number,
  rng: Rng,
  rankWeights: readonly number[],
): { keyText: string; distractors: (Candidate & { text: string })[] } {
  const seen = new Set([key.meaning]);
  const distinct = pool.filter((c) => !seen.has(c.meaning) && (seen.add(c.meaning), true));
  const need = n - 1;
  let longer = weighted(rng, rankWeights);
  // The key longest: its longest wording; the key shortest: its shortest; else any.
  const keyWordings = [...wordingsOf(key.meaning)].sort((a, b) => b.length - a.length);
  const keyText =
    longer === 0
      ? keyWordings[0]!
      : longer === need
        ? keyWordings.at(-1)!
        : pickOf(rng, keyWordings);
  let shorter = need - longer;
  const out: (Candidate & { text: string })[] = [];
  const used = new Set<Candidate>();
  for (const c of distinct) {
    if (out.length === need) break;
    const ws = wordingsOf(c.meaning);
    const l = ws.filter((w) => w.length > keyText.length);
    const sh = ws.filter((w) => w.length < keyText.length);
    if (longer > 0 && l.length) {
      out.push({ ...c, text: pickOf(rng, l) });
      longer--;
      used.add(c);
    } else if (shorter > 0 && sh.length) {
      out.push({ ...c, text: pickOf(rng, sh) });
      shorter--;
      used.add(c);
    }
  }
  // Too few on one side: fill with what is left, in any wording.
  for (const c of distinct) {
    if (out.length === need) break;
    if (used.has(c)) continue;
    // Lean the way the draw wanted: the shortest wording while shorter options are still owed.
    const ws = [...wordingsOf(c.meaning)].sort((a, b) => a.length - b.length);
    out.push({ ...c, text: shorter > 0 ? ws[0]! : ws.at(-1)! });
    if (ws[0]!.length < keyText.length) shorter--;
  }
  return { keyText, distractors: out };
}

function weighted(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng() * total;
  for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) < 0) return i;
  return weights.length - 1;
}

/**
 * How often to aim for 0..3 options longer than the key. Uniform, except where a kind's keys are
 * shorter than its distractors by nature (a csp key of `'none'` has no shorter rivals, so aiming
 * for "key longest" often falls through to "key shortest"): those kinds aim high more often, and
 * the guard test checks that the ranks that result are even.
 */
const RANK_WEIGHTS: Record<DrillKind, readonly number[]> = {
  outcome: [1, 1, 1, 1],
  "app-call": [1, 1, 1.5, 0.7],
  "deciding-row": [1, 1.2, 1.2, 0.6],
  "csp-header": [2.4, 0.8, 0.7, 0.6],
};

/** Pool order: near misses first, then the rest, each group shuffled. */
function ordered(near: Candidate[], rest: Candidate[], rng: Rng): Candidate[] {
  return [...shuffle(near, rng), ...shuffle(rest, rng)];
}

function rulesOf(v: Pick<Verdict, "ruleIds">) {
  return v.ruleIds.length ? ` (${v.ruleIds.join(", ")})` : "";
}

function nearMissWhy(n: NearMiss, deciding: Verdict | undefined): string {
  return `That would be right if ${n.change}: then ${deciding ? `the ${deciding.row} row says ${deciding.reason}${rulesOf(deciding)}` : "every row passes"}.`;
}

function keyVerdict(kind: DrillKind, d: Decision): Verdict | undefined {
  return decidingRows(kind, d)[0] ?? failingRows(d)[0];
}

// ---------------------------------------------------------------------------------------------
// The item.

const TARGETS: Record<DrillKind, readonly string[]> = {
  outcome: ["rendered", "text", "not-called", "not-connected"],
  "app-call": Object.keys(APP_CALL_TEXT),
  "deciding-row": ROWS,
  // Three in four csp items have a header to read; the fourth falls back to text.
  "csp-header": ["header", "header", "header", "no-header"],
};

/** The rule groups a kind's scenarios focus on. */
const KIND_TOPICS: Record<DrillKind, readonly DrillTopic[]> = {
  outcome: DRILL_TOPICS,
  "app-call": ["BRG", "TOOL"],
  "deciding-row": DRILL_TOPICS,
  "csp-header": ["CSP", "RES"],
};

const TARGET_TOPIC: Partial<Record<string, DrillTopic>> = {
  "not-called": "TOOL",
  "not-connected": "NEG",
  text: "NEG",
  ...ROW_TOPIC,
};

function hashSeed(seed: string): string {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** The scenario matches the target the draw aimed for (decided by the engine). */
function hits(kind: DrillKind, target: string, d: Decision, s: Scenario): boolean {
  switch (kind) {
    case "outcome":
      return d.outcome === target;
    case "app-call":
      return s.action.kind === "view-calls-tool" && appCallAnswer(d) === target;
    case "deciding-row": {
      const f = failingRows(d);
      return f.length === 1 && f[0]!.row === target;
    }
    case "csp-header":
      // The csp row was reached, and the declared csp is an object naming the asked list (or the
      // view fell back to text, or the csp is malformed: the header then says so).
      return (
        d.rows.find((r) => r.row === "csp")!.verdict !== "skip" &&
        s.resource.csp !== undefined &&
        (target === "header") === (d.outcome === "rendered")
      );
  }
}

const KIND_FOR_TOPIC: Record<DrillTopic, readonly DrillKind[]> = {
  NEG: ["outcome", "deciding-row"],
  TOOL: ["outcome", "deciding-row"],
  RES: ["outcome", "deciding-row"],
  CSP: ["csp-header", "outcome", "deciding-row"],
  PERM: ["deciding-row", "outcome"],
  BRG: ["app-call"],
};

const pickOf = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/**
 * Generates one item from `seed`: the same request always gives the same item. With `topic` or
 * `rule`, draws until the key rests on that group or rule (at most a few hundred tries, each
 * decided by the engine); throws when none is found, naming the request.
 */
export function generateDrillItem(request: DrillRequest): DrillItem {
  const { seed } = request;
  const rng = createRng(
    `drill:${seed}:${request.kind ?? ""}:${request.topic ?? ""}:${request.rule ?? ""}`,
  );
  const topic = request.topic;
  const kinds = topic ? KIND_FOR_TOPIC[topic] : DRILL_KINDS;
  // The kind and the target answer are drawn once, uniformly, and then scenarios are drawn until
  // the engine decides one that way: so keys spread evenly over the answers a kind has.
  let kind = request.kind ?? pickOf(rng, kinds);
  let target = pickOf(rng, TARGETS[kind]);
  for (let attempt = 0; attempt < 2000; attempt++) {
    // A topic or rule request may not reach every target: after some misses, aim elsewhere.
    if (attempt > 0 && attempt % (topic || request.rule ? 25 : 100) === 0) {
      if (!request.kind) kind = pickOf(rng, kinds);
      target = pickOf(rng, TARGETS[kind]);
    }
    // Within the first tries, focus the draw where the target lives; later, anywhere.
    const focus =
      topic ??
      (attempt % 100 < 40 && TARGET_TOPIC[target] && kind !== "csp-header"
        ? TARGET_TOPIC[target]!
        : pickOf(rng, KIND_TOPICS[kind]));
    const id = `drill-${kind}-${hashSeed(seed)}`;
    const scenario = drawScenario(rng, id, focus, { viewCalls: kind === "app-call" });
    const decision = previewDecision(scenario);
    if (!hits(kind, target, decision, scenario)) continue;
    if (kind === "deciding-row" && failingRows(decision).length !== 1) continue;
    const item = buildItem(seed, kind, scenario, decision, rng, focus);
    if (request.topic && item.question.topic !== request.topic) continue;
    if (request.rule && !item.question.rules.includes(request.rule)) continue;
    return item;
  }
  throw new Error(
    `no drill item found for ${JSON.stringify(request)}: no drawn scenario rests on it`,
  );
}

/**
 * For a csp-header item: the directive asked about. Mostly one the declared origins reach (a bare
 * 'none' or 'self' key is short, and a key that is always the shortest option would be a cue).
 */
function askedDirective(scenario: Scenario, decision: Decision, rng: Rng): AskedDirective {
  const csp = scenario.resource.csp;
  const declared =
    typeof csp === "object" && csp !== null && !Array.isArray(csp) ? Object.keys(csp) : [];
  const wanted: AskedDirective[] = [];
  if (declared.includes("connectDomains")) wanted.push("connect-src");
  if (declared.includes("resourceDomains")) wanted.push("script-src");
  if (declared.includes("frameDomains")) wanted.push("frame-src");
  if (declared.includes("baseUriDomains")) wanted.push("base-uri");
  const reached = wanted.filter((w) => {
    const d = decision.csp?.header ? directiveOf(decision.csp.header, w) : undefined;
    return d && d.includes("https://");
  });
  return pickOf(
    rng,
    reached.length && rng() < 0.8 ? reached : wanted.length ? wanted : ASKED_DIRECTIVES,
  );
}

/** Near misses (one field changed) whose answer differs from the key, with why they differ. */
function nearCandidates(
  kind: DrillKind,
  nearMisses: NearMiss[],
  key: string,
  directive: AskedDirective | undefined,
): Candidate[] {
  const near: Candidate[] = [];
  for (const n of nearMisses) {
    const text = answerText(kind, n.decision, directive);
    if (text !== key && !text.startsWith("("))
      near.push({ meaning: text, why: nearMissWhy(n, keyVerdict(kind, n.decision)) });
  }
  return near;
}

/** Deciding-row distractors: the row that decides a sibling draw, and the rows that pass here. */
function decidingRowCandidates(scenario: Scenario, decision: Decision, rng: Rng): Candidate[] {
  const rest: Candidate[] = [];
  for (let i = 0; i < 24; i++) {
    const sib = drawScenario(rng, scenario.id, pickOf(rng, DRILL_TOPICS), {
      viewCalls: rng() < 0.3,
    });
    const f = failingRows(previewDecision(sib));
    if (f.length !== 1) continue;
    const here = decision.rows.find((r) => r.row === f[0]!.row)!;
    rest.push({
      meaning: rowText(f[0]!),
      why: `Not here: the ${here.row} row is ${refusalLabel(here)} in this scenario (${here.reason}).`,
    });
  }
  for (const r of decision.rows) {
    if (r.verdict === "pass" && r.ruleIds.length)
      rest.push({ meaning: rowText(r), why: `That row passes here: ${r.reason}${rulesOf(r)}.` });
  }
  return rest;
}

/**
 * Csp-header distractors: the directive other csp declarations and host policies give, the
 * restrictive default, and near-miss edits of the key itself.
 */
function cspHeaderCandidates(
  scenario: Scenario,
  decision: Decision,
  directive: AskedDirective,
  keyWhy: string,
  rng: Rng,
): Candidate[] {
  const kind = "csp-header";
  const rest: Candidate[] = [];
  for (let i = 0; i < 6; i++) {
    const sib = clone(scenario);
    const other = drawScenario(rng, scenario.id, "CSP");
    sib.resource.csp = other.resource.csp ?? {};
    sib.host = other.host;
    const t = answerText(kind, previewDecision(sib), directive);
    rest.push({
      meaning: t,
      why: `That is what a different csp or host policy gives. ${keyWhy}`,
    });
  }
  // The same resource declaring one list for this directive, decided by the engine as is and
  // with the host approving the origins too.
  const list = DIRECTIVE_LIST[directive];
  const origins = [
    ...new Set([
      ...declaredOrigins(scenario.resource.csp),
      ...scenario.host.approvedOrigins.map((o) => o.replace("*.", "www.")),
      "https://tiles.maps.example",
      "https://player.video.example",
    ]),
  ];
  for (let i = 0; i < origins.length; i++) {
    for (const declared of [[origins[i]!], origins.slice(i, i + 2)]) {
      const sib = clone(scenario);
      sib.resource.csp = { [list]: declared };
      sib.resource.metaLocation = "content";
      sib.host.outOfPolicy = "subset";
      if (rng() < 0.5) sib.host.approvedOrigins = [...sib.host.approvedOrigins, ...declared];
      rest.push({
        meaning: answerText(kind, previewDecision(sib), directive),
        why: `That is the directive for a csp declaring ${list}: ${JSON.stringify(declared)}. ${keyWhy}`,
      });
    }
  }
  for (const h of [DEFAULT_CSP_HEADER]) {
    const t = directiveOf(h, directive);
    if (t)
      rest.push({
        meaning: t,
        why: `That is the restrictive default of CSP-4, for a resource that declares no csp. ${keyWhy}`,
      });
  }
  const k = directiveOf(decision.csp?.header ?? "", directive);
  if (k) rest.push(...keyEdits(k, directive, decision, keyWhy));
  return rest;
}

/** Wrong versions of the key directive `k`: swapped keywords, an origin fewer, refused entries. */
function keyEdits(
  k: string,
  directive: AskedDirective,
  decision: Decision,
  keyWhy: string,
): Candidate[] {
  const rest: Candidate[] = [];
  const swapped = k.includes("'none'")
    ? k.replace("'none'", "'self'")
    : k.includes("'self'")
      ? k.replace(/'self'/, "'none'")
      : `${directive} 'self'`;
  rest.push({ meaning: swapped, why: `Not the header the engine builds. ${keyWhy}` });
  // Shorter mistakes: the directive as if nothing, or one origin fewer, had been declared.
  const parts = k.split(" ");
  if (parts.length > 2) {
    rest.push({
      meaning: parts.slice(0, -1).join(" "),
      why: `The host keeps every declared origin it approves. ${keyWhy}`,
    });
  }
  for (const bare of [`${directive} 'none'`, `${directive} 'self'`]) {
    rest.push({ meaning: bare, why: `Not the header the engine builds. ${keyWhy}` });
  }
  for (const r of decision.csp?.refused ?? []) {
    if (typeof r.value === "string") {
      rest.push({
        meaning: `${k} ${r.value}`,
        why: `The host never puts a refused entry in the header: ${r.detail} (CSP-3).`,
      });
    }
  }
  return rest;
}

/** The distractors other than near misses, by the kind of item. */
function otherCandidates(
  kind: DrillKind,
  scenario: Scenario,
  decision: Decision,
  directive: AskedDirective | undefined,
  keyWhy: string,
  rng: Rng,
): Candidate[] {
  if (kind === "outcome")
    return Object.values(OUTCOME_TEXT).map((t) => ({ meaning: t, why: `Not here. ${keyWhy}` }));
  if (kind === "app-call")
    return Object.values(APP_CALL_TEXT).map((t) => ({ meaning: t, why: `Not here. ${keyWhy}` }));
  if (kind === "deciding-row") return decidingRowCandidates(scenario, decision, rng);
  if (kind === "csp-header" && directive)
    return cspHeaderCandidates(scenario, decision, directive, keyWhy, rng);
  return [];
}

/** The key and four distractors, in a seeded order, with their ids, meanings and the answer. */
function optionsFor(
  kind: DrillKind,
  key: string,
  keyExplanation: string,
  near: Candidate[],
  rest: Candidate[],
  rng: Rng,
) {
  const picked = pickOptions(
    { meaning: key, why: keyExplanation },
    ordered(near, rest, rng),
    4,
    rng,
    RANK_WEIGHTS[kind],
  );
  const raw = shuffle(
    [
      { text: picked.keyText, meaning: key, why: keyExplanation, isKey: true },
      ...picked.distractors.map((d) => ({ ...d, isKey: false })),
    ],
    rng,
  );
  const options = raw.map((o, i) => ({ id: `o${i + 1}`, text: o.text, explanation: o.why }));
  const meanings = Object.fromEntries(raw.map((o, i) => [`o${i + 1}`, o.meaning]));
  const answer = options[raw.findIndex((o) => o.isKey)]!.id;
  return { options, meanings, answer };
}

/** The item's stem: the question, the JSON shown, and the host-policy flag when it applies. */
function stemFor(ask: string, shown: Shown[], hostPolicy: HostPolicyNote[]): string {
  const policy = hostPolicy.length
    ? `\n\n**Host policy, not a spec MUST:** this item turns on this host's choices: ${hostPolicy
        .map((h) => h.note)
        .join("; and ")}.`
    : "";
  return (
    [
      `**Predict the host.** ${ask}`,
      ...shown.map((s) => `${s.label}:\n\n\`\`\`json\n${s.json}\n\`\`\``),
    ].join("\n\n") + policy
  );
}

/** Every decision row with its verdict, rules and reason, then the outcome. */
function rowsExplanation(decision: Decision): string {
  return [
    "The engine's decision rows for this scenario:",
    ...decision.rows.map(
      (r) =>
        `- **${r.row}**: ${refusalLabel(r)}${rulesOf(r)}${r.verdict === "skip" ? "" : ` — ${r.reason}`}`,
    ),
    `Outcome: **${decision.outcome}**.`,
  ].join("\n");
}

function buildItem(
  seed: string,
  kind: DrillKind,
  scenario: Scenario,
  decision: Decision,
  rng: Rng,
  focus: DrillTopic,
): DrillItem {
  const directive = kind === "csp-header" ? askedDirective(scenario, decision, rng) : undefined;
  const key = answerText(kind, decision, directive);
  const deciding = decidingRows(kind, decision);
  const hostPolicy = hostPolicyOf(deciding, decision);
  const nearMisses = nearMissesOf(scenario);
  const kv = keyVerdict(kind, decision);

  // Distractor pool: near misses first, then sibling scenarios drawn from the same seed.
  const near = nearCandidates(kind, nearMisses, key, directive);
  const keyWhy = kv
    ? `Here the ${kv.row} row says ${kv.reason}${rulesOf(kv)}.`
    : "Here every row the call reaches passes.";
  const rest = otherCandidates(kind, scenario, decision, directive, keyWhy, rng);

  const keyExplanation = kv
    ? `Right: the ${kv.row} row says ${kv.reason}${rulesOf(kv)}.`
    : `Right: every row the call reaches passes, and the outcome is ${decision.outcome}.`;
  const { options, meanings, answer } = optionsFor(kind, key, keyExplanation, near, rest, rng);

  const rules = [
    ...new Set(
      (deciding.length ? deciding : decision.rows.filter((r) => r.verdict === "pass")).flatMap(
        (r) => r.ruleIds,
      ),
    ),
  ] as RuleId[];
  for (const r of rules) getRule(r); // an unknown ID throws here, not in the page
  const topic: DrillTopic =
    kind === "app-call" ? "BRG" : kind === "csp-header" ? "CSP" : kv ? ROW_TOPIC[kv.row] : focus;

  const ask = askFor(kind, scenario, directive);
  const shown = shownFor(scenario);
  const difficulty =
    hostPolicy.length || scenario.client.era === "dual" || scenario.server.era !== "modern"
      ? "hard"
      : rules.length > 2 || kind === "csp-header"
        ? "medium"
        : "easy";

  return {
    seed,
    kind,
    directive,
    question: {
      id: `drill-${hashSeed(`${kind}:${seed}`)}`,
      type: "single",
      topic,
      difficulty,
      rules: rules.length ? (rules as [RuleId, ...RuleId[]]) : ["NEG-2"],
      stem: stemFor(ask, shown, hostPolicy),
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
    explanation: rowsExplanation(decision),
  };
}

function askFor(kind: DrillKind, s: Scenario, directive?: AskedDirective): string {
  switch (kind) {
    case "outcome":
      return `The agent calls \`${s.uiTool.name}\`. What does the host do with it?`;
    case "app-call":
      return `The agent calls \`${s.uiTool.name}\`; if its view comes up, the view asks the host to call \`${s.action.kind === "view-calls-tool" ? s.action.tool : ""}\`. What happens to that call?`;
    case "deciding-row":
      return `The agent calls \`${s.uiTool.name}\`. Exactly one row of the host's decision table does not pass. Which row, and which rules does it cite?`;
    case "csp-header":
      return `The agent calls \`${s.uiTool.name}\`. Which \`${directive}\` directive does the view's Content-Security-Policy carry?`;
  }
}

/** The simulator link for an item's scenario (`#s=` fragment, as the simulator's Share writes). */
export async function drillSimulatorLink(item: Pick<DrillItem, "scenario">): Promise<string> {
  const { encodeScenarioLink } = await import("../simulator/share");
  return `/simulator#s=${await encodeScenarioLink(item.scenario)}`;
}
