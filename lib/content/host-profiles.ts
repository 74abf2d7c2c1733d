import { parseJsonFile, readJsonFolder } from "./json-files";
import path from "node:path";
import { z } from "zod";
import { FIELD_VALUES, REFERENCE_PROFILE } from "../decide/host-fields";
import {
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type FieldStatus,
  type HostBehaviours,
  type HostProfile,
  type MeasuredRow,
  type ProfileEvidence,
  type ProfileField,
  type ProfileFieldName,
  type ProfileFields,
} from "../decide/host-profile";
import { ContentError } from "./errors";
import { describeStaleness, KIND_LABEL, sourceParts, staleness } from "./host-grid";
import { EVIDENCE_KINDS, type EvidenceKind, type HostCell } from "./hosts-schema";
import { loadHostRecords, type LoadedHostRecord } from "./hosts";

// Host profiles (issue 33): one file per host in content/host-profiles/<host id>.json, naming for
// each behaviour the engine can apply the value the host shows and what that rests on. Where the
// host's record (content/hosts/<id>.json) holds the fact, the profile names the record's cell and
// says nothing more about it: the fact, its kind, date and source are stored once, in the record.
// A fact no record holds (protocol eras, the domain rule, display modes) is written here with its
// own evidence. A behaviour the file leaves out is unknown for the host: the engine then uses the
// reference value and the simulator says so.

const HOST_PROFILES_DIR = path.join(process.cwd(), "content", "host-profiles");

const text = (min: number, message: string) => z.string().trim().min(min, message);
const ENTRY_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
const cellId = z.string().regex(ENTRY_ID, "name a cell by its catalogue id (area/short-name)");

/** `YYYY-MM-DD` naming a real day, or `undated` (the records' own rule). */
const dateSchema = z.union([
  z.literal("undated"),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "write an ISO date (YYYY-MM-DD) or undated")
    .refine((d) => {
      const ms = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(d);
    }, "not a day of the calendar"),
]);

/** A source for a fact no record holds. */
const ownEvidenceSchema = z.strictObject({
  kind: z.enum(EVIDENCE_KINDS),
  date: dateSchema,
  source: text(8, "name the URL the fact came from"),
  /** What the source shows, in our own words. */
  says: text(10, "say what the source shows, in a sentence"),
});

/** Each field's values, from the engine's own list of them. */
const VALUE_SCHEMAS = Object.fromEntries(
  PROFILE_FIELDS.map((f) => [
    f,
    f === "displayModes"
      ? z
          .array(z.enum(["inline", "fullscreen", "pip"]))
          .min(1)
          .refine((m) => new Set(m).size === m.length, "name each mode once")
      : z.enum(FIELD_VALUES[f] as readonly string[] as [string, ...string[]]),
  ]),
) as unknown as Record<ProfileFieldName, z.ZodType>;

function fieldSchema<V extends z.ZodType>(value: V) {
  const conflict = z.union([
    /** A source in the record that disagrees: the cell's conflict number `index` (from 0). */
    z.strictObject({ value, cell: cellId, index: z.number().int().nonnegative() }),
    /** A source no record holds that disagrees. */
    z.strictObject({ value, evidence: ownEvidenceSchema }),
  ]);
  return z
    .strictObject({
      value,
      /** The record's cells the value rests on. */
      cells: z.array(cellId).min(1).optional(),
      /** Sources no record holds. */
      evidence: z.array(ownEvidenceSchema).min(1).optional(),
      /** Sources that say otherwise, each with the value it implies. */
      conflicts: z.array(conflict).min(1).optional(),
      /** How the value reads the sources, when that needs saying. */
      note: text(10, "say it in a sentence").optional(),
    })
    .refine((f) => f.cells || f.evidence, {
      message: "rest the value on a record's cell (cells) or on a source (evidence)",
    });
}

type OwnEvidence = z.infer<typeof ownEvidenceSchema>;

/** One field of a profile file, as written. */
interface FieldFile<V> {
  value: V;
  cells?: string[];
  evidence?: OwnEvidence[];
  conflicts?: ({ value: V; cell: string; index: number } | { value: V; evidence: OwnEvidence })[];
  note?: string;
}

