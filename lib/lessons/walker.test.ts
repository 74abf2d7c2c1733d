import { beforeAll, describe, expect, it } from "vitest";
import { loadScenarioFiles, type ScenarioFile } from "@/lib/content/scenarios";
import { ROWS } from "@/lib/simulator/constants";
import { decide } from "@/lib/simulator/rules";
import { WALKER_DEFAULTS, walkerInputs, type WalkerSettings } from "./walker";

/**
 * The walker's settings that reproduce each preset's situation. The presets' `expect` blocks
 * were written by hand from the rules, so agreeing with them checks the walker's mapping.
 */
const QUIET: Partial<WalkerSettings> = { csp: "omitted", permissions: "none", appCall: "none" };
const MATCHING: Record<string, Partial<WalkerSettings>> = {
  "happy-path": {},
  "client-without-extension": { ...QUIET, client: "none" },
  "client-mime-types-without-profile": { ...QUIET, client: "no-profile" },
  "server-without-extension": { ...QUIET, server: "missing" },
  "visibility-app-only-ui-tool": { ...QUIET, visibility: "app" },
  "visibility-empty-list": { ...QUIET, visibility: "empty" },
  "mime-plain-text-html": { ...QUIET, mime: "html" },
  "mime-text-html-charset": { ...QUIET, mime: "charset" },
  "missing-resource": { ...QUIET, mime: "missing" },
  "csp-out-of-policy-text": { ...QUIET, csp: "outside", outOfPolicy: "text" },
  "csp-out-of-policy-subset": { ...QUIET, csp: "outside", outOfPolicy: "subset" },
  "csp-flat-array": { ...QUIET, csp: "flat" },
  "csp-omitted-restrictive-default": QUIET,
  "permissions-as-list": { ...QUIET, permissions: "list" },
  "app-calls-model-only-tool": { ...QUIET, appCall: "model-only" },
  "app-calls-other-server-tool": { ...QUIET, appCall: "other-server" },
  "app-calls-unknown-tool": { ...QUIET, appCall: "unknown" },
  "app-call-consent-deny": { ...QUIET, appCall: "own", consent: "deny" },
};

let presets: Map<string, ScenarioFile["scenario"]>;
beforeAll(async () => {
  presets = new Map((await loadScenarioFiles()).map((f) => [f.scenario.id, f.scenario]));
});

describe("decision-table walker", () => {
  it("starts on the happy path: every row passes and the view's call is forwarded", () => {
    const d = decide(walkerInputs(WALKER_DEFAULTS));
    expect(d.rows.map((r) => r.verdict)).toEqual(ROWS.map(() => "pass"));
    expect(d.outcome).toBe("rendered");
    expect(d.appCall?.forward).toBe(true);
  });

  for (const [id, settings] of Object.entries(MATCHING)) {
    it(`gives the rows the preset ${id} expects`, () => {
      const preset = presets.get(id);
      expect(preset, id).toBeDefined();
      const d = decide(walkerInputs({ ...WALKER_DEFAULTS, ...settings }));
      const rows = Object.fromEntries(d.rows.map((r) => [r.row, r.verdict]));
      expect(rows).toEqual(preset!.expect.rows);
      expect(d.outcome).toBe(preset!.expect.outcome);
    });
  }
});
