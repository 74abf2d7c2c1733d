import type { RowName } from "./vocabulary";

export type VerdictValue = "pass" | "fail" | "skip";

/** One row of the decision table: the verdict, the rules it rests on, and why, in one sentence. */
export interface Verdict {
  row: RowName;
  verdict: VerdictValue;
  ruleIds: string[];
  reason: string;
}

export function skip(row: RowName, reason: string): Verdict {
  return { row, verdict: "skip", ruleIds: [], reason };
}
