/**
 * Node-side half of `--call` (issue #21, item 6): structuredContent checked against the tool's
 * outputSchema with the SDK's own JSON Schema validator (Ajv). Kept out of collect.ts and
 * report.ts, which a browser page also loads, so the page does not carry a validator it never uses.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import type { ReviewInput } from "./collect";

/**
 * Fills `input.call.schemaProblems` when the call returned a result and the tool declares an
 * outputSchema: [] when structuredContent conforms, else the validator's complaint (or why the
 * schema itself could not be used). Leaves everything else as it was.
 */
export function checkCallAgainstSchema(input: ReviewInput): ReviewInput {
  const call = input.call;
  if (!call || call.outcome.kind !== "result" || call.outputSchema === undefined) return input;
  const result = call.outcome.result;
  if (!("structuredContent" in result)) return input;
  let problems: string[];
  try {
    const validate = new AjvJsonSchemaValidator().getValidator(call.outputSchema as never);
    const v = validate(result.structuredContent);
    problems = v.valid ? [] : [v.errorMessage];
  } catch (e) {
    problems = [
      `the outputSchema could not be compiled: ${e instanceof Error ? e.message : String(e)}`,
    ];
  }
  return { ...input, call: { ...call, schemaProblems: problems } };
}
