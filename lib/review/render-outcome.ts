import type { ReportItem } from "./items";
import { LESSONS } from "./lessons";

/**
 * How far `--render` got with one UI tool's view, said as one report item per tool (issue #37):
 * a render that stalls or that the page's form refuses is a warning about the render, never a
 * reason to lose the protocol report.
 */
export type RenderOutcome = "rendered" | "failed" | "text" | "refused-by-form" | "timed-out";

const TITLES: Record<RenderOutcome, string> = {
  rendered: "the view rendered in the review host",
  failed: "the view was rendered but did not finish its handshake",
  text: "the review host showed the tool as text only",
  "refused-by-form": "the view could not be previewed: the page's form refused the arguments",
  "timed-out": "the render did not finish within its time limit",
};

const STATUS: Record<RenderOutcome, ReportItem["status"]> = {
  rendered: "pass",
  // The view checks carry what went wrong (a fail where a MUST was seen failing).
  failed: "warning",
  // The protocol items say why (a failing row of the decision table); nothing to judge here.
  text: "not-checkable",
  "refused-by-form": "warning",
  "timed-out": "warning",
};

/** The item saying how far rendering `tool`'s view got, with the reason. */
export function renderOutcomeItem(
  tool: string | undefined,
  outcome: RenderOutcome,
  reason: string,
): ReportItem {
  return {
    id: tool === undefined ? "rendering" : `rendering:${tool}`,
    title: tool === undefined ? "--render could not run" : TITLES[outcome],
    status: tool === undefined ? "warning" : STATUS[outcome],
    evidence: reason,
    ruleIds: ["RES-1", "BRG-2"],
    lesson: LESSONS.render,
    source: "review",
    ...(tool === undefined ? {} : { tool }),
  };
}
