/**
 * `npm run hosts:grid`, the record step: a conformance kit report (the `--once --out` JSON file of
 * scripts/conformance-server.ts) and what the grid knows of the host become that host's record,
 * content/hosts/<id>.json, in the records' own schema (lib/content/hosts-schema.ts). Pure: no
 * file is read or written here, so a test can hold it.
 *
 * One measured cell per catalogue entry the kit observed: a row the view cannot observe by
 * construction (`unseen`) says nothing about the host and gets no cell. An entry with several rows
 * (height and width) is one cell: FAIL when a row failed, PASS when a row passed and none failed,
 * NOT OBSERVABLE when no row could be seen; the note keeps every row's verdict and evidence.
 */
import { z } from "zod";
import { CATALOGUE, type CatalogueId } from "../../lib/conformance/catalogue";
import { rowName } from "../../lib/conformance/summary";
import type { ConformanceReport, ProbeResult, Verdict } from "../../lib/conformance/types";
import { parseHostFile, type LoadedHostRecord } from "../../lib/content/hosts";
import type { HostCell, HostRecord } from "../../lib/content/hosts-schema";

/** The part of the kit's report file the record is made from. */
export interface GridReport extends Pick<ConformanceReport, "host" | "run" | "finishedAt"> {
  tool: string;
  results: ProbeResult[];
}

/** What the grid knows of a host before it runs: its record's id, name, version and set-up. */
export interface HostMeta {
  id: string;
  name: string;
  version: string;
  /** How the host was installed and driven, in a sentence or two. */
  setup: string;
  note?: string;
}

/** Where and when the measurement was made. */
export interface MeasuredOn {
  /** YYYY-MM-DD. */
  date: string;
  /** The kit's commit (this project's). */
  commit: string;
  /** The Chromium version that ran the host. */
  chromium: string;
  /** What the logging pass-through between host and server saw. */
  wire?: { toolCalls: string[] };
}

const VERDICTS = ["PASS", "FAIL", "NOT OBSERVABLE"] as const;
const IDS = Object.keys(CATALOGUE) as [CatalogueId, ...CatalogueId[]];

const reportSchema = z.object({
  host: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    protocolVersion: z.string().optional(),
  }),
  run: z.string().min(1),
  tool: z.string().min(1),
  finishedAt: z.string(),
  results: z.array(
    z.object({
      id: z.enum(IDS),
      probe: z.string().optional(),
      verdict: z.enum(VERDICTS),
      evidence: z.string(),
      unseen: z.boolean().optional(),
    }),
  ),
});

/** Checks the report's form; throws naming the first bad place. */
function checkReport(report: GridReport, label: string): GridReport {
  const parsed = reportSchema.safeParse(report);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join(".") || "(root)";
    const value = issue.path.reduce<unknown>(
      (o, k) => (o && typeof o === "object" ? (o as Record<PropertyKey, unknown>)[k] : undefined),
      report,
    );
    throw new Error(
      `${label}: not a conformance kit report: ${where}${typeof value === "string" ? ` "${value}"` : ""}: ${issue.message}`,
    );
  }
  if (!report.results.length) throw new Error(`${label}: the report has no rows`);
  return report;
}

