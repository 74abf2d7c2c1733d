import { ContentError } from "./errors";
import { parseHostProfileFile, resolveHostProfile } from "./host-profiles";
import type { LoadedHostRecord } from "./hosts";
import type { HostProfile } from "../decide/host-profile";
import { decodeProfileLink, MAX_PROFILE_LINK_BYTES } from "../simulator/share-profile";

// A host implementer's own profile (issue 33): a JSON file in the schema of content/host-profiles,
// checked as the repository's are, errors naming the field. A host this project keeps a record of
// may rest its values on that record's cells; any other host has no record, so its values rest on
// sources of its own (`evidence`), and a cell it names is an error naming that field. A profile
// shared in a simulator link is read here too, by the same checks.

/**
 * The largest profile file read (the largest in content/host-profiles is under 10 KiB): the same
 * cap a share link's profile has, so any file read can be shared and any link read as a file.
 */
export const OWN_PROFILE_MAX_BYTES = MAX_PROFILE_LINK_BYTES;

export type OwnProfileResult = { ok: true; profile: HostProfile } | { ok: false; error: string };

/** A stand-in record for a host with none: no cells, named after the profile's id. */
function noRecord(id: string): LoadedHostRecord {
  return {
    id,
    // The simulator adds where it came from: "acme-chat (your file)".
    name: id,
    version: null,
    openSource: false,
    setup: "a profile loaded in the simulator, with no record in this project",
    cells: {},
    file: "(no record for this host)",
  };
}

/** The file name as given, without folders, so a message names the file the person chose. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop() || "profile.json";
}

/**
 * Reads one uploaded profile file. `fileName` is the file's own name: as in the repository, the
 * profile's id must match it. Sources are dated against `today` (YYYY-MM-DD).
 */
export function readOwnHostProfile(
  text: string,
  fileName: string,
  records: readonly LoadedHostRecord[],
  today: string,
): OwnProfileResult {
  const file = baseName(fileName);
  if (new TextEncoder().encode(text).length > OWN_PROFILE_MAX_BYTES)
    return { ok: false, error: `${file}: larger than ${OWN_PROFILE_MAX_BYTES / 1024} KiB` };
  return readProfile(text, file, true, records, today);
}

/** What a message calls a profile that came in a link, where a file's name would be. */
const LINKED = "the link's host profile";

/**
 * Reads the profile a simulator share link carries (`profile=p1.…`): unpacked within the cap,
 * then checked exactly as an uploaded file is, errors naming the field. It has no file name, so
 * its id is not held to one.
 */
export async function readLinkedHostProfile(
  value: string,
  records: readonly LoadedHostRecord[],
  today: string,
): Promise<OwnProfileResult> {
  const decoded = await decodeProfileLink(value);
  if (!decoded.ok) return { ok: false, error: decoded.message };
  return readProfile(decoded.text, LINKED, false, records, today);
}

function readProfile(
  text: string,
  file: string,
  idIsFileName: boolean,
  records: readonly LoadedHostRecord[],
  today: string,
): OwnProfileResult {
  try {
    const parsed = parseHostProfileFile(text, file, { idIsFileName });
    const record = records.find((r) => r.id === parsed.id) ?? noRecord(parsed.id);
    return { ok: true, profile: resolveHostProfile(parsed, [record], today) };
  } catch (e) {
    if (e instanceof ContentError) return { ok: false, error: e.message };
    throw e;
  }
}
