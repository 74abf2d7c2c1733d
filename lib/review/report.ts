// The checklist report for one reviewed server: the server's items, then each tool's in listing
// order, counted. The items are judged where their concern lives: server-items.ts, ui-tool-items.ts
// (with view-resource-items.ts), static-view-items.ts, wire-checks.ts and call-items.ts;
// report-format.ts prints a report.
import type { ReviewInput } from "./collect";
import { judgeCall } from "./call-items";
import type { ItemStatus, Report, ReportItem } from "./items";
import { LESSONS } from "./lessons";
import { serverItems } from "./server-items";
import type { StaticViewFindings } from "./static-view-findings";
import { staticViewItems } from "./static-view-items";
import { toolItems } from "./ui-tool-items";
import { companionItem, everyToolItems } from "./wire-checks";

export type { ItemStatus, Report, ReportItem } from "./items";
export { LESSONS };

/**
 * Every tool's items, in listing order (issue #21): a UI tool's view items, then the items every
 * tool gets (visibility as sent, app-only tools for clients without Apps, annotations, outputSchema).
 */
function itemsForTool(input: ReviewInput, name: string, options: BuildOptions): ReportItem[] {
  const r = input.review;
  const ui = r.uiTools.find((t) => t.name === name);
  const wire = ui?.onWire.tool ?? r.onWire?.tools.find((t) => t.name === name);
  const called = callItems(input, name);
  // A call asked for (--call) settles text-fallback: its item replaces the not-checkable one.
  const view = (
    ui
      ? [...toolItems(input, ui), ...staticViewItems(ui, options.staticFindings?.get(ui.name))]
      : []
  ).filter((i) => !(called.length && i.id.startsWith("text-fallback:")));
  // The items no review can settle from outside stay last in the tool's block, after the call's.
  const outside = (i: ReportItem) => /^(text-fallback|renders):/.test(i.id);
  return [
    ...view.filter((i) => !outside(i)),
    ...everyToolItems(input, name, wire, !!ui),
    ...[companionItem(input, name, wire, !!ui)].filter((i) => i !== undefined),
    ...called,
    ...view.filter(outside),
  ];
}

/** The items for the one tools/call a person asked for (--call), on the tool it named. */
function callItems(input: ReviewInput, name: string): ReportItem[] {
  return input.call && input.call.tool === name ? judgeCall(input.call) : [];
}

export interface BuildOptions {
  /**
   * Each UI tool's static view findings, by tool name, when they were worked out elsewhere (the
   * /review page runs them in a worker); a tool without them is analysed here.
   */
  staticFindings?: ReadonlyMap<string, StaticViewFindings>;
}

/** The checklist report for one reviewed server: a pure function of what was observed. */
export function buildReport(input: ReviewInput, options: BuildOptions = {}): Report {
  const r = input.review;
  const items = [
    ...serverItems(input),
    ...r.tools.flatMap((tool) => itemsForTool(input, tool.name, options)),
  ];
  const counts: Record<ItemStatus, number> = { pass: 0, fail: 0, warning: 0, "not-checkable": 0 };
  for (const i of items) counts[i.status]++;
  return {
    target: input.target,
    transport: input.transport,
    server: { name: r.serverInfo?.name, version: r.serverInfo?.version },
    era: r.era,
    ...(r.protocolVersion ? { protocolVersion: r.protocolVersion } : {}),
    eraSource: r.eraSource,
    counts,
    items,
  };
}
