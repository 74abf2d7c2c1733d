import {
  HOST_DIRECTED_PARTIES,
  type Conflict,
  type EvidenceKind,
  type HostCell,
  type HostRecord,
  type Reading,
} from "./hosts-schema";
import { isMandatory, keywordStrength, type SpecEntry, type SpecKeyword } from "./spec-schema";

// The /hosts grid, pure: host records × the host-directed requirements of the catalogue, each cell
// judged against its requirement's keyword and dated against a day passed in, so tests can fix
// "today" and the page passes its build date. The page and the JSON download both render this.

/** A fact older than this many days, or undated, is marked as possibly out of date. */
export const STALE_AFTER_DAYS = 90;

type StaleFlag = "undated" | "older-than-90-days" | "single-user-report";

export interface Staleness {
  /** Whole days from the source's date to `today`; null when undated. */
  ageDays: number | null;
  /** Empty when the fact is dated, recent and rests on more than one user's word. */
  flags: StaleFlag[];
}

type Dated = Pick<HostCell, "date" | "kind"> & { corroboration?: readonly string[] };

const DAY_MS = 86_400_000;

/**
 * How far a fact can be trusted today: its age, and whether it is undated, older than 90 days, or
 * rests on one user report (a user report with nothing corroborating it). `today` is `YYYY-MM-DD`.
 */
