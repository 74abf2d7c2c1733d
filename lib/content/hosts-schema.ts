import { z } from "zod";
import type { SpecParty } from "./spec-schema";

// Host records (issue 32): what is known about one real host, one file per host in
// `content/hosts/<host-id>.json`. A record holds facts, each a cell keyed by the catalogue entry
// (`content/spec/*.json`) it bears on: a value and the evidence for it, stored once. The /hosts
// page, its JSON download and, later, host profiles for the simulator all read the same cells.
// Every object is strict, so a misspelt field fails with its file and path.

const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
const HOST_ID = new RegExp(`^${WORD}$`);
/** Catalogue ids, checked here for form only; `checkHostRecords` checks each against the catalogue. */
const ENTRY_ID = new RegExp(`^${WORD}(?:/${WORD})+$`);

/**
 * The parties a host record can speak about: the host and the sandbox proxy it serves (the
 * conformance server's probes cover the same two). Client statements are about protocol eras, which
 * no record measures yet.
 */
export const HOST_DIRECTED_PARTIES: readonly SpecParty[] = ["host", "sandbox-proxy"];

/** The conformance server's three verdicts, as a measured cell stores them. */
const MEASURED_VERDICTS = ["PASS", "FAIL", "NOT OBSERVABLE"] as const;

/**
 * Where a fact comes from. `measured`: this project's conformance server run in the host, every
 * FAIL confirmed from the wire. The others come from public, dated sources: the host's owner
 * (`vendor-documented`), a third party's report (`user-reported`), the host's own source code
 * (`host-code`), or someone else's prober or emulator (`third-party-prober`).
 */
export const EVIDENCE_KINDS = [
  "measured",
  "vendor-documented",
  "user-reported",
  "host-code",
  "third-party-prober",
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * Our reading of a described behaviour against the requirement's statement, for every cell that
 * is not measured (a measured cell's verdict is its reading). `meets`: does what the statement
 * says (for a MAY: takes up the freedom). `falls-short`: does not (for a MUST NOT: does the
 * forbidden thing). `left-open`: departs from what the spec shows but not from what it requires.
 * `unsettled`: the source does not decide it.
 */
const READINGS = ["meets", "falls-short", "left-open", "unsettled"] as const;
export type Reading = (typeof READINGS)[number];

/** `YYYY-MM-DD` that names a real day, or `undated` when the source carries no date. */
const dateSchema = z.union([
  z.literal("undated"),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "write an ISO date (YYYY-MM-DD) or undated")
    .refine((d) => {
      // Date.parse takes 2026-02-30 and moves it to March (or refuses it): only a round trip
      // back to the same text proves the day exists.
      const ms = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(d);
    }, "not a day of the calendar"),
]);

const text = (min: number, message: string) => z.string().trim().min(min, message);

/** One dated fact: what was seen, how we know, when and where it was said. */
const factFields = {
  /** PASS / FAIL / NOT OBSERVABLE when measured; otherwise the behaviour, in our own words. */
  value: text(4, "say what was seen"),
  reading: z.enum(READINGS).optional(),
  kind: z.enum(EVIDENCE_KINDS),
  date: dateSchema,
  /** A URL, or the record the fact came from (e.g. our measured grid and its row). */
  source: text(8, "name the URL or the record the fact came from"),
  /** The host's version the source names, when it names one other than the record's. */
  version: text(1, "name the version").optional(),
  note: text(10, "say it in a sentence").optional(),
};

/** A measured fact's value is a verdict and carries no reading; any other fact needs a reading. */
function checkReading(
  f: { kind: EvidenceKind; value: string; reading?: Reading },
  ctx: z.RefinementCtx,
) {
  if (f.kind === "measured") {
    if (!(MEASURED_VERDICTS as readonly string[]).includes(f.value)) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `a measured value is ${MEASURED_VERDICTS.join(", ")}`,
      });
    }
    if (f.reading !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["reading"],
        message: "a measured cell's verdict is its reading: leave reading out",
      });
    }
  } else if (f.reading === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["reading"],
      message: `say how the behaviour reads against the requirement: ${READINGS.join(", ")}`,
    });
  }
}

/** A source that disagrees with the cell's fact: shown beside it, never resolved away. */
const conflictSchema = z.strictObject(factFields).superRefine(checkReading);
export type Conflict = z.infer<typeof conflictSchema>;

const hostCellSchema = z
  .strictObject({
    ...factFields,
    /** Other sources that say the same thing (URLs or citations): the fact rests on more than one. */
    corroboration: z.array(text(8, "name the source")).min(1).optional(),
    conflicts: z.array(conflictSchema).min(1).optional(),
  })
  .superRefine(checkReading);
export type HostCell = z.infer<typeof hostCellSchema>;

export const hostRecordSchema = z
  .strictObject({
    id: z.string().regex(HOST_ID, "write the host id in lower-case hyphenated words"),
    name: text(2, "name the host"),
    /** The version measured or installed; null when we never installed it (closed hosts). */
    version: z.union([text(1, "name the version"), z.null()]),
    openSource: z.boolean(),
    /** How it was set up for the measurement, or where its facts come from. */
    setup: text(10, "say how it was set up"),
    note: text(10, "say it in a sentence").optional(),
    /** Why the host has no cells (not run, or renders no MCP Apps at all), with its evidence. */
    absent: z.strictObject(factFields).optional(),
    cells: z.record(
      z.string().regex(ENTRY_ID, "key each cell by a catalogue id (area/short-name)"),
      hostCellSchema,
    ),
  })
  .superRefine((r, ctx) => {
    const count = Object.keys(r.cells).length;
    if (count === 0 && !r.absent) {
      ctx.addIssue({
        code: "custom",
        path: ["cells"],
        message: "a host with no cells says why in absent",
      });
    }
    if (r.absent && r.absent.reading !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["absent", "reading"],
        message: "absent is about the host, not a requirement: leave reading out",
      });
    }
  });
export type HostRecord = z.infer<typeof hostRecordSchema>;
