import { describe, expect, it } from "vitest";
import * as S from "./shape";

function refusal(shape: S.Shape<unknown>, value: unknown): string {
  const result = S.check(shape, value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  return `${result.path.join(".")}: ${result.message}`;
}

describe("progress shapes", () => {
  it("accepts scalars of the declared kind and refuses others, saying what it got", () => {
    expect(S.check(S.string(), "a")).toEqual({ success: true, data: "a" });
    expect(refusal(S.string(), 3)).toBe(": expected a string, got number 3");
    expect(refusal(S.string({ min: 1 }), "")).toMatch(/at least 1 characters/);
    expect(refusal(S.boolean, "true")).toBe(': expected true or false, got the string "true"');
    expect(S.check(S.count, 0).success).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, Infinity, "1", null]) {
      expect(S.check(S.count, bad).success).toBe(false);
    }
    const fraction = S.number({ min: 0, max: 1 });
    expect(S.check(fraction, 0.7).success).toBe(true);
    expect(refusal(fraction, 1.2)).toBe(
      ": expected a number of at least 0 of at most 1, got number 1.2",
    );
    expect(S.check(S.number({ integer: true, positive: true }), 0).success).toBe(false);
    expect(refusal(S.oneOf(["a", 2]), "b")).toBe(': expected one of "a", 2, got the string "b"');
  });

  it("takes only UTC date-times as toISOString writes them", () => {
    expect(S.check(S.isoDateTime, new Date(0).toISOString()).success).toBe(true);
    expect(S.check(S.isoDateTime, "2026-11-30T12:00:00Z").success).toBe(true);
    for (const bad of ["2026-11-30", "2026-13-01T00:00:00Z", "2026-11-30T12:00:00+01:00", "x", 0]) {
      expect(S.check(S.isoDateTime, bad).success, String(bad)).toBe(false);
    }
  });

  it("checks objects strictly: unknown and missing fields are named", () => {
    const shape = S.object({ a: S.string(), b: S.optional(S.count) });
    expect(S.check(shape, { a: "x" })).toEqual({ success: true, data: { a: "x" } });
    expect(S.check(shape, { a: "x", b: 2 })).toEqual({ success: true, data: { a: "x", b: 2 } });
    expect(refusal(shape, { a: "x", c: 1 })).toBe("c: unknown field");
    expect(refusal(shape, { b: 1 })).toBe("a: missing");
    expect(refusal(shape, { a: "x", b: undefined })).toBe(
      "b: expected an integer of at least 0, got undefined",
    );
    expect(refusal(shape, [])).toBe(": expected an object, got an array");
    expect(refusal(shape, null)).toBe(": expected an object, got null");
  });

  it("names the path of a bad value inside records, arrays and nullables", () => {
    const shape = S.object({
      byId: S.record(S.object({ tags: S.array(S.string(), { min: 1 }) })),
      current: S.nullable(S.count),
    });
    expect(S.check(shape, { byId: { q1: { tags: ["t"] } }, current: null }).success).toBe(true);
    expect(refusal(shape, { byId: { q1: { tags: ["t", 4] } }, current: 0 })).toBe(
      "byId.q1.tags.1: expected a string, got number 4",
    );
    expect(refusal(shape, { byId: { q1: { tags: [] } }, current: 0 })).toMatch(
      /^byId\.q1\.tags: expected an array of at least 1 items/,
    );
    expect(refusal(shape, { byId: {}, current: -2 })).toMatch(/^current: /);
  });

  it("chooses a tagged union's option by its tag and refuses unknown tags", () => {
    const shape = S.tagged("type", {
      a: S.object({ type: S.oneOf(["a"]), n: S.count }),
      b: S.object({ type: S.oneOf(["b"]), s: S.string() }),
    });
    expect(S.check(shape, { type: "b", s: "x" }).success).toBe(true);
    expect(refusal(shape, { type: "a", s: "x" })).toBe("s: unknown field");
    expect(refusal(shape, { type: "c" })).toBe(
      'type: expected one of "a", "b", got the string "c"',
    );
    expect(refusal(shape, { type: "toString" })).toMatch(/^type: expected one of/);
  });

  it("returns a copy that keeps only declared fields, never the input object itself", () => {
    const input = { a: "x" };
    const result = S.check(S.object({ a: S.string() }), input);
    expect(result.success && result.data).not.toBe(input);
  });

  it("lets errors that are not shape errors through", () => {
    const boom: S.Shape<never> = () => {
      throw new TypeError("boom");
    };
    expect(() => S.check(boom, 1)).toThrow(TypeError);
  });
});

describe("keys that would reach an object's prototype", () => {
  it("refuses __proto__, constructor and prototype as map keys, naming the key", () => {
    const map = S.record(S.count);
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const value = JSON.parse(`{"a": 1, ${JSON.stringify(key)}: 2}`);
      expect(refusal(map, value)).toBe(`${key}: the key "${key}" is not allowed`);
    }
    const nested = S.object({ m: S.record(S.record(S.boolean)) });
    expect(refusal(nested, JSON.parse('{"m": {"x": {"__proto__": true}}}'))).toBe(
      'm.x.__proto__: the key "__proto__" is not allowed',
    );
    expect(S.check(map, { a: 1, proto: 2 })).toEqual({ success: true, data: { a: 1, proto: 2 } });
  });
});
