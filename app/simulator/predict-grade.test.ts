import { describe, expect, it } from "vitest";
import { PREDICT_CHOICES, isRowPredictionRight } from "./predict-grade";

describe("predict mode's choices and grading (#35 item 6)", () => {
  it("offers the refusal the table prints, and grades predicting it as right", () => {
    const refused = { verdict: "fail" as const, refusal: "required" as const };
    expect(PREDICT_CHOICES).toContain("refused — as the spec requires");
    expect(isRowPredictionRight("refused — as the spec requires", refused)).toBe(true);
    expect(isRowPredictionRight("fail", refused)).toBe(false);
  });

  it("keeps a plain fail, a pass and a skip as they were", () => {
    expect(isRowPredictionRight("fail", { verdict: "fail" })).toBe(true);
    expect(isRowPredictionRight("pass", { verdict: "pass" })).toBe(true);
    expect(isRowPredictionRight("skip", { verdict: "skip" })).toBe(true);
    expect(isRowPredictionRight(undefined, { verdict: "skip" })).toBe(false);
    expect(PREDICT_CHOICES).toEqual(expect.arrayContaining(["pass", "fail", "skip"]));
  });
});
