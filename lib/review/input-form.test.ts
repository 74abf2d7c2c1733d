import { describe, expect, it } from "vitest";
import {
  argumentsFrom,
  formFromSchema,
  initialValues,
  optionValue,
  WHOLE_FIELD,
} from "./input-form";

const schema = {
  type: "object",
  properties: {
    city: { type: "string", description: "Where" },
    days: { type: "integer", minimum: 1, maximum: 14, default: 3 },
    ratio: { type: "number" },
    metric: { type: "boolean" },
    unit: { enum: ["c", "f"], default: "c" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { a: { type: "string" } } },
    note: { type: ["string", "null"] },
  },
  required: ["city", "days"],
};

describe("formFromSchema", () => {
  it("maps each property shape to its field, with required marks and defaults", () => {
    const form = formFromSchema(schema);
    expect(form.whole).toBe(false);
    expect(form.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["city", "string", true],
      ["days", "integer", true],
      ["ratio", "number", false],
      ["metric", "boolean", false],
      ["unit", "enum", false],
      ["tags", "string-array", false],
      ["filter", "json", false],
      ["note", "string", false],
    ]);
    expect(initialValues(form)).toMatchObject({ days: "3", unit: optionValue("c"), metric: false });
  });

  it("an empty object schema (the real servers' get-time) has no fields and sends {}", () => {
    const form = formFromSchema({ type: "object", properties: {} });
    expect(form.fields).toEqual([]);
    expect(argumentsFrom(form, initialValues(form))).toEqual({ ok: true, arguments: {} });
  });

  it("a schema that is not a plain object of properties becomes one JSON field", () => {
    const form = formFromSchema({ oneOf: [{ type: "object" }, { type: "object" }] });
    expect(form.whole).toBe(true);
    expect(argumentsFrom(form, { [WHOLE_FIELD]: '{"a": 1}' })).toEqual({
      ok: true,
      arguments: { a: 1 },
    });
    expect(argumentsFrom(form, { [WHOLE_FIELD]: "[1]" })).toMatchObject({ ok: false });
  });
});

describe("argumentsFrom", () => {
  const form = formFromSchema(schema);

  it("converts values to their types and leaves empty optional fields out", () => {
    const values = {
      ...initialValues(form),
      city: "Oslo",
      ratio: "0.5",
      metric: true,
      tags: "a\n\n b \n",
      filter: '{"a": "x"}',
    };
    expect(argumentsFrom(form, values)).toEqual({
      ok: true,
      arguments: {
        city: "Oslo",
        days: 3,
        ratio: 0.5,
        metric: true,
        unit: "c",
        tags: ["a", "b"],
        filter: { a: "x" },
      },
    });
  });

  it("names the field of every error", () => {
    const result = argumentsFrom(form, {
      ...initialValues(form),
      city: "",
      days: "2.5",
      ratio: "lots",
      filter: "{nope",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.field)).toEqual(["city", "days", "ratio", "filter"]);
    expect(result.errors[0]!.message).toBe('"city" is required');
    expect(result.errors[1]!.message).toMatch(/"days" must be a whole number/);
    expect(result.errors[3]!.message).toMatch(/^"filter" is not valid JSON/);
  });

  it("enforces minimum and maximum", () => {
    const r = argumentsFrom(form, { ...initialValues(form), city: "x", days: "30" });
    expect(r).toMatchObject({
      ok: false,
      errors: [{ field: "days", message: '"days" must be at most 14' }],
    });
  });

  it('keeps enum values of other types apart (1 is not "1")', () => {
    const f = formFromSchema({ type: "object", properties: { n: { enum: [1, "1"] } } });
    expect(argumentsFrom(f, { n: optionValue(1) })).toEqual({ ok: true, arguments: { n: 1 } });
    expect(argumentsFrom(f, { n: optionValue("1") })).toEqual({ ok: true, arguments: { n: "1" } });
  });
});

// Issue #37 item 1: --render previews every UI tool, and a required argument must not stop it.
describe("sample values for a preview (no call is made)", () => {
  it("fills each required field from its example, format, enum, bounds or type, and leaves the rest", async () => {
    const { sampleValues } = await import("./input-form");
    const form = formFromSchema({
      type: "object",
      required: ["room", "day", "mail", "site", "size", "count", "kind", "tags", "on", "extra"],
      properties: {
        room: { type: "string", examples: ["Aula B"] },
        day: { type: "string", format: "date" },
        mail: { type: "string", format: "email" },
        site: { type: "string", format: "uri" },
        size: { type: "number", minimum: 5 },
        count: { type: "integer" },
        kind: { enum: ["small", "large"] },
        tags: { type: "array", items: { type: "string" } },
        on: { type: "boolean" },
        extra: { type: "object", properties: { a: { type: "string" } } },
        note: { type: "string" },
      },
    });
    const values = sampleValues(form, initialValues(form));
    const parsed = argumentsFrom(form, values);
    expect(parsed).toEqual({
      ok: true,
      arguments: {
        room: "Aula B",
        day: "2026-01-26",
        mail: "someone@example.com",
        site: "https://example.com/",
        size: 5,
        count: 1,
        kind: "small",
        tags: ["sample"],
        on: false,
        extra: {},
      },
    });
  });

  it("keeps what the person typed", async () => {
    const { sampleValues } = await import("./input-form");
    const form = formFromSchema({
      type: "object",
      required: ["room"],
      properties: { room: { type: "string" } },
    });
    expect(sampleValues(form, { room: "B12" })).toEqual({ room: "B12" });
    expect(argumentsFrom(form, sampleValues(form, { room: "" }))).toEqual({
      ok: true,
      arguments: { room: "sample" },
    });
  });
});
