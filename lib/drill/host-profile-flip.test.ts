import { describe, expect, it } from "vitest";
import type { Decision } from "../decide";
import { FIELD_ROWS, FIELD_VALUES, isReferenceValue } from "../decide/host-fields";
import {
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type ProfileFieldName,
} from "../decide/host-profile";
import { ROWS } from "../decide/vocabulary";
import { loadScenarioFiles } from "../content/scenarios";
import { previewDecision } from "../simulator/preview";
import { resolvePorts, type Scenario } from "../simulator/scenario";
import { generateDrillItem } from "./generator";
import { DRILL_TOPICS } from "./space";

// The hand-written table FIELD_ROWS (lib/decide/host-fields.ts) says which rows of the decision
// table each profile field may change. Here each field is flipped alone, to each of its other
// values, over 1,000 drawn scenarios, and every row the table does not name for it is found as it
// was, but for rows that an earlier change makes reached or unreached (then "skip" on one side).

const N = 1000;
// The drills' own scenarios: varied by construction (at least 80 distinct cases in every 100).
const scenarios: Scenario[] = Array.from(
  { length: N },
  (_, i) =>
    generateDrillItem({ seed: `flip-${i}`, topic: DRILL_TOPICS[i % DRILL_TOPICS.length]! })
      .scenario,
);
const presets = (await loadScenarioFiles()).map((f) => resolvePorts(f.scenario, 3000));

const rowOf = (d: Decision, row: string) => d.rows.find((r) => r.row === row)!;
const sameRow = (a: Decision, b: Decision, row: string) =>
  JSON.stringify(rowOf(a, row)) === JSON.stringify(rowOf(b, row)) &&
  (row !== "csp" || a.csp?.header === b.csp?.header);

const flips = PROFILE_FIELDS.flatMap((field) =>
  (FIELD_VALUES[field] as readonly unknown[])
    .filter((v) => !isReferenceValue(field, v as never))
    .map((value) => [field, value] as const),
);

describe("a host profile set to the reference", () => {
  it("decides every drawn scenario and every preset exactly as today's engine", () => {
    for (const s of [...scenarios, ...presets]) {
      expect(previewDecision(s, { ...REFERENCE_BEHAVIOURS }), s.id).toEqual(previewDecision(s));
    }
  });
});

describe("each profile field, flipped alone, changes only the rows FIELD_ROWS names", () => {
  it.each(flips.map(([f, v]) => [`${f} = ${JSON.stringify(v)}`, f, v] as const))(
    "%s",
    (_name, field: ProfileFieldName, value: unknown) => {
      const listed = FIELD_ROWS[field];
      const flipped = { ...REFERENCE_BEHAVIOURS, [field]: value } as HostBehaviours;
      let changed = 0;
      for (const s of [...scenarios, ...presets]) {
        const before = previewDecision(s);
        const after = previewDecision(s, flipped);
        const listedChanged = listed.some((r) => !sameRow(before, after, r));
        if (listedChanged) changed++;
        for (const row of ROWS) {
          if (listed.includes(row) || sameRow(before, after, row)) continue;
          // Another row may only start or stop being reached, and only when a named row moved.
          const a = rowOf(before, row).verdict;
          const b = rowOf(after, row).verdict;
          expect(a === "skip" || b === "skip", `${s.id}: ${row} changed (${a} → ${b})`).toBe(true);
          expect(listedChanged, `${s.id}: ${row} changed with no named row moving`).toBe(true);
        }
        if (listed.length === 0) expect(after, s.id).toEqual(before);
      }
      // The table is not vacuous: a field with rows moves one in some drawn scenario or preset.
      if (listed.length) expect(changed, "scenarios where a named row moved").toBeGreaterThan(0);
    },
  );
});
