import { afterEach, describe, expect, it } from "vitest";
import { FIRST_MARKS, markFirst } from "./first-marks";

describe("markFirst", () => {
  afterEach(() => performance.clearMarks());

  it("keeps only the first mark of each step, however often the step happens", () => {
    markFirst(FIRST_MARKS.ticket);
    const first = performance.getEntriesByName(FIRST_MARKS.ticket, "mark")[0]!.startTime;
    for (let i = 0; i < 5; i++) markFirst(FIRST_MARKS.ticket);
    const marks = performance.getEntriesByName(FIRST_MARKS.ticket, "mark");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.startTime).toBe(first);
    markFirst(FIRST_MARKS.initialized);
    expect(performance.getEntriesByType("mark").map((m) => m.name)).toEqual([
      FIRST_MARKS.ticket,
      FIRST_MARKS.initialized,
    ]);
  });
});
