import { refusalLabel, VERDICT_LEGEND, type Verdict } from "@/lib/decide/types";

/**
 * What a learner can predict for a row: the words the decision table itself prints (pass, an
 * intended refusal "as the spec requires" or "host policy, as the spec allows", fail, skip), so a
 * prediction of the refusal the table shows is graded right (issue #35 item 6).
 */
export const PREDICT_CHOICES: readonly string[] = VERDICT_LEGEND.map((l) => l.label);

/** Whether a predicted row matches the decision: compared as the table labels the verdict. */
export function isRowPredictionRight(
  guess: string | undefined,
  actual: Pick<Verdict, "verdict" | "refusal"> | undefined,
): boolean {
  return guess !== undefined && actual !== undefined && guess === refusalLabel(actual);
}
