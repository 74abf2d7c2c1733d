/**
 * A form for a tool's arguments, built from its JSON Schema `inputSchema`: plain fields for the
 * common property shapes, and a JSON text area for anything else. Pure: the page renders the
 * fields and hands back the raw values; `argumentsFrom` turns them into the call's arguments or
 * into errors that name the field.
 */

type Scalar = string | number | boolean;

interface FieldBase {
  /** The property name (the argument's key). */
  name: string;
  required: boolean;
  title?: string;
  description?: string;
}

export type FormField =
  | (FieldBase & {
      kind: "string";
      default?: string;
      multiline: boolean;
      /** The schema's first example, and its `format`: what a sample value is made from. */
      example?: string;
      format?: string;
    })
  | (FieldBase & {
      kind: "number" | "integer";
      default?: number;
      minimum?: number;
      maximum?: number;
    })
  | (FieldBase & { kind: "boolean"; default?: boolean })
  | (FieldBase & { kind: "enum"; options: Scalar[]; default?: Scalar })
  | (FieldBase & { kind: "string-array"; default?: string[] })
  | (FieldBase & { kind: "json"; default?: unknown; schema: unknown });

export interface ToolForm {
  fields: FormField[];
  /**
   * True when the schema is not an object of properties this builder understands: then `fields`
   * holds one JSON field for the whole arguments object.
   */
  whole: boolean;
}

/** The raw value of a field as a form holds it: text, or a checkbox's state. */
export type RawValues = Record<string, string | boolean>;

export type ArgumentsResult =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; errors: { field: string; message: string }[] };

/** The name the whole-arguments field has when the schema is not a plain object. */
export const WHOLE_FIELD = "(arguments)";

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;

const isScalar = (v: unknown): v is Scalar =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** `type: ["string", "null"]` and `anyOf: [{…}, {type: "null"}]` read as their one real type. */
function unwrapNullable(schema: Record<string, unknown>): Record<string, unknown> {
  const t = schema.type;
  if (Array.isArray(t)) {
    const real = t.filter((x) => x !== "null");
    if (real.length === 1) return { ...schema, type: real[0] };
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const alts = schema[key];
    if (Array.isArray(alts)) {
      const real = alts.filter((a) => record(a)?.type !== "null");
      if (real.length === 1 && alts.length === 2 && record(real[0])) {
        const { [key]: _dropped, ...rest } = schema;
        void _dropped;
        return { ...rest, ...record(real[0]) };
      }
    }
  }
  return schema;
}

function fieldFor(name: string, raw: unknown, required: boolean): FormField {
  const base = {
    name,
    required,
    ...(typeof record(raw)?.title === "string" ? { title: record(raw)!.title as string } : {}),
    ...(typeof record(raw)?.description === "string"
      ? { description: record(raw)!.description as string }
      : {}),
  };
  const schema = record(raw);
  if (!schema) return { ...base, kind: "json", schema: raw };
  const s = unwrapNullable(schema);
  const def = s.default;
  const constValue = s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every(isScalar))
    return { ...base, kind: "enum", options: s.enum, ...(isScalar(def) ? { default: def } : {}) };
  if (isScalar(constValue))
    return { ...base, kind: "enum", options: [constValue], default: constValue };
  switch (s.type) {
    case "string":
      return {
        ...base,
        kind: "string",
        multiline: typeof s.maxLength !== "number" || s.maxLength > 200,
        ...(typeof def === "string" ? { default: def } : {}),
        ...(Array.isArray(s.examples) && typeof s.examples[0] === "string"
          ? { example: s.examples[0] }
          : typeof s.example === "string"
            ? { example: s.example }
            : {}),
        ...(typeof s.format === "string" ? { format: s.format } : {}),
      };
    case "number":
    case "integer":
      return {
        ...base,
        kind: s.type,
        ...(typeof def === "number" ? { default: def } : {}),
        ...(typeof s.minimum === "number" ? { minimum: s.minimum } : {}),
        ...(typeof s.maximum === "number" ? { maximum: s.maximum } : {}),
      };
    case "boolean":
      return { ...base, kind: "boolean", ...(typeof def === "boolean" ? { default: def } : {}) };
    case "array": {
      const items = record(s.items);
      if (items && unwrapNullable(items).type === "string" && !Array.isArray(items.enum))
        return {
          ...base,
          kind: "string-array",
          ...(Array.isArray(def) && def.every((x) => typeof x === "string")
            ? { default: def }
            : {}),
        };
      break;
    }
  }
  return { ...base, kind: "json", schema: raw, ...(def !== undefined ? { default: def } : {}) };
}

/** Builds the form for a tool's `inputSchema`. */
export function formFromSchema(inputSchema: unknown): ToolForm {
  const schema = record(inputSchema);
  const properties = record(schema?.properties);
  const plainObject =
    schema !== undefined &&
    (schema.type === "object" || schema.type === undefined) &&
    !("anyOf" in schema || "oneOf" in schema || "allOf" in schema || "$ref" in schema) &&
    (properties !== undefined || schema.type === "object");
  if (!plainObject) {
    return {
      whole: true,
      fields: [
        { name: WHOLE_FIELD, required: true, kind: "json", schema: inputSchema, default: {} },
      ],
    };
  }
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((x) => typeof x === "string") : [],
  );
  return {
    whole: false,
    fields: Object.entries(properties ?? {}).map(([name, raw]) =>
      fieldFor(name, raw, required.has(name)),
    ),
  };
}

