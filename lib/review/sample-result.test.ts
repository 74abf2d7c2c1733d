import { describe, expect, it } from "vitest";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { sampleFor, sampleResultFor, SAMPLE_TEXT } from "./sample-result";

describe("a preview's sample result", () => {
  it("says it is a sample, and has no structured content when the tool declares no outputSchema", () => {
    expect(sampleResultFor({})).toEqual({ content: [{ type: "text", text: SAMPLE_TEXT }] });
  });

  it("fills every required property of the outputSchema so the result validates against it", () => {
    const schema = {
      type: "object",
      properties: {
        city: { type: "string", minLength: 10 },
        days: {
          type: "array",
          minItems: 2,
          items: {
            type: "object",
            properties: { t: { type: "number", minimum: -40 } },
            required: ["t"],
          },
        },
        unit: { enum: ["C", "F"] },
        ok: { type: "boolean" },
        note: { type: "string" },
        kind: { const: "forecast" },
        count: { type: ["integer", "null"], default: 3 },
      },
      required: ["city", "days", "unit", "ok", "kind", "count"],
      additionalProperties: false,
    };
    const result = sampleResultFor({ outputSchema: schema as never });
    expect(result.structuredContent).toEqual({
      city: "sample····",
      days: [{ t: -40 }, { t: -40 }],
      unit: "C",
      ok: false,
      kind: "forecast",
      count: 3,
    });
    // The SDK's own validator, as the CLI's --call uses it.
    const validate = new AjvJsonSchemaValidator().getValidator(schema as never);
    expect(validate(result.structuredContent)).toMatchObject({ valid: true });
  });

  it("gives null for shapes it cannot satisfy, and stops at a recursive schema's depth", () => {
    expect(sampleFor(undefined)).toBeNull();
    expect(sampleFor({ not: {} })).toBeNull();
    const loop: Record<string, unknown> = { type: "object", required: ["next"], properties: {} };
    (loop.properties as Record<string, unknown>).next = loop;
    expect(JSON.stringify(sampleFor(loop))).toBe(
      '{"next":{"next":{"next":{"next":{"next":{"next":{"next":null}}}}}}}',
    );
  });
});