export interface HostProfileFile {
  id: string;
  basis: string;
  fields: { [K in ProfileFieldName]?: FieldFile<HostBehaviours[K]> };
}

// Typed by hand: zod's own inference over a record of seventeen field schemas is more than the
// compiler wants to carry, and the schema above already ties each value to the engine's type.
const hostProfileFileSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case hyphenated words"),
  /** What the profile is drawn from, in a sentence. */
  basis: text(10, "say what the profile is drawn from"),
  fields: z.strictObject(
    Object.fromEntries(PROFILE_FIELDS.map((f) => [f, fieldSchema(VALUE_SCHEMAS[f]).optional()])),
  ),
}) as unknown as z.ZodType<HostProfileFile>;

export interface LoadedHostProfileFile extends HostProfileFile {
  file: string;
}

/**
 * Parses one profile file; throws a ContentError naming the file and the field. The id must match
 * the file's name, unless the profile came with no file (`idIsFileName: false`: a share link).
 */
export function parseHostProfileFile(
  source: string,
  file: string,
  { idIsFileName = true }: { idIsFileName?: boolean } = {},
): LoadedHostProfileFile {
  const data = parseJsonFile(hostProfileFileSchema, source, file);
  const stem = path.basename(file, ".json");
  if (idIsFileName && data.id !== stem) {
    throw new ContentError(file, "id", `"${data.id}" must match the file name "${stem}"`);
  }
  return { ...data, file };
}

/** Every profile file, in file-name order; an absent folder holds none. */
export async function loadHostProfileFiles(
  dir = HOST_PROFILES_DIR,
): Promise<LoadedHostProfileFile[]> {
  return readJsonFolder(dir, parseHostProfileFile);
}

// ---------------------------------------------------------------------------------------------
// Resolving a profile against its record: every field's sources, newest first, the value the
// engine uses (the newest source's), and whether the sources agree.

const DAY = (d: string) => (d === "undated" ? -Infinity : Date.parse(`${d}T00:00:00Z`));

/** What a measured cell or a record's fact says, as the simulator shows it. */
function saysOf(cell: Pick<HostCell, "kind" | "value">, id: string): string {
  return cell.kind === "measured" ? `${cell.value} on the conformance probe ${id}` : cell.value;
}

interface Claim<V> {
  value: V;
  evidence: Omit<ProfileEvidence<V>, "used">[];
}

const newest = (c: Claim<unknown>) => Math.max(...c.evidence.map((e) => DAY(e.date)));

/** The words and link a source is shown with. */
function labelled(kind: EvidenceKind, source: string) {
  const { url, label } = sourceParts(source);
  return { kindLabel: KIND_LABEL[kind], link: { url, label } };
}

function fromCell<V>(
  value: V,
  record: LoadedHostRecord,
  id: string,
  fact: Pick<HostCell, "kind" | "value" | "date" | "source"> & { corroboration?: string[] },
  today: string,
): Omit<ProfileEvidence<V>, "used"> {
  return {
    value,
    kind: fact.kind,
    ...labelled(fact.kind, fact.source),
    date: fact.date,
    source: fact.source,
    cell: id,
    says: saysOf(fact, id),
    stale: describeStaleness(staleness(fact, today)),
  };
}