/** The cell's verdict from an entry's rows (see the file's comment). */
function joinVerdicts(verdicts: Verdict[]): Verdict {
  if (verdicts.includes("FAIL")) return "FAIL";
  if (verdicts.includes("PASS")) return "PASS";
  return "NOT OBSERVABLE";
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The pass-through's word on the tool-call guard: did the model-only call reach the server? */
function wireNote(id: CatalogueId, on: MeasuredOn): string | undefined {
  if (id !== "visibility/app-tool-call-guard" || !on.wire) return undefined;
  const tool = "conformance_model_only";
  return on.wire.toolCalls.includes(tool)
    ? `The logging pass-through between host and server saw tools/call ${tool}: the view's call to the model-only tool reached the server.`
    : `The logging pass-through between host and server saw no tools/call ${tool}: nothing the view sent for it reached the server.`;
}

/** The cells one report gives, for the entries `keep` accepts. */
function cellsOf(
  report: GridReport,
  on: MeasuredOn,
  keep: (id: CatalogueId) => boolean,
): Record<string, HostCell> {
  const byId = new Map<CatalogueId, ProbeResult[]>();
  for (const p of report.results) {
    if (p.unseen || !keep(p.id)) continue;
    byId.set(p.id, [...(byId.get(p.id) ?? []), p]);
  }
  const cells: Record<string, HostCell> = {};
  for (const [id, rows] of byId) {
    const evidence =
      rows.length === 1
        ? oneLine(rows[0]!.evidence)
        : rows
            .map((p) => `${p.probe ?? rowName(p)}: ${p.verdict}, ${oneLine(p.evidence)}`)
            .join("; ");
    const wire = wireNote(id, on);
    cells[id] = {
      value: joinVerdicts(rows.map((p) => p.verdict)),
      kind: "measured",
      date: on.date,
      source: `npm run hosts:grid on ${on.date}, kit at commit ${on.commit}, ${report.tool} run ${report.run}, row${rows.length > 1 ? "s" : ""} ${rows.map((p) => `"${rowName(p)}"`).join(", ")}`,
      note: `The kit's evidence: ${evidence}${/[.!?]$/.test(evidence) ? "" : "."}${wire ? ` ${wire}` : ""}`,
    };
  }
  return cells;
}

const JUDGED = (v: string) => v === "PASS" || v === "FAIL";

/**
 * Rows on which the kit was blind at some commits that measured the records: a PASS those commits
 * gave there is the kit's miss, not a finding about the host, so it is not kept as a dispute with
 * a newer verdict; the new cell's note says which run's PASS was dropped and why.
 */
const KIT_BLIND: Record<string, { commits: string[]; why: string }> = {
  "security/sandbox-resource-ready": {
    commits: ["f739301"],
    why: "that kit compared the view's document only up to its own script, so it could not see what a host added after it",
  },
};

/** The kit commit a grid-measured cell names in its source, if any. */
const kitCommit = (source: string) => /\bkit at commit ([0-9a-f]{4,40})\b/.exec(source)?.[1];

/**
 * Whether `before` is a PASS the kit gave on `id` while it was blind there (KIT_BLIND) and that the
 * new `cell` contradicts: if so, the sentence the new cell's note adds.
 */
function blindPass(id: string, before: HostCell, cell: HostCell): string | undefined {
  const blind = KIT_BLIND[id];
  const commit = kitCommit(before.source);
  if (!blind || before.value !== "PASS" || cell.value !== "FAIL") return;
  if (!commit || !blind.commits.includes(commit)) return;
  return `The earlier PASS (${before.date}, kit at commit ${commit}) is not kept as a dispute: ${blind.why}.`;
}

/**
 * An earlier PASS or FAIL that a new verdict contradicts (a hand-confirmed finding the probe cannot
 * see, say) stays beside the new cell as a conflict, with the earlier cell's own disputes that
 * still disagree: a record shows a dispute, it never resolves one away. An earlier NOT OBSERVABLE
 * said nothing about the host and is not kept.
 */
function keepContradicted(measured: Record<string, HostCell>, previous: HostRecord) {
  for (const [id, cell] of Object.entries(measured)) {
    const before = previous.cells[id];
    if (!before) continue;
    const older = before.conflicts ?? [];
    const fact = { ...before };
    delete fact.corroboration;
    delete fact.conflicts;
    // A blind kit PASS is dropped whether it was the cell or one of its conflicts.
    const dropped = [before, ...older]
      .map((c) => blindPass(id, c, cell))
      .filter((d) => d !== undefined);
    if (dropped.length) cell.note = [cell.note, ...new Set(dropped)].filter(Boolean).join(" ");
    const disputes = [
      ...(!blindPass(id, before, cell) &&
      before.kind === "measured" &&
      JUDGED(before.value) &&
      JUDGED(cell.value) &&
      before.value !== cell.value
        ? [fact]
        : []),
      ...older.filter((c) => c.value !== cell.value && !blindPass(id, c, cell)),
    ];
    if (disputes.length) cell.conflicts = disputes;
  }
}

export interface RecordOptions {
  /** The host's record before this run: its facts the run did not measure again are kept. */
  previous?: HostRecord;
  /** Further runs (the default-CSP view), each for the entries it is run for. */
  extra?: { report: GridReport; ids: CatalogueId[] }[];
}

/**
 * The host's record after this run: the previous record's cells, with every entry this run
 * observed replaced by its new measured cell; checked by the records' schema (a ContentError names
 * content/hosts/<id>.json and the field). Throws on a report that is not the kit's.
 */
export function recordFromReport(
  report: GridReport,
  meta: HostMeta,
  on: MeasuredOn,
  options: RecordOptions = {},
): HostRecord {
  if (!/^[0-9a-f]{4,40}$/.test(on.commit))
    throw new Error(`commit: "${on.commit}" is not a commit`);
  if (!on.chromium.trim()) throw new Error("chromium: name the Chromium version");
  checkReport(report, `${meta.id}: ${report?.tool ?? "report"}`);
  const measured = cellsOf(report, on, () => true);
  for (const { report: r, ids } of options.extra ?? []) {
    checkReport(r, `${meta.id}: ${r?.tool ?? "report"}`);
    Object.assign(
      measured,
      cellsOf(r, on, (id) => ids.includes(id)),
    );
  }
  if (options.previous) keepContradicted(measured, options.previous);
  const said = report.host.name
    ? ` The host named itself ${report.host.name}${report.host.version ? ` ${report.host.version}` : ""} in ui/initialize.`
    : " The host named itself in no ui/initialize hostInfo.";
  const record = {
    id: meta.id,
    name: meta.name,
    version: meta.version,
    openSource: true,
    setup: `${meta.setup} Measured by npm run hosts:grid on ${on.date}: conformance kit at commit ${on.commit}, one conformance server per host behind a logging pass-through, Chromium ${on.chromium} headless.${said}`,
    ...(meta.note ? { note: meta.note } : {}),
    cells: Object.fromEntries(
      Object.entries({ ...(options.previous?.cells ?? {}), ...measured }).sort(([a], [b]) =>
        a.localeCompare(b),
      ),
    ),
  };
  const checked: Partial<LoadedHostRecord> = parseHostFile(
    JSON.stringify(record),
    `content/hosts/${meta.id}.json`,
  );
  delete checked.file;
  return checked as HostRecord;
}
