import type { Report, ReportItem } from "./report";

/**
 * The report with a rendered view's items in place of the static ones of the same id (the
 * "needs a browser" `renders` item among them), recounted. The CLI's `--render` and the /review
 * page after a Preview or a Run both use it, so both give the same report.
 */
export function withRenderedItems(report: Report, rendered: readonly ReportItem[]): Report {
  const byId = new Map(rendered.map((i) => [i.id, i]));
  const items = report.items.map((i) => byId.get(i.id) ?? i);
  const known = new Set(report.items.map((i) => i.id));
  // New items go after the last item of their tool.
  for (const r of rendered) {
    if (known.has(r.id)) continue;
    const last = items.findLastIndex((i) => i.tool === r.tool);
    items.splice(last < 0 ? items.length : last + 1, 0, r);
  }
  const counts: Report["counts"] = { pass: 0, fail: 0, warning: 0, "not-checkable": 0 };
  for (const i of items) counts[i.status]++;
  return { ...report, items, counts };
}
