import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { asRecord } from "../host/wire";

/** The text a preview's sample result carries, so nobody takes it for the server's answer. */
export const SAMPLE_TEXT =
  "A sample result from the academy's review: the tool was not called, so this is not its answer.";

const MAX_DEPTH = 6;

/**
 * A value that fits `schema`, as plain as the schema allows: its `const`, first `enum` value,
 * `default` or first example when it gives one, else the empty value of its type with every
 * required property filled in. Unknown or unsatisfiable shapes give `null`.
 */
export function sampleFor(schema: unknown, depth = 0): unknown {
  const s = asRecord(schema);
  if (!s || depth > MAX_DEPTH) return null;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ("default" in s) return s.default;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  const options = (s.anyOf ?? s.oneOf) as unknown;
  if (Array.isArray(options) && options.length) return sampleFor(options[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return "sample".padEnd(typeof s.minLength === "number" ? s.minLength : 0, "·");
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 0;
    case "boolean":
      return false;
    case "array": {
      const n = typeof s.minItems === "number" ? Math.min(s.minItems, 3) : 0;
      return Array.from({ length: n }, () => sampleFor(s.items, depth + 1));
    }
    case "object":
    case undefined: {
      if (type === undefined && !s.properties) return null;
      const props = asRecord(s.properties) ?? {};
      const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
      const out: Record<string, unknown> = {};
      for (const key of required) {
        if (typeof key === "string") out[key] = sampleFor(props[key], depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * What a preview hands the view in place of the server's answer: a text that says it is a sample
 * and, when the tool declares an `outputSchema`, structured content shaped by it.
 */
export function sampleResultFor(tool: Pick<Tool, "outputSchema">): CallToolResult {
  const structured = tool.outputSchema ? asRecord(sampleFor(tool.outputSchema)) : undefined;
  return {
    content: [{ type: "text", text: SAMPLE_TEXT }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}
