import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ContentError, formatPath } from "../content/errors";
import { ruleIdSchema } from "../rules/schema";
import { MATRIX_LOCATIONS, STABILITY_INFO, type MatrixField } from "./matrix-fields";

export * from "./matrix-fields";

/** Loads and validates content/matrix/fields.json at build time (server only). */
const MATRIX_FILE = path.join(process.cwd(), "content", "matrix", "fields.json");

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const matrixFieldSchema = z.strictObject({
  id: z.string().regex(ID),
  field: z.string().min(1),
  location: z.enum(MATRIX_LOCATIONS),
  stability: z.enum(Object.keys(STABILITY_INFO) as [keyof typeof STABILITY_INFO]),
  meaning: z.string().trim().min(10),
  notes: z.string().trim().min(10),
  rules: z.array(ruleIdSchema).min(1),
  /** Slug of the lesson and pinned heading id of the section that explains the field. */
  lesson: z.string().regex(ID),
  section: z.string().regex(ID),
  /** A simulator preset that shows the field at work. */
  scenario: z.string().regex(ID).optional(),
});

const matrixFileSchema = z.strictObject({
  version: z.literal(1),
  source: z.string().min(10),
  fields: z.array(matrixFieldSchema).min(1),
});

// What the schema accepts must fit the plain interface the client components use.
const fitsInterface = (f: z.infer<typeof matrixFieldSchema>): MatrixField => f;
void fitsInterface;

/** Parses the matrix file's text; throws a ContentError naming the file and field. */
export function parseMatrix(text: string, file: string): MatrixField[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentError(file, "JSON", (error as Error).message);
  }
  const result = matrixFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ContentError(file, formatPath(issue.path), issue.message);
  }
  const seen = new Set<string>();
  result.data.fields.forEach((f, i) => {
    if (seen.has(f.id)) throw new ContentError(file, `fields[${i}].id`, `duplicate id "${f.id}"`);
    seen.add(f.id);
  });
  return result.data.fields;
}

export async function loadMatrix(file = MATRIX_FILE): Promise<MatrixField[]> {
  const rel = path.relative(process.cwd(), file).split(path.sep).join("/");
  return parseMatrix(await fs.readFile(/* turbopackIgnore: true */ file, "utf8"), rel);
}
