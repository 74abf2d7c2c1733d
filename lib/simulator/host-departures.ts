import type { Decision, Verdict } from "../decide";
import { FIELD_ROWS, judgeField, type FieldJudgement } from "../decide/host-fields";
import {
  behavioursOf,
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type FieldStatus,
  type HostBehaviours,
  type HostProfile,
  type ProfileEvidence,
  type ProfileFieldName,
} from "../decide/host-profile";
import { ROWS, type RowName } from "./constants";
import { previewDecision } from "./preview";
import type { Scenario } from "./scenario";

// What a host profile changes in a scenario's table (issue 33): the table under the profile
// beside the reference's, and for each row that differs, the profile's fields that make it
// differ, whether each is a violation or an allowed variation (with its rules), and the source it
// rests on. Pure: two (or a few more) instant previews, no run.

/** One field of the profile that moves a row away from the reference. */
export interface FieldDeparture {
  field: ProfileFieldName;
  value: unknown;
  judgement: FieldJudgement;
  status: FieldStatus;
  /** The newest source of the value the engine uses; absent for an unknown field. */
  evidence?: ProfileEvidence;
}

export interface RowDeparture {
  row: RowName;
  /** The reference host's verdict for the row. */
  reference: Verdict;
  /** The fields that make it differ; empty when it differs only because an earlier row does. */
  fields: FieldDeparture[];
  /** The row whose change this one follows (a row reached, or no longer reached). */
  followsFrom?: RowName;
}

export interface HostDepartures {
  profile: Pick<HostProfile, "id" | "name">;
  /** The reference host's table for the scenario (today's). */
  reference: Decision;
  /** The table under the profile. */
  decision: Decision;
  departures: RowDeparture[];
  /** Per row, the fields that could change it and that no source speaks about for this host. */
  unknown: Partial<Record<RowName, ProfileFieldName[]>>;
  /** Fields that depart from the reference but act outside the table (after the view renders). */
  outside: FieldDeparture[];
}

/** True when the two verdicts of a row differ in anything a reader sees. */
function differs(a: Verdict, b: Verdict, da: Decision, db: Decision): boolean {
  if (a.verdict !== b.verdict || a.refusal !== b.refusal || a.reason !== b.reason) return true;
  if (a.ruleIds.join() !== b.ruleIds.join()) return true;
  return a.row === "csp" && da.csp?.header !== db.csp?.header;
}

const rowOf = (d: Decision, row: RowName) => d.rows.find((r) => r.row === row)!;

function departure(profile: HostProfile, field: ProfileFieldName): FieldDeparture {
  const f = profile.fields[field];
  return {
    field,
    value: f.value,
    judgement: judgeField(field, f.value as never)!,
    status: f.status,
    ...(f.evidence.find((e) => e.used) ? { evidence: f.evidence.find((e) => e.used)! } : {}),
  };
}

/**
 * The scenario's table under `profile` and under the reference, and what differs. A row that
 * differs is put down to the profile's fields listed for it in FIELD_ROWS whose own value, set
 * back to the reference's, changes the row again; when none does alone (they act together), to
 * all of them. A row skipped on either side differs because another row does: it is reached, or
 * it is not (NEG-6's "no session" skips every row).
 */
export function hostDepartures(s: Scenario, profile: HostProfile): HostDepartures {
  const behaviours = behavioursOf(profile);
  const reference = previewDecision(s);
  const decision = previewDecision(s, behaviours);
  const departing = PROFILE_FIELDS.filter((f) => judgeField(f, behaviours[f] as never));
  const departures: RowDeparture[] = [];
  for (const row of ROWS) {
    const ref = rowOf(reference, row);
    const mine = rowOf(decision, row);
    if (!differs(ref, mine, reference, decision)) continue;
    // A row skipped on either side is moot there: it changed because an earlier row did.
    if (ref.verdict === "skip" || mine.verdict === "skip") {
      departures.push({ row, reference: ref, fields: [] });
      continue;
    }
    const candidates = departing.filter((f) => FIELD_ROWS[f].includes(row));
    const alone = candidates.filter((f) => {
      const back = { ...behaviours, [f]: REFERENCE_BEHAVIOURS[f] } as HostBehaviours;
      const d = previewDecision(s, back);
      return differs(rowOf(d, row), mine, d, decision);
    });
    const fields = (alone.length ? alone : candidates).map((f) => departure(profile, f));
    departures.push({ row, reference: ref, fields });
  }
  const first = departures.find((d) => d.fields.length)?.row;
  for (const d of departures) if (!d.fields.length && first) d.followsFrom = first;

  const unknown: HostDepartures["unknown"] = {};
  for (const row of ROWS) {
    const fields = PROFILE_FIELDS.filter(
      (f) => FIELD_ROWS[f].includes(row) && profile.fields[f].status === "unknown",
    );
    if (fields.length) unknown[row] = fields;
  }
  const outside = departing
    .filter((f) => FIELD_ROWS[f].length === 0)
    .map((f) => departure(profile, f));
  return {
    profile: { id: profile.id, name: profile.name },
    reference,
    decision,
    departures,
    unknown,
    outside,
  };
}