function resolveField<V>(
  spec: FieldFile<V>,
  record: LoadedHostRecord,
  where: { file: string; field: string },
  today: string,
): ProfileField<V> {
  const cellOf = (id: string) => {
    const cell = record.cells[id];
    if (!cell) {
      throw new ContentError(
        where.file,
        `fields.${where.field}.cells`,
        `${record.file} holds no cell "${id}"`,
      );
    }
    return cell;
  };
  const main: Claim<V> = {
    value: spec.value,
    evidence: [
      ...(spec.cells ?? []).map((id) => fromCell(spec.value, record, id, cellOf(id), today)),
      ...(spec.evidence ?? []).map((e) => ({
        value: spec.value,
        ...e,
        ...labelled(e.kind, e.source),
        stale: describeStaleness(staleness(e, today)),
      })),
    ],
  };
  const conflicts: Claim<V>[] = (spec.conflicts ?? []).map((c, i) => {
    const value = c.value as V;
    if ("cell" in c) {
      const other = cellOf(c.cell).conflicts?.[c.index];
      if (!other) {
        throw new ContentError(
          where.file,
          `fields.${where.field}.conflicts[${i}]`,
          `the cell "${c.cell}" of ${record.file} has no conflict number ${c.index}`,
        );
      }
      return { value, evidence: [fromCell(value, record, c.cell, other, today)] };
    }
    return {
      value,
      evidence: [
        {
          value,
          ...c.evidence,
          ...labelled(c.evidence.kind, c.evidence.source),
          stale: describeStaleness(staleness(c.evidence, today)),
        },
      ],
    };
  });
  // A dispute in the record stays a dispute here: every conflicting source of a cell the value
  // rests on must be read, with the value it implies.
  for (const id of spec.cells ?? []) {
    (cellOf(id).conflicts ?? []).forEach((_, index) => {
      const read = (spec.conflicts ?? []).some(
        (c) => "cell" in c && c.cell === id && c.index === index,
      );
      if (!read) {
        throw new ContentError(
          where.file,
          `fields.${where.field}.conflicts`,
          `the cell "${id}" has a conflicting source (number ${index}): say what value it implies`,
        );
      }
    });
  }
  // The newest source decides; an undated source is older than any dated one; a tie keeps the
  // value the file gives.
  const winner = conflicts.reduce((best, c) => (newest(c) > newest(best) ? c : best), main);
  if (winner !== main) {
    throw new ContentError(
      where.file,
      `fields.${where.field}.value`,
      `a newer source says ${JSON.stringify(winner.value)}: write that as the value and keep the older as a conflict`,
    );
  }
  const evidence = [main, ...conflicts]
    .flatMap((c) => c.evidence.map((e) => ({ ...e, used: c === winner })))
    .sort((a, b) => DAY(b.date) - DAY(a.date));
  const status: FieldStatus = conflicts.some(
    (c) => JSON.stringify(c.value) !== JSON.stringify(main.value),
  )
    ? "disputed"
    : "known";
  return { value: winner.value, status, evidence };
}

/** The host's measured conformance row: its measured cells, at their newest date. */
function measuredRow(record: LoadedHostRecord): MeasuredRow | undefined {
  const measured = Object.entries(record.cells).filter(([, c]) => c.kind === "measured");
  if (!measured.length) return undefined;
  const date = measured.map(([, c]) => c.date).sort((a, b) => DAY(b) - DAY(a))[0]!;
  return {
    record: record.id,
    date,
    version: record.version,
    cells: Object.fromEntries(
      measured.filter(([, c]) => c.date === date).map(([id, c]) => [id, c.value]),
    ),
  };
}

/**
 * Resolves a profile file against its host's record: name, version and source from the record,
 * each field's sources (the record's cells it names, then its own), newest first, with their
 * staleness on `today` (YYYY-MM-DD). A field the file leaves out is unknown: the reference value.
 */
export function resolveHostProfile(
  profile: LoadedHostProfileFile,
  records: readonly LoadedHostRecord[],
  today: string,
): HostProfile {
  const record = records.find((r) => r.id === profile.id);
  if (!record) {
    throw new ContentError(profile.file, "id", `no host record content/hosts/${profile.id}.json`);
  }
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map((f) => {
      const spec = profile.fields[f] as FieldFile<unknown> | undefined;
      return [
        f,
        spec
          ? resolveField(spec, record, { file: profile.file, field: f }, today)
          : { value: REFERENCE_BEHAVIOURS[f], status: "unknown", evidence: [] },
      ];
    }),
  ) as unknown as ProfileFields;
  const measured = measuredRow(record);
  return {
    id: profile.id,
    name: record.name,
    version: record.version,
    openSource: record.openSource,
    basis: profile.basis,
    fields,
    ...(measured ? { measured } : {}),
  };
}

/** Every profile, resolved, in file order. */
export async function loadHostProfiles(
  records: readonly LoadedHostRecord[],
  today: string,
  dir = HOST_PROFILES_DIR,
): Promise<HostProfile[]> {
  return (await loadHostProfileFiles(dir)).map((p) => resolveHostProfile(p, records, today));
}

/**
 * The simulator's choice of hosts: the reference first (with the measured row of this simulator,
 * which is the reference host), then every profile, its sources' staleness counted to `today`.
 */
