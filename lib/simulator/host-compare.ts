import { describeValue, FIELD_LABEL, judgeField, type DepartureKind } from "../decide/host-fields";
import {
  PROFILE_FIELDS,
  type FieldStatus,
  type HostProfile,
  type ProfileFieldName,
} from "../decide/host-profile";

// Two hosts side by side (issue 33): every behaviour a profile sets, each host's value in words,
// whether it breaks the spec or uses room it leaves (with the rules), and the source the value
// rests on with its date. Pure: the simulator's host detail shows it.

export interface CompareSide {
  value: string;
  status: FieldStatus;
  /** Null: the reference's own value. */
  kind: DepartureKind | null;
  ruleIds: string[];
  /** The newest source of the value used; null for the reference and unknown fields. */
  source: { kindLabel: string; date: string; label: string; url: string | null } | null;
}

export interface CompareRow {
  field: ProfileFieldName;
  label: string;
  a: CompareSide;
  b: CompareSide;
  /** The two hosts apply different values. */
  differs: boolean;
}

function side(p: HostProfile, field: ProfileFieldName): CompareSide {
  const f = p.fields[field];
  const judged = judgeField(field, f.value as never);
  const used = f.evidence.find((e) => e.used);
  return {
    value: describeValue(field, f.value),
    status: f.status,
    kind: judged?.kind ?? null,
    ruleIds: judged?.ruleIds ?? [],
    source: used
      ? { kindLabel: used.kindLabel, date: used.date, label: used.link.label, url: used.link.url }
      : null,
  };
}

/** One row per profile field, in the simulator's order. */
export function compareHosts(a: HostProfile, b: HostProfile): CompareRow[] {
  return PROFILE_FIELDS.map((field) => ({
    field,
    label: FIELD_LABEL[field],
    a: side(a, field),
    b: side(b, field),
    differs: JSON.stringify(a.fields[field].value) !== JSON.stringify(b.fields[field].value),
  }));
}
