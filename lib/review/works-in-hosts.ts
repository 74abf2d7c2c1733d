import {
  behavioursOf,
  PROFILE_FIELDS,
  type FieldStatus,
  type HostBehaviours,
  type HostProfile,
  type ProfileFieldName,
} from "../decide/host-profile";

// The host profiles as the review's "Works in" table needs them (issue 33, deliverable 3): each
// host's values, and for each field the one source the value rests on. The profiles themselves
// are read by lib/content/host-profiles.ts (a layer above this one); the page and the CLI script
// load them and hand them here.

/** Where an outcome's reason comes from: a profile's source, or the spec for the reference. */
export interface WorksInSource {
  /** `measured`, `vendor-documented`…, `spec` for the reference, `unknown` when no source. */
  kind: string;
  /** The source in a few words (its link label, or what stands in for it). */
  label: string;
  url: string | null;
  /** `YYYY-MM-DD`, `undated`, or null when the reason rests on the spec alone. */
  date: string | null;
  status: FieldStatus;
}

export interface WorksInHost {
  id: string;
  name: string;
  behaviours: HostBehaviours;
  sources: Record<ProfileFieldName, WorksInSource>;
}

/** The reference's source: the spec itself, no date of evidence. */
const SPEC_SOURCE: WorksInSource = {
  kind: "spec",
  label: "the MCP Apps spec (the reference host)",
  url: null,
  date: null,
  status: "reference",
};

/** The source of one field: the newest source of the value the engine uses. */
function sourceOf(profile: HostProfile, field: ProfileFieldName): WorksInSource {
  const f = profile.fields[field];
  if (f.status === "reference") return SPEC_SOURCE;
  const used = f.evidence.find((e) => e.used) ?? f.evidence[0];
  if (f.status === "unknown" || !used)
    return {
      kind: "unknown",
      label: "unknown for this host: the reference value is assumed",
      url: null,
      date: null,
      status: "unknown",
    };
  return {
    kind: used.kind,
    label: used.link.label,
    url: used.link.url,
    date: used.date,
    status: f.status,
  };
}

/** The hosts of the table, in the order given (the reference first, as the simulator lists them). */
export function worksInHosts(profiles: readonly HostProfile[]): WorksInHost[] {
  return profiles.map((p) => ({
    id: p.id,
    name: p.name,
    behaviours: behavioursOf(p),
    sources: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, sourceOf(p, f)])) as Record<
      ProfileFieldName,
      WorksInSource
    >,
  }));
}
