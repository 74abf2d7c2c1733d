import { parseJsonFile, readJsonFolder } from "./json-files";
import path from "node:path";
import { ContentError, formatPath } from "./errors";
import { reviewUnlinkedSchema, specFileSchema, type SpecEntry } from "./spec-schema";
import { readFile } from "node:fs/promises";

export const SPEC_DIR = path.join(process.cwd(), "content", "spec");
/** The ratchet of known gaps, beside the catalogue but not part of it (see spec-coverage.ts). */
export const GAPS_FILE_NAME = "gaps.json";
/** The review items no entry links, each with a reason (issue #37): outside the catalogue's folder. */
const REVIEW_UNLINKED_FILE = path.join(process.cwd(), "content", "review-unlinked.json");

/** A catalogue entry with the file it came from (relative to the project). */
export interface LoadedSpecEntry extends SpecEntry {
  file: string;
}

/** Where a zod issue sits, naming the entry by its id when the path goes through one. */
function describeIssuePath(raw: unknown, issuePath: readonly PropertyKey[]): string {
  if (issuePath[0] === "entries" && typeof issuePath[1] === "number") {
    const entries = (raw as { entries?: unknown[] }).entries;
    const e = entries?.[issuePath[1]] as { id?: unknown } | undefined;
    const name = typeof e?.id === "string" ? `entry "${e.id}"` : `entries[${issuePath[1]}]`;
    const rest = issuePath.slice(2);
    return rest.length ? `${name} ${formatPath(rest)}` : name;
  }
  return formatPath(issuePath);
}

/** Parses one catalogue file; throws a ContentError naming the file, the entry id and the field. */
export function parseSpecFile(text: string, file: string): LoadedSpecEntry[] {
  const data = parseJsonFile(specFileSchema, text, file, { where: describeIssuePath });
  return data.entries.map((e) => ({ ...e, file }));
}

/**
 * Every entry of every `*.json` in `dir` except `gaps.json`, files in name order, entries in file
 * order. An absent or empty folder is an empty catalogue. Ids must be unique across all files.
 */
export async function loadSpecCatalogue(dir = SPEC_DIR): Promise<LoadedSpecEntry[]> {
  const parsed = await readJsonFolder(dir, parseSpecFile, (n) => n !== GAPS_FILE_NAME);
  const owner = new Map<string, string>();
  const out: LoadedSpecEntry[] = [];
  for (const entry of parsed.flat()) {
    const other = owner.get(entry.id);
    if (other) {
      throw new ContentError(
        entry.file,
        `entry "${entry.id}"`,
        other === entry.file ? "duplicate entry id" : `duplicate entry id, also in ${other}`,
      );
    }
    owner.set(entry.id, entry.file);
    out.push(entry);
  }
  return out;
}

/** The area an entry belongs to: the first segment of its id. */
export function specArea(id: string): string {
  return id.split("/")[0]!;
}

/** The review item ids no catalogue entry links, by id, with the reason each is left out. */
export async function loadReviewUnlinked(
  file = REVIEW_UNLINKED_FILE,
): Promise<Map<string, string>> {
  const data = parseJsonFile(
    reviewUnlinkedSchema,
    await readFile(file, "utf8"),
    path.relative(process.cwd(), file),
  );
  return new Map(data.items.map((i) => [i.id, i.reason]));
}
