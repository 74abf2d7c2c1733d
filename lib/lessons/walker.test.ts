import { beforeAll, describe, expect, it } from "vitest";
import { loadScenarioFiles, type ScenarioFile } from "@/lib/content/scenarios";
import { ROWS } from "@/lib/simulator/constants";
import { decide } from "@/lib/decide";
import { WALKER_DEFAULTS, WALKER_ROWS, walkerInputs, type WalkerSettings } from "./walker";

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

/**
 * One setting per row that makes that row fail. The walker numbers its rows; the numbers must be
 * the order in which `decide()` evaluates them: every row before a failure was evaluated, every
 * row after it is skipped as moot.
 */
const FAILING: Partial<Record<(typeof WALKER_ROWS)[number]["row"], Partial<WalkerSettings>>> = {
  visibility: { visibility: "app" },
  negotiation: { client: "none" },
  mime: { mime: "html" },
  csp: { csp: "outside", outOfPolicy: "text" },
};

describe("the walker's numbering", () => {
  it("lists the rows in the order decide() returns them", () => {
    const d = decide(walkerInputs(WALKER_DEFAULTS));
    expect(WALKER_ROWS.map((r) => r.row)).toEqual(d.rows.map((r) => r.row));
    WALKER_ROWS.forEach((r, i) => expect(r.label.startsWith(`${i + 1}. `), r.label).toBe(true));
  });

  for (const [row, settings] of Object.entries(FAILING)) {
    it(`evaluates every row numbered before ${row}, and skips every row after it, when ${row} fails`, () => {
      const d = decide(walkerInputs({ ...WALKER_DEFAULTS, ...settings }));
      const verdict = new Map(d.rows.map((r) => [r.row, r.verdict]));
      const at = WALKER_ROWS.findIndex((r) => r.row === row);
      expect(verdict.get(row as never)).toBe("fail");
      WALKER_ROWS.forEach((r, i) => {
        if (i < at) expect(verdict.get(r.row), `${r.row} before ${row}`).not.toBe("skip");
        if (i > at) expect(verdict.get(r.row), `${r.row} after ${row}`).toBe("skip");
      });
    });
  }
});