/** The value an enum option has in a `<select>`: its JSON, so 1 and "1" stay apart. */
export const optionValue = (v: Scalar) => JSON.stringify(v);

/** The form's first values: each field's default, else empty. */
export function initialValues(form: ToolForm): RawValues {
  const out: RawValues = {};
  for (const f of form.fields) {
    switch (f.kind) {
      case "boolean":
        out[f.name] = f.default ?? false;
        break;
      case "enum":
        out[f.name] =
          f.default !== undefined
            ? optionValue(f.default)
            : f.required && f.options.length === 1
              ? optionValue(f.options[0]!)
              : "";
        break;
      case "string-array":
        out[f.name] = (f.default ?? []).join("\n");
        break;
      case "json":
        out[f.name] = f.default !== undefined ? JSON.stringify(f.default, null, 2) : "";
        break;
      case "number":
      case "integer":
        out[f.name] = f.default !== undefined ? String(f.default) : "";
        break;
      default:
        out[f.name] = f.default ?? "";
    }
  }
  return out;
}

const label = (f: FormField) => (f.name === WHOLE_FIELD ? "the arguments" : `"${f.name}"`);

/**
 * The call's arguments from the form's raw values, or every problem, each naming its field. An
 * optional field left empty is left out; a boolean is sent when it is required, has a default,
 * or is ticked.
 */
export function argumentsFrom(form: ToolForm, values: RawValues): ArgumentsResult {
  const args: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  const fail = (f: FormField, message: string) => errors.push({ field: f.name, message });
  for (const f of form.fields) {
    const raw = values[f.name];
    if (f.kind === "boolean") {
      const v = raw === true;
      if (f.required || f.default !== undefined || v) args[f.name] = v;
      continue;
    }
    const text = typeof raw === "string" ? raw : "";
    if (text.trim() === "") {
      if (f.required) fail(f, `${label(f)} is required`);
      continue;
    }
    switch (f.kind) {
      case "string":
        args[f.name] = text;
        break;
      case "number":
      case "integer": {
        const n = Number(text.trim());
        if (!Number.isFinite(n))
          fail(f, `${label(f)} must be a number (got ${JSON.stringify(text)})`);
        else if (f.kind === "integer" && !Number.isInteger(n))
          fail(f, `${label(f)} must be a whole number (got ${text.trim()})`);
        else if (f.minimum !== undefined && n < f.minimum)
          fail(f, `${label(f)} must be at least ${f.minimum}`);
        else if (f.maximum !== undefined && n > f.maximum)
          fail(f, `${label(f)} must be at most ${f.maximum}`);
        else args[f.name] = n;
        break;
      }
      case "enum": {
        const chosen = f.options.find((o) => optionValue(o) === text);
        if (chosen === undefined)
          fail(f, `${label(f)} must be one of ${f.options.map(optionValue).join(", ")}`);
        else args[f.name] = chosen;
        break;
      }
      case "string-array":
        args[f.name] = text
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line !== "");
        break;
      case "json": {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (e) {
          fail(f, `${label(f)} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
          break;
        }
        if (f.name === WHOLE_FIELD) {
          if (!record(parsed)) fail(f, "the arguments must be a JSON object");
          else Object.assign(args, parsed);
        } else args[f.name] = parsed;
        break;
      }
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, arguments: args };
}

/** A sample string for a `format` the JSON Schema names; plain text otherwise. */
const FORMAT_SAMPLES: Record<string, string> = {
  date: "2026-01-26",
  "date-time": "2026-01-26T12:00:00Z",
  time: "12:00:00",
  email: "someone@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "00000000-0000-4000-8000-000000000000",
};

/** A sample raw value for one field, made from its example, format, options, bounds or type. */
function sampleFor(f: FormField): string | boolean {
  switch (f.kind) {
    case "string":
      return f.example ?? (f.format ? FORMAT_SAMPLES[f.format] : undefined) ?? "sample";
    case "number":
    case "integer": {
      const n = f.minimum ?? (f.maximum !== undefined && f.maximum < 1 ? f.maximum : 1);
      return String(f.kind === "integer" ? Math.ceil(n) : n);
    }
    case "enum":
      return optionValue(f.options[0]!);
    case "boolean":
      return false;
    case "string-array":
      return "sample";
    case "json":
      return "{}";
  }
}

/**
 * The form's values with every required field still empty filled with a sample: for a preview,
 * which calls nothing and hands the arguments only to the view (`--render` previews each UI tool,
 * and a required argument must not stop it). What the person typed is kept.
 */
export function sampleValues(form: ToolForm, values: RawValues): RawValues {
  const out: RawValues = { ...values };
  for (const f of form.fields) {
    if (!f.required || f.kind === "boolean") continue;
    const v = out[f.name];
    if (typeof v !== "string" || v.trim() === "") out[f.name] = sampleFor(f);
  }
  return out;
}
