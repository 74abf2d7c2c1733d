import { describe, expect, it } from "vitest";
import { coldSegments, formatColdSegments, type ColdSample } from "./cold-segments";

const sample = (times: number[]): ColdSample => {
  const [document, hydrated, runner, runStart, ticket, proxyReady, initialized, result] = times;
  return {
    document,
    hydrated,
    runner,
    runStart,
    ticket,
    proxyReady,
    initialized,
    result,
  } as ColdSample;
};

describe("coldSegments", () => {
  it("gives each step's median time and the median of each sample's own segment", () => {
    const rows = coldSegments([
      sample([10, 100, 150, 160, 170, 300, 350, 360]),
      sample([20, 200, 260, 270, 290, 400, 470, 480]),
      sample([30, 300, 310, 330, 340, 500, 520, 540]),
    ]);
    expect(rows.map((r) => r.at)).toEqual([20, 200, 260, 270, 290, 400, 470, 480]);
    // hydrated − document per sample: 90, 180, 270 → 180; runner − hydrated: 50, 60, 10 → 50.
    expect(rows.map((r) => r.segment)).toEqual([20, 180, 50, 10, 10, 130, 50, 10]);
  });

  it("measures a segment from the last step the sample recorded, and skips missing ones in medians", () => {
    const rows = coldSegments([sample([10, 100, 150, 160, NaN, 300, 350, 360])]);
    expect(rows.find((r) => r.step === "ticket")!.at).toBeNaN();
    expect(rows.find((r) => r.step === "proxyReady")!.segment).toBe(140);
  });

  it("prints one line per step with its share of the total", () => {
    const lines = formatColdSegments(
      coldSegments([sample([10, 100, 150, 160, 170, 300, 350, 400])]),
      (ms) => `${ms} ms`,
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain("page hydrated");
    expect(lines[1]).toContain("+    90 ms (23 %)");
  });
});
