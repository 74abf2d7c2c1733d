/**
 * The conformance server handed to the simulator as the conformance preset's main server
 * (conformanceMainServer), through the runner's `mainServer`, the way the simulator page and
 * `npm run simulate` hand it: the run is the conformance server's, and the preset's expect block
 * holds. The simulator itself imports nothing from lib/conformance (.dependency-cruiser.cjs).
 */
import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { runHeadless } from "../simulator/run";
import { resolvePorts } from "../simulator/scenario";
import { TOOLS } from "../conformance-ids";
import { conformanceMainServer } from "./main-server";

const preset = async (id: string) => {
  const file = (await loadScenarioFiles()).find((f) => f.scenario.id === id);
  if (!file) throw new Error(`no preset ${id}`);
  return resolvePorts(file.scenario, 3000);
};

describe("the conformance server handed to the simulator", () => {
  it("serves the conformance preset: the agent sees the kit's tools and the expect block holds", async () => {
    const s = await preset("conformance-view");
    const r = await runHeadless(s, { mainServer: conformanceMainServer(s) });
    const names = r.agentTools.map((t) => t.name);
    // Tools only the conformance server registers: the scenario names none of them.
    expect(names).toEqual(expect.arrayContaining([TOOLS.run, TOOLS.report, TOOLS.modelOnly]));
    const got = Object.fromEntries(r.decision.rows.map((row) => [row.row, row.verdict]));
    expect(got).toEqual(s.expect!.rows);
    expect(r.outcome).toBe(s.expect!.outcome);
    expect(r.decision.csp?.header).toBe(s.expect!.cspHeader);
  });

  it("is handed for the conformance view only", async () => {
    expect(conformanceMainServer(await preset("happy-path"))).toBeUndefined();
  });

  it("without it the preset's own simulated server serves the same tool, view and CSP, and the decision is the same", async () => {
    const s = await preset("conformance-view");
    const handed = await runHeadless(s, { mainServer: conformanceMainServer(s) });
    const own = await runHeadless(s);
    expect(own.agentTools.map((t) => t.name)).toEqual([TOOLS.run]);
    expect(own.decision.rows).toEqual(handed.decision.rows);
    expect(own.outcome).toBe(handed.outcome);
  });
});
