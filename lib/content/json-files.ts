import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { ContentError, formatPath } from "./errors";

/**
 * The two steps every folder of JSON content takes (the catalogue, host records, host profiles):
 * read the folder's files in name order, and parse one file against its schema, naming the file
 * and the first bad field. Node only.
 */

/** A path relative to the working directory, with forward slashes, as messages show it. */
function relativeFile(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join("/");
}

/** Every `*.json` in `dir` that `keep` accepts, in name order, parsed; an absent folder has none. */
export async function readJsonFolder<T>(
  dir: string,
  parse: (text: string, file: string) => T,
  keep: (name: string) => boolean = () => true,
): Promise<T[]> {
  let names: string[];
  try {
    names = await fs.readdir(/* turbopackIgnore: true */ dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(
    names
      .filter((n) => n.endsWith(".json") && keep(n))
      .sort()
      .map(async (n) => {
        const abs = path.join(/* turbopackIgnore: true */ dir, n);
        return parse(await fs.readFile(abs, "utf8"), relativeFile(abs));
      }),
  );
}

/**
 * `text` parsed as JSON and checked by `schema`; on failure a ContentError names the file and the
 * first issue's place (`where`, by default its path) and says what is wrong, unknown keys by name.
 */
export function parseJsonFile<S extends z.ZodType>(
  schema: S,
  text: string,
  file: string,
  options: {
    where?: (raw: unknown, issuePath: readonly PropertyKey[]) => string;
    message?: (issue: z.core.$ZodIssue) => string | undefined;
  } = {},
): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentError(file, "JSON", (error as Error).message);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const message =
    issue.code === "unrecognized_keys"
      ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`
      : (options.message?.(issue) ?? issue.message);
  const where = options.where ? options.where(raw, issue.path) : formatPath(issue.path);
  throw new ContentError(file, where, message);
}
