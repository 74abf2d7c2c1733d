// The report's vocabulary: one checklist item and the report that lists them. Named apart from
// report.ts, which builds reports, and report-format.ts, which prints them, so that the checks
// (wire checks, call items) can name an item without importing the report.

export type ItemStatus = "pass" | "fail" | "warning" | "not-checkable";

/** Where a checklist item comes from: the review checklist or the requirements checklist. */
type ChecklistSource = "review" | "requirements" | "core";

export interface ReportItem {
  /** Stable id, e.g. `mime` or `mime:get-time` for a per-tool item. */
  id: string;
  title: string;
  status: ItemStatus;
  /** The message or field that shows it, as observed on the wire. */
  evidence: string;
  ruleIds: string[];
  /** The lesson section that explains it: `/lessons/<slug>#<section>`. */
  lesson: string;
  source: ChecklistSource;
  /** The UI tool the item is about, for per-tool items. */
  tool?: string;
}

export interface Report {
  target: string;
  transport: "http" | "stdio";
  server: { name?: string; version?: string };
  era: "modern" | "legacy";
  protocolVersion?: string;
  eraSource: string;
  counts: Record<ItemStatus, number>;
  items: ReportItem[];
}
