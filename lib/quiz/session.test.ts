import { describe, expect, it } from "vitest";
import { EXAM_SIZE } from "./exam";
import { examKindOf, fullExamsTaken } from "./session";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `q${i}`);

describe("the kind of a submitted exam", () => {
  it("is the kind saved with it", () => {
    expect(examKindOf({ kind: "retake", questionIds: ids(EXAM_SIZE) })).toBe("retake");
    expect(examKindOf({ kind: "full", questionIds: ids(EXAM_SIZE) })).toBe("full");
    expect(examKindOf({ kind: "topic", questionIds: ids(10) })).toBe("topic");
  });

  it("without a saved kind, is a shorter exam when it has fewer questions than a full one, else not known", () => {
    // Every full exam has drawn EXAM_SIZE questions, so fewer is a retake or a topic exam; a
    // record of EXAM_SIZE may still be a retake of that many missed, so it is not called full.
    expect(examKindOf({ questionIds: ids(1) })).toBe("shorter");
    expect(examKindOf({ questionIds: ids(EXAM_SIZE - 1) })).toBe("shorter");
    expect(examKindOf({ questionIds: ids(EXAM_SIZE) })).toBe("unrecorded");
  });

  it("counts full exams only (and records without a kind that may be one) as exams taken", () => {
    const history = [
      { kind: "retake" as const, questionIds: ids(1) },
      { kind: "topic" as const, questionIds: ids(10) },
      { kind: "full" as const, questionIds: ids(EXAM_SIZE) },
      { questionIds: ids(EXAM_SIZE) },
      { questionIds: ids(2) },
    ];
    expect(fullExamsTaken(history)).toBe(2);
    expect(fullExamsTaken(history.slice(0, 2))).toBe(0);
  });
});
