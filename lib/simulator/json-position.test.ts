import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateJsonPath } from "./json-position";

describe("locating a path in JSON text", () => {
  const text = `{
  "a": 1,
  "b": { "c": [10, { "d": "x\\"}" }], "e": null },
  "consnet": "ask"
}`;

  it("finds a top-level key, a nested key and an array element", () => {
    expect(locateJsonPath(text, ["consnet"])).toEqual({ line: 4, column: 3 });
    expect(locateJsonPath(text, ["b", "e"])).toEqual({ line: 3, column: 38 });
    expect(locateJsonPath(text, ["b", "c", 1, "d"])).toEqual({ line: 3, column: 22 });
    expect(locateJsonPath(text, ["b", "c", 0])).toEqual({ line: 3, column: 16 });
  });

  it("returns undefined for a path the text does not have", () => {
    expect(locateJsonPath(text, ["nope"])).toBeUndefined();
    expect(locateJsonPath(text, ["b", "c", 5])).toBeUndefined();
  });

  it("finds every top-level key of any object at the offset where it is written", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()), (obj) => {
        const t = JSON.stringify(obj, null, 2);
        for (const key of Object.keys(obj)) {
          const at = locateJsonPath(t, [key])!;
          const line = t.split("\n")[at.line - 1]!;
          expect(line.slice(at.column - 1).startsWith(JSON.stringify(key))).toBe(true);
        }
      }),
    );
  });
});
