import { decideAgentVisibility, decideVisibility, type Decision, type Verdict } from "../decide";
import type { HostBehaviours } from "../decide/host-profile";
import type { RowName } from "../decide/vocabulary";
import type { Scenario } from "../simulator/scenario";

// Reading the key off a decision. Each function is a pure reading of the engine's verdicts; the
// guard test applies the same reading to a real headless run and gets the same text. Every kind
// has a closed set of answers (bar the csp and allow strings, built by the engine), worded so that
// no two of them are true of one scenario.

export const DRILL_KINDS = [
  "outcome",
  "deciding-row",
  "app-call",
  "csp-header",
  "allow",
  "agent-list",
] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];

/** The directives a csp-header item can ask about, and the csp list each is built from. */
export const ASKED_DIRECTIVES = ["connect-src", "script-src", "frame-src", "base-uri"] as const;
export type AskedDirective = (typeof ASKED_DIRECTIVES)[number];
export const DIRECTIVE_LIST = {
  "connect-src": "connectDomains",
  "script-src": "resourceDomains",
  "frame-src": "frameDomains",
  "base-uri": "baseUriDomains",
} as const satisfies Record<AskedDirective, string>;

/**
 * What the host does with the agent's call. Text fallback is two answers, told apart by whether
 * the host read the view first: with the extension not in force it never does (NEG-4 [seed]);
 * otherwise it read it and found it wanting (TOOL-1, RES-2, CSP-5).
 */
export const OUTCOME_TEXT = {
  rendered: "The host renders the view in its sandbox",
  "text-unread": "The host uses the tool's text content without reading the view",
  "text-read": "The host calls resources/read for the view, then uses the tool's text content",
  "not-called": "The tool is left out of the agent's list and is not called",
  "not-connected": "No session opens: the two share no protocol era",
} as const;
export type OutcomeAnswer = keyof typeof OUTCOME_TEXT;

export const APP_CALL_TEXT = {
  forwarded: "Forwarded to the server as an ordinary tools/call (BRG-5)",
  "no-tool": "Refused: no connected server offers that tool (BRG-5)",
  "no-app": 'Refused: the tool\'s visibility lacks "app" (TOOL-4)',
  "other-server": "Refused: the tool belongs to another server (TOOL-5)",
  // Both visibility reasons hold: each alone is true, so the answer names both (issue 36).
  "no-app-other-server":
    'Refused on both counts: its visibility lacks "app" and it belongs to another server (TOOL-4, TOOL-5)',
  consent: "Refused at the consent gate: the host said no (BRG-5)",
  "not-placed": "Not placed: no view is rendered to call it",
} as const;
export type AppCallAnswer = keyof typeof APP_CALL_TEXT;

/**
 * A row of the decision table as an option: the row and what it checks, never its rule IDs (two
 * options naming one row with different rule lists would test the numbering, not the spec).
 */
export const ROW_TEXT: Record<RowName, string> = {
  visibility: "The visibility row: is the tool in the agent's list",
  negotiation: "The negotiation row: is the extension in force on this request",
  mime: "The mime row: is the view there, typed as an app",
  csp: "The csp row: are the declared origins inside host policy",
  permissions: "The permissions row: the grants the view asks for",
  "app-call": "The app-call row: the view's own tools/call",
};

export const NO_HEADER = "No header: the view is not rendered";
/** A host that serves the view with no policy at all (a host profile's; the reference never does). */
export const NO_POLICY = "No Content-Security-Policy at all: the view renders without one";
export const AGENT_LIST_EMPTY = "The agent's list is empty";
export const NO_IFRAME = "No iframe: the view is not rendered";
export const NO_ALLOW = "The iframe carries no allow attribute";

/** Rows that did not pass: a fail or a refusal (skips are moot rows). */
export function failingRows(d: Decision): Verdict[] {
  return d.rows.filter((r) => r.verdict === "fail");
}

/** What the host did with the agent's call, read from the outcome and the row that decided it. */
export function outcomeAnswer(d: Decision): OutcomeAnswer {
  if (d.outcome !== "text") return d.outcome;
  return failingRows(d)[0]?.row === "negotiation" ? "text-unread" : "text-read";
}

/** How the view's call ended, read from the app-call verdict of a decision. */
export function appCallAnswer(d: Decision): AppCallAnswer {
  if (d.outcome !== "rendered" || !d.appCall) return "not-placed";
  const a = d.appCall;
  if (a.forward) return "forwarded";
  if (a.askedConsent) return "consent";
  const noApp = a.ruleIds.includes("TOOL-4");
  const otherServer = a.ruleIds.includes("TOOL-5");
  if (noApp && otherServer) return "no-app-other-server";
  if (otherServer) return "other-server";
  if (noApp) return "no-app";
  return "no-tool";
}