export function staleness(fact: Dated, today: string): Staleness {
  const flags: StaleFlag[] = [];
  let ageDays: number | null = null;
  if (fact.date === "undated") {
    flags.push("undated");
  } else {
    const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${fact.date}T00:00:00Z`);
    if (Number.isNaN(ms)) throw new Error(`today must be YYYY-MM-DD, not "${today}"`);
    // A date after the build day (a record written ahead of a rebuild) counts as today's.
    ageDays = Math.max(0, Math.round(ms / DAY_MS));
    if (ageDays > STALE_AFTER_DAYS) flags.push("older-than-90-days");
  }
  if (fact.kind === "user-reported" && !fact.corroboration?.length) {
    flags.push("single-user-report");
  }
  return { ageDays, flags };
}

/** The words the page and the download use for each flag: text, never colour alone. */
export function describeStaleness(s: Staleness): string[] {
  return s.flags.map((f) =>
    f === "undated"
      ? "undated: the source carries no date"
      : f === "older-than-90-days"
        ? `${s.ageDays} days old: over ${STALE_AFTER_DAYS} days, may be out of date`
        : "rests on one user report",
  );
}

/** A fact's reading: a measured verdict read as one, otherwise the reading the record gives. */
export function readingOf(fact: Pick<HostCell, "kind" | "value" | "reading">): Reading {
  if (fact.kind === "measured") {
    return fact.value === "PASS" ? "meets" : fact.value === "FAIL" ? "falls-short" : "unsettled";
  }
  return fact.reading!;
}

/**
 * What a fact means for the spec. `violation`: a MUST or MUST NOT is not met. `variation`: the
 * host departs where the spec lets it (a SHOULD not followed, any choice under a MAY, or a
 * behaviour the spec leaves open). `conforms`: a MUST or SHOULD met. `unsettled`: the evidence
 * does not decide.
 */
export type Judgement = "conforms" | "violation" | "variation" | "unsettled";

export function judge(reading: Reading, keyword: SpecKeyword): Judgement {
  if (reading === "unsettled") return "unsettled";
  if (reading === "left-open" || keywordStrength(keyword) === "MAY") return "variation";
  if (reading === "meets") return "conforms";
  return isMandatory(keyword) ? "violation" : "variation";
}

/** The sentence shown under a cell's verdict. */
export function describeJudgement(reading: Reading, keyword: SpecKeyword): string {
  const j = judge(reading, keyword);
  if (j === "unsettled") return "Not settled: the evidence does not decide it";
  if (j === "conforms") return `Meets the ${keyword}`;
  if (j === "violation") return `Spec violation: the ${keyword} is not met`;
  if (reading === "left-open") return "Allowed variation: the spec leaves this open";
  if (keywordStrength(keyword) === "MAY") {
    return reading === "meets"
      ? "Allowed: takes up what the MAY permits"
      : "Allowed: does not take up the MAY";
  }
  return `Allowed variation: the ${keyword} is not followed`;
}

export const KIND_LABEL: Record<EvidenceKind, string> = {
  measured: "measured here",
  "vendor-documented": "documented by the vendor",
  "user-reported": "reported by a user",
  "host-code": "seen in the host's code",
  "third-party-prober": "seen by a third-party prober",
};

interface Judged {
  reading: Reading;
  judgement: Judgement;
  judgementText: string;
  staleness: Staleness;
  stalenessText: string[];
}

export interface GridConflict extends Judged {
  /** As stored in the record. */
  fact: Conflict;
}

export interface GridCell extends Judged {
  host: string;
  entry: string;
  /** The element id of this cell on /hosts: `<entry id>@<host id>`. */
  anchor: string;
  /** As stored in the record, unchanged. */
  fact: HostCell;
  conflicts: GridConflict[];
}

export interface GridHost {
  id: string;
  name: string;
  version: string | null;
  openSource: boolean;
  setup: string;
  note?: string;
  absent?: HostRecord["absent"];
  file: string;
  /** Measured by this project (the record holds a measured cell or a measured absence). */
  measured: boolean;
  cells: number;
  violations: number;
  /** Cells with a staleness flag. */
  flagged: number;
}

interface GridRequirement {
  id: string;
  keyword: SpecKeyword;
  party: SpecEntry["party"];
  statement: string;
  /** In the order of `hosts`. */
  cells: GridCell[];
}

export interface HostGrid {
  /** The day ages are counted to. */
  today: string;
  hosts: GridHost[];
  /** Host-directed entries with at least one cell, by id. */
  requirements: GridRequirement[];
  /** Host-directed entries no record speaks about yet, by id. */
  unrecorded: Pick<SpecEntry, "id" | "keyword" | "party">[];
}

const cellAnchor = (entry: string, host: string) => `${entry}@${host}`;

function judged(
  fact: Dated & Pick<HostCell, "kind" | "value" | "reading">,
  keyword: SpecKeyword,
  today: string,
): Judged {
  const reading = readingOf(fact);
  const s = staleness(fact, today);
  return {
    reading,
    judgement: judge(reading, keyword),
    judgementText: describeJudgement(reading, keyword),
    staleness: s,
    stalenessText: describeStaleness(s),
  };
}

function isMeasured(record: HostRecord): boolean {
  return (
    record.absent?.kind === "measured" ||
    Object.values(record.cells).some((c) => c.kind === "measured")
  );
}

/**
 * Builds the grid from the records and the catalogue. Every cell is a record's cell as stored,
 * plus what is derived from it; nothing else enters. Records must have passed `checkHostRecords`.
 * Hosts come measured first, then the rest, each group by id.
 */
export function buildHostGrid(
  records: readonly (HostRecord & { file: string })[],
  catalogue: readonly Pick<SpecEntry, "id" | "keyword" | "party" | "statement">[],
  today: string,
): HostGrid {
  const ordered = [...records].sort(
    (a, b) => Number(isMeasured(b)) - Number(isMeasured(a)) || (a.id < b.id ? -1 : 1),
  );
  const directed = catalogue
    .filter((e) => HOST_DIRECTED_PARTIES.includes(e.party))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const requirements: GridRequirement[] = [];
  const unrecorded: HostGrid["unrecorded"] = [];
  for (const e of directed) {
    const cells: GridCell[] = [];
    for (const r of ordered) {
      const fact = r.cells[e.id];
      if (!fact) continue;
      cells.push({
        host: r.id,
        entry: e.id,
        anchor: cellAnchor(e.id, r.id),
        fact,
        ...judged(fact, e.keyword, today),
        conflicts: (fact.conflicts ?? []).map((c) => ({
          fact: c,
          ...judged(c, e.keyword, today),
        })),
      });
    }
    if (cells.length) {
      requirements.push({
        id: e.id,
        keyword: e.keyword,
        party: e.party,
        statement: e.statement,
        cells,
      });
    } else {
      unrecorded.push({ id: e.id, keyword: e.keyword, party: e.party });
    }
  }
  const all = requirements.flatMap((r) => r.cells);
  const hosts: GridHost[] = ordered.map((r) => {
    const mine = all.filter((c) => c.host === r.id);
    return {
      id: r.id,
      name: r.name,
      version: r.version,
      openSource: r.openSource,
      setup: r.setup,
      ...(r.note ? { note: r.note } : {}),
      ...(r.absent ? { absent: r.absent } : {}),
      file: r.file,
      measured: isMeasured(r),
      cells: mine.length,
      violations: mine.filter((c) => c.judgement === "violation").length,
      flagged: mine.filter((c) => c.staleness.flags.length > 0).length,
    };
  });
  return { today, hosts, requirements, unrecorded };
}

export interface SourceParts {
  /** The URL the source starts with, if it is one. */
  url: string | null;
  /** A short name to show: `owner/repo #12`, `owner/repo: file.ts @commit`, or the text itself. */
  label: string;
  /** What follows the URL in a citation such as `<url> (run of 2026-06-04)`. */
  remark: string;
}

/** Splits a source or a corroboration into its URL, a short label for it and any remark. */
export function sourceParts(source: string): SourceParts {
  const match = /^(https?:\/\/\S+)\s*(.*)$/.exec(source);
  if (!match) return { url: null, label: source, remark: "" };
  const url = match[1]!;
  const remark = match[2]!.replace(/^\((.*)\)$/, "$1");
  const u = new URL(url);
  const parts = u.pathname.split("/").filter(Boolean);
  let label = `${u.hostname}${u.pathname.replace(/\/$/, "")}`;
  if (u.hostname === "github.com" && parts.length >= 4) {
    const repo = `${parts[0]}/${parts[1]}`;
    if ((parts[2] === "issues" || parts[2] === "pull") && parts[3]) label = `${repo} #${parts[3]}`;
    else if (parts[2] === "blob" && parts.length >= 5) {
      const ref = parts[3] === "HEAD" ? "" : ` @${parts[3]}`;
      label = `${repo}: ${parts.at(-1)}${ref}`;
    }
  }
  return { url, label, remark };
}
