import { describe, expect, it } from "vitest";
import {
  filterMatrix,
  MATRIX_LOCATIONS,
  parseMatrix,
  pickExerciseFields,
  type MatrixField,
} from "./matrix";

const field = (over: Partial<MatrixField>): MatrixField => ({
  id: "x",
  field: "_meta.ui.x",
  location: "resource",
  stability: "stable",
  meaning: "A fixture field for the matrix tests.",
  notes: "Nothing to note here at all.",
  rules: ["RES-6"],
  lesson: "fixture",
  section: "fixture",
  ...over,
});

describe("metadata matrix", () => {
  it("names the file and field of a bad entry", () => {
    const text = JSON.stringify({
      version: 1,
      source: "A fixture matrix file.",
      fields: [field({ rules: ["RES-99"] })],
    });
    expect(() => parseMatrix(text, "content/matrix/fields.json")).toThrow(
      /^content\/matrix\/fields\.json: fields\[0\]\.rules\[0\]: unknown rule ID "RES-99"/,
    );
  });

  it("filters by location and by every word of the query, rule IDs included", () => {
    const rows = [
      field({
        id: "a",
        field: "_meta.ui.visibility",
        location: "tool-definition",
        rules: ["TOOL-2"],
      }),
      field({ id: "b", field: "_meta.ui.csp.connectDomains", rules: ["CSP-1"] }),
      field({ id: "c", field: "content", location: "tool-result", rules: ["OUT-1"] }),
    ];
    const all = new Set(MATRIX_LOCATIONS);
    expect(filterMatrix(rows, "", all)).toHaveLength(3);
    expect(filterMatrix(rows, "csp-1", all).map((f) => f.id)).toEqual(["b"]);
    expect(
      filterMatrix(rows, "meta ui", new Set(["tool-definition"] as const)).map((f) => f.id),
    ).toEqual(["a"]);
  });

  it("picks exercise fields round-robin, so every location is asked about", () => {
    const rows = MATRIX_LOCATIONS.flatMap((location, i) =>
      [0, 1, 2].map((n) => field({ id: `${i}-${n}`, location })),
    );
    const picked = pickExerciseFields(rows, 6);
    expect(picked.map((f) => f.id)).toEqual(["0-0", "1-0", "2-0", "3-0", "4-0", "0-1"]);
  });
});
