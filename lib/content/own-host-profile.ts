import { ContentError } from "./errors";
import { parseHostProfileFile, resolveHostProfile } from "./host-profiles";
import type { LoadedHostRecord } from "./hosts";
import type { HostProfile } from "../decide/host-profile";

// A host implementer's own profile (issue 33): a JSON file in the schema of content/host-profiles,
// checked as the repository's are, errors naming the field. A host this project keeps a record of
// may rest its values on that record's cells; any other host has no record, so its values rest on
// sources of its own (`evidence`), and a cell it names is an error naming that field.

/** The largest profile file read (the largest in content/host-profiles is under 10 KiB). */
export const OWN_PROFILE_MAX_BYTES = 64 * 1024;

export type OwnProfileResult = { ok: true; profile: HostProfile } | { ok: false; error: string };

/** A stand-in record for a host with none: no cells, named after the profile's id. */
function noRecord(id: string): LoadedHostRecord {
  return {
    id,
    name: `${id} (your profile)`,
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
  try {
    const parsed = parseHostProfileFile(text, file);
    const record = records.find((r) => r.id === parsed.id) ?? noRecord(parsed.id);
    return { ok: true, profile: resolveHostProfile(parsed, [record], today) };
  } catch (e) {
    if (e instanceof ContentError) return { ok: false, error: e.message };
    throw e;
  }
}
