import type { RowName } from "./vocabulary";

export type VerdictValue = "pass" | "fail" | "skip";

/**
 * A "fail" that is the host doing what it should, not a fault: `required` when a rule says the
 * host MUST refuse (an app-only tool left out of the agent's list, TOOL-3); `host-policy` when
 * the spec lets a host restrict further and this host does (an origin outside its policy, CSP-5,
 * a seed's host-policy reading, not a spec MUST).
 */
type Refusal = "required" | "host-policy";

/** One row of the decision table: the verdict, the rules it rests on, and why, in one sentence. */
export interface Verdict {
  row: RowName;
  verdict: VerdictValue;
  /** Set only on a "fail" that is an intended refusal (see Refusal). */
  refusal?: Refusal;
  ruleIds: string[];
  reason: string;
}

/** What the table prints for a verdict: "pass", "fail", "skip" or an intended refusal's words. */
export function refusalLabel(v: Pick<Verdict, "verdict" | "refusal">): string {
  if (v.verdict !== "fail" || !v.refusal) return v.verdict;
  return v.refusal === "required"
    ? "refused — as the spec requires"
    : "refused — host policy, as the spec allows";
}

/** The legend shown with verdicts: each word, and what it means. */
export const VERDICT_LEGEND: readonly { label: string; className: string; meaning: string }[] = [
  { label: "pass", className: "verdict-pass", meaning: "the check passed and the host goes on" },
  {
    label: "refused — as the spec requires",
    className: "verdict-refused",
    meaning: "the host refuses because a rule says it must: correct behaviour, not a failure",
  },
  {
    label: "refused — host policy, as the spec allows",
    className: "verdict-refused",
    meaning: "the spec lets a host restrict further and this host does: a host choice",
  },
  {
    label: "fail",
    className: "verdict-fail",
    meaning: "something the server or view sent is wrong",
  },
  { label: "skip", className: "muted", meaning: "not reached: an earlier row decided the outcome" },
];

export function skip(row: RowName, reason: string): Verdict {
  return { row, verdict: "skip", ruleIds: [], reason };
}
