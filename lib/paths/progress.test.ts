import { describe, expect, it } from "vitest";
import { pathProgress, predictionKey, type PathProgressInput, type ProgressStep } from "./progress";

const at = "2026-11-29T12:00:00.000Z";
const STEPS: ProgressStep[] = [
  { kind: "lesson", lesson: "what-mcp-apps-is" },
  { kind: "preset", preset: "happy-path" },
  { kind: "practice", topic: "NEG", goal: 3 },
  { kind: "server-review" },
  { kind: "exam" },
  { kind: "spaced-review" },
];

function input(over: Partial<PathProgressInput> = {}): PathProgressInput {
  return {
    completedLessons: {},
    answers: {},
    examsTaken: 0,
    dueToday: 0,
    cards: 0,
    topicQuestions: { NEG: ["n1", "n2", "n3", "n4"] },
    ...over,
  };
}

describe("pathProgress", () => {
  it("starts at the first step with nothing done, and does not count the untracked server review", () => {
    const p = pathProgress(STEPS, input());
    expect(p).toMatchObject({ done: 0, tracked: 5, next: 0 });
    expect(p.statuses[3]).toMatchObject({ tracked: false });
    expect(p.statuses[5]).toMatchObject({ done: false, detail: "no cards yet" });
  });

  it("reads lessons completed, predictions made, questions answered, exams taken and cards due", () => {
    const p = pathProgress(
      STEPS,
      input({
        completedLessons: { "what-mcp-apps-is": at },
        answers: { [predictionKey("happy-path")]: {}, n1: {}, n2: {}, other: {} },
        examsTaken: 1,
        cards: 4,
        dueToday: 2,
      }),
    );
    expect(p.statuses.map((s) => s.done)).toEqual([true, true, false, false, true, false]);
    expect(p.statuses[2]!.detail).toBe("2 of 3 answered");
    expect(p.statuses[5]!.detail).toBe("2 due today");
    expect(p).toMatchObject({ done: 3, next: 2 });
  });

  it("counts a practice step done at its goal, and spaced review done for the day when nothing is due", () => {
    const p = pathProgress(
      STEPS,
      input({ answers: { n1: {}, n2: {}, n3: {} }, cards: 3, dueToday: 0 }),
    );
    expect(p.statuses[2]).toMatchObject({ done: true, detail: "3 of 3 answered" });
    expect(p.statuses[5]).toMatchObject({ done: true, detail: "nothing due today" });
  });
});