export async function simulatorHostProfiles(today: string): Promise<HostProfile[]> {
  const records = await loadHostRecords();
  const own = records.find((r) => r.id === "academy-simulator");
  const measured = own && measuredRow(own);
  return [
    { ...REFERENCE_PROFILE, ...(measured ? { measured } : {}) },
    ...(await loadHostProfiles(records, today)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Measured records → profile values. For an open-source host this project measured, the fields
// the conformance probes decide are read off its newest measured cells; the profile must say the
// same (a test holds it), so a new measurement that changes a verdict fails until the profile
// follows it.

export interface DerivedField {
  value: unknown;
  /** The cells the value is read from. */
  cells: string[];
}

/** What the newest measured cells of `record` say about the profile's fields. */
export function deriveFromMeasured(
  record: LoadedHostRecord,
): Partial<Record<ProfileFieldName, DerivedField>> {
  const row = measuredRow(record);
  if (!row) return {};
  const v = (id: string) => row.cells[id];
  const known = (...ids: string[]) => ids.every((id) => v(id) === "PASS" || v(id) === "FAIL");
  const out: Partial<Record<ProfileFieldName, DerivedField>> = {};

  const guard = "visibility/app-tool-call-guard";
  if (known(guard)) {
    out.appCallVisibility = {
      value: v(guard) === "PASS" ? "checked" : "unchecked",
      cells: [guard],
    };
  }
  const mode = "display-mode/no-undeclared-mode";
  if (known(mode)) {
    out.undeclaredMode = { value: v(mode) === "PASS" ? "refuse" : "switch", cells: [mode] };
  }
  // The probes' view declares one connect domain, reaches it and tries an undeclared one.
  const construct = "security/csp-construct-from-domains";
  const block = "security/csp-block-undeclared";
  const loosen = "security/csp-no-loosening";
  const enforced = "security/sandbox-csp-enforced";
  if (known(construct, block, loosen, enforced)) {
    const cells = [construct, block, loosen, enforced];
    const value =
      v(construct) === "FAIL"
        ? "ignored" // the declared domain is blocked too: the declared csp never arrived
        : v(block) === "FAIL" && v(enforced) === "FAIL"
          ? "none"
          : v(block) === "FAIL" || v(loosen) === "FAIL"
            ? "leaky"
            : "declared";
    out.cspApplied = { value, cells };
    if (v(construct) === "PASS") out.cspConnectDomains = { value: "honoured", cells: [construct] };
  }
  // The view that declares no csp: blocked everywhere is the restrictive default. Reaching past it
  // is a looser default, unless the declared-csp view showed no policy at all either (an
  // undeclared origin answered and a frame loaded): then there is no policy, default or not.
  const deny = "security/csp-default-deny";
  if (known(deny)) {
    out.defaultCsp =
      v(deny) === "PASS"
        ? { value: "restrictive", cells: [deny] }
        : out.cspApplied?.value === "none"
          ? { value: "none", cells: [deny, block, enforced] }
          : { value: "looser", cells: [deny] };
  }
  return out;
}

/**
 * Where a measured host's profile and its newest measured cells disagree: a field the cells
 * decide that the profile leaves out, gives another value, or rests on other cells. Empty when
 * they agree.
 */
export function measuredDisagreements(
  profile: Pick<HostProfileFile, "fields">,
  record: LoadedHostRecord,
): string[] {
  const out: string[] = [];
  for (const [field, derived] of Object.entries(deriveFromMeasured(record)) as [
    ProfileFieldName,
    DerivedField,
  ][]) {
    const written = profile.fields[field];
    if (!written) {
      out.push(
        `${field}: the measured cells say ${JSON.stringify(derived.value)}; the profile leaves it out`,
      );
    } else if (JSON.stringify(written.value) !== JSON.stringify(derived.value)) {
      out.push(
        `${field}: the measured cells say ${JSON.stringify(derived.value)}; the profile says ${JSON.stringify(written.value)}`,
      );
    } else if (
      JSON.stringify([...(written.cells ?? [])].sort()) !==
      JSON.stringify([...derived.cells].sort())
    ) {
      out.push(`${field}: rest it on the cells ${derived.cells.join(", ")}`);
    }
  }
  return out;
}
