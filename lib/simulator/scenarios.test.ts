import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { ROWS } from "./constants";
import { runHeadless } from "./run";
import { resolvePorts } from "./scenario";
import { previewDecision } from "./preview";

const files = await loadScenarioFiles();

describe("scenario presets", () => {
  it("are at least 20, covering pass and fail of every row", () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const row of ROWS) {
      for (const verdict of ["pass", "fail"] as const) {
        const n = files.filter((f) => f.scenario.expect.rows[row] === verdict).length;
        expect(n, `${row}:${verdict}`).toBeGreaterThan(0);
      }
    }
  });

  // Each expect block was written from the rules, without reading the engine.
  it.each(files.map((f) => [f.file, f] as const))(
    "%s plays out as its expect block says",
    async (_file, f) => {
      const s = resolvePorts(f.scenario, 3000);
      const want = s.expect!;
      const result = await runHeadless(s);
      const got = Object.fromEntries(result.decision.rows.map((r) => [r.row, r.verdict]));
      expect(got).toEqual(want.rows);
      expect(result.outcome).toBe(want.outcome);
      if (want.era) expect(result.era?.session).toBe(want.era);
      // NEG-6: the negotiation row names the era whose rule judged it.
      const negotiation = result.decision.rows.find((r) => r.row === "negotiation")!;
      if (want.era) expect(negotiation.reason).toContain(`${want.era} era`);
      if (want.appCall) expect(result.appCall).toBe(want.appCall);
      if (want.cspHeader !== undefined) expect(result.decision.csp?.header).toBe(want.cspHeader);
      if (want.allow !== undefined) expect(result.decision.permissions?.allow).toBe(want.allow);
      // BRG-3: how the agent's call ended for the view, and how many partial inputs it was sent.
      if (want.toolCall) expect(result.toolCall?.state).toBe(want.toolCall);
      if (want.inputPartials !== undefined)
        expect(result.toolCall?.partials).toBe(want.inputPartials);
      for (const row of result.decision.rows) {
        if (row.verdict !== "skip") expect(row.ruleIds.length, row.row).toBeGreaterThan(0);
      }
    },
  );
});

describe("the instant preview", () => {
  it.each(files.map((f) => [f.file, f] as const))(
    "%s: agrees with the real run",
    async (_file, f) => {
      const s = resolvePorts(f.scenario, 3000);
      const preview = previewDecision(s);
      const real = await runHeadless(s);
      expect(preview.rows.map((r) => [r.row, r.verdict])).toEqual(
        real.decision.rows.map((r) => [r.row, r.verdict]),
      );
      expect(preview.csp?.header).toBe(real.decision.csp?.header);
      // The preview cannot know that a rendered view will never answer; the run can.
      expect(preview.outcome).toBe(real.outcome === "timed-out" ? "rendered" : real.outcome);
    },
  );
});