/** One directive of a header, e.g. `connect-src 'self' https://a.example`. */
export function directiveOf(header: string, directive: string): string | undefined {
  return header
    .split(";")
    .map((p) => p.trim())
    .find((p) => p === directive || p.startsWith(`${directive} `));
}

/** The iframe's `allow` attribute as an option: the engine's string, or what stands for none. */
export function allowText(allow: string): string {
  return allow ? `allow="${allow}"` : NO_ALLOW;
}

/** One tool as the agent's list treats it: listed or not, with the visibility rule's reason. */
export interface ListedTool {
  name: string;
  server: "main" | "second";
  listed: boolean;
  ruleIds: string[];
  reason: string;
}

/**
 * Every tool the connected servers list, in listing order (the view's server first), each decided
 * for the agent by the engine's visibility gate (TOOL-2, TOOL-3), as a host profile's
 * `agentVisibility` has it when one is given.
 */
export function agentListOf(s: Scenario, b?: HostBehaviours): ListedTool[] {
  const tools = [
    { name: s.uiTool.name, server: "main" as const, visibility: s.uiTool.visibility },
    ...s.otherTools.filter((t) => t.server === "main"),
    ...s.otherTools.filter((t) => t.server === "second"),
  ];
  return tools.map((t) => {
    if (b && b.agentVisibility !== "filtered") {
      const v = decideAgentVisibility(t.visibility, b.agentVisibility);
      return {
        name: t.name,
        server: t.server,
        listed: v.verdict === "pass",
        ruleIds: v.ruleIds,
        reason: v.reason,
      };
    }
    const d = decideVisibility(t.visibility, { kind: "model" });
    return {
      name: t.name,
      server: t.server,
      listed: d.allowed,
      ruleIds: d.ruleIds,
      reason: d.reason,
    };
  });
}

/** The agent's list as an option: the names it holds, in listing order. */
export function agentListText(names: readonly string[]): string {
  return names.length ? `The agent's list: ${names.join(", ")}` : AGENT_LIST_EMPTY;
}

/**
 * The right option's text for `kind`, read off a decision. For a csp-header item, `directive`
 * names the directive; the view is served no header (and has no iframe) when it is not rendered.
 */
export function answerText(
  kind: DrillKind,
  d: Decision,
  directive?: AskedDirective,
  listed?: readonly string[],
): string {
  switch (kind) {
    case "outcome":
      return OUTCOME_TEXT[outcomeAnswer(d)];
    case "app-call":
      return APP_CALL_TEXT[appCallAnswer(d)];
    case "deciding-row": {
      const failing = failingRows(d);
      return failing.length === 1 ? ROW_TEXT[failing[0]!.row] : "(no single failing row)";
    }
    case "csp-header": {
      if (d.outcome !== "rendered" || !d.csp) return NO_HEADER;
      if (!d.csp.header) return NO_POLICY;
      return directiveOf(d.csp.header, directive!) ?? `${directive} (absent)`;
    }
    case "allow":
      if (d.outcome !== "rendered" || !d.permissions) return NO_IFRAME;
      return allowText(d.permissions.allow);
    case "agent-list":
      return agentListText(listed ?? []);
  }
}

/**
 * The rows a key rests on. Not rendered: the row that stopped the host. Rendered: the row the
 * kind asks about; for an outcome, the csp and permissions rows when they fail or withhold a
 * grant (the view renders anyway), else none (every reached row then counts).
 */
export function decidingRows(kind: DrillKind, d: Decision): Verdict[] {
  const byRow = (r: RowName) => d.rows.find((v) => v.row === r)!;
  const firstFail = failingRows(d)[0];
  // The agent's list is decided before anything else, whatever the outcome.
  if (kind === "agent-list") return [byRow("visibility")];
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
    case "allow":
      return [byRow("permissions")];
  }
}

/** The verdict an explanation leads with: the first deciding row, or the first failing one. */
export function keyVerdict(kind: DrillKind, d: Decision): Verdict | undefined {
  return decidingRows(kind, d)[0] ?? failingRows(d)[0];
}

/** The rule IDs of a verdict, as an explanation cites them: " (A, B)" or "". */
export function rulesOf(v: Pick<Verdict, "ruleIds">): string {
  return v.ruleIds.length ? ` (${v.ruleIds.join(", ")})` : "";
}
