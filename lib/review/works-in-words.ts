import type { WorksInCell, WorksInOutcome, WorksInReason } from "./works-in";
import type { WorksInSource } from "./works-in-hosts";

// "Works in" in a learner's words: the outcomes, the kinds of reason, a source in one line. Type
// imports only, so the /review page can show the table without loading the engine or the
// profiles' field tables in its first load.

const OUTCOME_LABEL: Record<WorksInOutcome, string> = {
  renders: "renders",
  "renders-without": "renders without",
  text: "text only",
  blank: "blank",
  "not-called": "not called",
  "not-connected": "not connected",
};

export const KIND_WORDS: Record<WorksInReason["kind"], string> = {
  violation: "the host breaks the spec",
  variation: "an allowed variation",
  rule: "the spec's own rule",
};

/**
 * What the table is and is not, in the lines the text (after "Works in: ") and the Markdown report
 * both open with.
 */
export const WORKS_IN_INTRO = [
  "what each host is expected to do with each UI tool, predicted from its profile",
  "(content/host-profiles) by the same decisions the simulator makes. Not a live test of the host;",
  "each host is taken to approve every origin the view declares (a host may refuse some, CSP-5).",
] as const;

/** How the source was found and when, e.g. "third-party-prober, 2026-08-20"; empty for the spec. */
export function sourceWhen(s: WorksInSource): string {
  if (s.kind === "spec" || s.kind === "unknown") return "";
  return s.date === null ? s.kind : `${s.kind}, ${s.date}`;
}

/** A source in one line: what it is, how it was found, and when. */
export function sourceLine(s: WorksInSource): string {
  const when = sourceWhen(s);
  const disputed = s.status === "disputed" ? " [disputed: the newest source is used]" : "";
  return `${s.label}${s.url ? ` <${s.url}>` : ""}${when ? ` (${when})` : ""}${disputed}`;
}

/** The cell in a few words: the outcome, and what is lost. */
export function cellSummary(cell: WorksInCell): string {
  const lost = cell.reasons.filter((r) => r.effect === "lost" && r.short).map((r) => r.short);
  return lost.length
    ? `${OUTCOME_LABEL[cell.outcome]}: ${lost.join("; ")}`
    : OUTCOME_LABEL[cell.outcome];
}
