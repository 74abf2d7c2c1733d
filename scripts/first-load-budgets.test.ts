import { describe, expect, it } from "vitest";
import { checkBudgets } from "./first-load-budgets";

describe("checkBudgets", () => {
  const budgets = { "/a": { max: 150, target: 140 }, "/b": { max: 100, target: 100 } };

  it("passes routes at or under their max, saying how far each is from its target", () => {
    const r = checkBudgets({ "/a": 145.04, "/b": 99, "/other": 500 }, budgets);
    expect(r.failures).toEqual([]);
    expect(r.lines[0]).toMatch(
      /^ok +\/a +145\.0 KiB \(max 150, target 140, 5\.0 KiB above its target\)$/,
    );
    expect(r.lines[1]).toContain("at its target");
  });

  it("fails a route over its max and a budgeted route the build did not list", () => {
    const r = checkBudgets({ "/a": 150.2 }, budgets);
    expect(r.failures).toEqual([
      "/a: 150.2 KiB gzipped is over its budget of 150 KiB",
      "/b: not in the build's route list (renamed? update the budgets)",
    ]);
    expect(r.lines[0]).toMatch(/^OVER/);
  });
});
