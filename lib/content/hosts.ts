import { parseJsonFile, readJsonFolder } from "./json-files";
import path from "node:path";
import { ContentError, formatPath } from "./errors";
import { HOST_DIRECTED_PARTIES, hostRecordSchema, type HostRecord } from "./hosts-schema";
import type { SpecEntry } from "./spec-schema";

const HOSTS_DIR = path.join(process.cwd(), "content", "hosts");

/** Path segments under /hosts that are pages of their own, so no host may take them as its id. */
const RESERVED_HOST_IDS: readonly string[] = ["authors"];

/** A host record with the file it came from (relative to the project). */
export interface LoadedHostRecord extends HostRecord {
  file: string;
}

/**
 * Where a zod issue sits: `cells["security/csp-no-loosening"].date` rather than a bare dotted
 * path, since catalogue ids hold a slash.
 */
function describeIssuePath(issuePath: readonly PropertyKey[]): string {
  if (issuePath[0] === "cells" && typeof issuePath[1] === "string") {
    const rest = issuePath.slice(2);
    const head = `cells["${issuePath[1]}"]`;
    if (rest.length === 0) return head;
    const tail = formatPath(rest);
    return tail.startsWith("[") ? `${head}${tail}` : `${head}.${tail}`;
  }
  return formatPath(issuePath);
}

/**
 * Parses one host record; throws a ContentError naming the file and the field. The file's name
 * must be the record's id, so a link to `/hosts/<id>` always finds its file.
 */
export function parseHostFile(text: string, file: string): LoadedHostRecord {
  const record = parseJsonFile(hostRecordSchema, text, file, {
    where: (_raw, issuePath) => describeIssuePath(issuePath),
    // A bad cell key comes as zod's "Invalid key in record", wrapping the key schema's own issue.
    message: (issue) => (issue.code === "invalid_key" ? issue.issues[0]?.message : undefined),
  });
  const stem = path.basename(file, ".json");
  if (record.id !== stem) {
    throw new ContentError(file, "id", `"${record.id}" must match the file name "${stem}"`);
  }
  if (RESERVED_HOST_IDS.includes(record.id)) {
    throw new ContentError(file, "id", `"${record.id}" is a page of /hosts; choose another id`);
  }
  return { ...record, file };
}

/**
 * Every `*.json` in `dir`, in file-name order. An absent folder has no records. The records are
 * not yet checked against the catalogue: `checkHostRecords` does that.
 */
export async function loadHostRecords(dir = HOSTS_DIR): Promise<LoadedHostRecord[]> {
  return readJsonFolder(dir, parseHostFile);
}

/**
 * Checks every cell's key against the catalogue: it must name an entry, and one that binds the
 * host or its sandbox proxy (a server's or a view's statement says nothing about a host). Throws a
 * ContentError naming the file and the cell.
 */
export function checkHostRecords(
  records: readonly LoadedHostRecord[],
  catalogue: readonly Pick<SpecEntry, "id" | "party">[],
): void {
  const parties = new Map(catalogue.map((e) => [e.id, e.party]));
  for (const record of records) {
    for (const id of Object.keys(record.cells)) {
      const party = parties.get(id);
      if (party === undefined) {
        throw new ContentError(record.file, `cells["${id}"]`, "no catalogue entry has this id");
      }
      if (!HOST_DIRECTED_PARTIES.includes(party)) {
        throw new ContentError(
          record.file,
          `cells["${id}"]`,
          `binds the ${party}, not the host or its sandbox proxy`,
        );
      }
    }
  }
}
