// One UI tool's items: which key names its view, the ui:// scheme, the agent's view of the tool, the
// negotiation, the resources/read; then its view resource's items (view-resource-items.ts) and the
// two a review cannot settle from outside.
import type { UiToolReview } from "../host";
import type { ReviewInput } from "./collect";
import type { ItemStatus, ReportItem } from "./items";
import { LESSONS } from "./lessons";
import { documentItems, fromVerdict, metaItems } from "./view-resource-items";
import { agentVisibilityFromWire } from "./wire-checks";

/** A UI tool's items, in the order a reader meets them; the view's own when it could be read. */
export function toolItems(input: ReviewInput, t: UiToolReview): ReportItem[] {
  const modern = input.review.era === "modern";
  const items: ReportItem[] = [];
  const add = (item: Omit<ReportItem, "tool" | "id"> & { id: string }) =>
    items.push({ ...item, id: `${item.id}:${t.name}`, tool: t.name });

  // TOOL-1: which key names the view.
  {
    const k = resourceUriKeyVerdict(t);
    add({
      id: "resource-uri-key",
      title: "The view is named in _meta.ui.resourceUri",
      status: k.status,
      evidence: k.evidence,
      ruleIds: ["TOOL-1"],
      lesson: k.lesson,
      source: "review",
    });
  }

  add({
    id: "ui-scheme",
    title: "The view's URI uses the ui:// scheme",
    status: t.resourceUri.startsWith("ui://") ? "pass" : "fail",
    evidence: `resource URI ${t.resourceUri}`,
    ruleIds: ["RES-8", "TOOL-1"],
    lesson: LESSONS.resourceUri,
    source: "requirements",
  });

  const vis = t.decision.rows.find((x) => x.row === "visibility")!;
  add({
    id: "visibility",
    title: "The agent can see the tool",
    // Judged on the list as sent: the parse drops unknown values and a string counts as omitted.
    ...agentVisibilityFromWire(t, vis),
    ruleIds: vis.ruleIds,
    lesson: LESSONS.visibility,
    source: "review",
  });

  // Under legacy the row judges only this reviewer's own initialize, which always declares Apps:
  // it could never fail, so it is no item (issue #21). Under modern it rests on the server's
  // server/discover answer (NEG-3, NEG-4).
  if (modern) {
    add({
      id: "negotiation",
      title: "Extension negotiated on the request (NEG-2..4)",
      ...fromVerdict(t.negotiation),
      evidence: `${t.negotiation.reason}${t.declaration ? ` (declared on ${t.declaration.method})` : ""}`,
      ruleIds: t.negotiation.ruleIds,
      lesson: LESSONS.decisionTable,
      source: "review",
    });
  }

  // A read answered with no content item leaves nothing to render, nor to judge below.
  const empty = t.read.ok && t.read.result.contents.length === 0;
  add({
    id: "resource-read",
    title: "The view is fetched with resources/read",
    status: t.read.ok && !empty ? "pass" : "fail",
    evidence: !t.read.ok
      ? `resources/read ${t.resourceUri} failed: ${t.read.error}`
      : empty
        ? `resources/read ${t.resourceUri} answered with no content item ("contents": []): a host has no document to render (RES-3)`
        : `resources/read ${t.resourceUri} returned ${t.read.result.contents.length} content item(s)`,
    ruleIds: empty ? ["RES-1", "RES-3"] : ["RES-1", "TOOL-1"],
    lesson: LESSONS.fetching,
    source: "review",
  });
  if (!t.read.ok || empty) return items;

  const item = documentItems(t, add);
  metaItems(input, t, item, add, items);
  add({
    id: "text-fallback",
    title: "The tool returns useful text content",
    status: "not-checkable",
    evidence: `needs a tools/call, and a review calls none unless asked (a call may have side effects): add --call ${t.name} [--args '<json>'] to npm run review, or Run it on /review, to have its content judged`,
    ruleIds: ["OUT-1"],
    lesson: LESSONS.channels,
    source: "review",
  });
  add({
    id: "renders",
    title: "The view renders and completes ui/initialize",
    status: "not-checkable",
    evidence: "needs a browser: render the view in a host (or the academy's simulator) to check",
    ruleIds: ["SBX-1", "BRG-1"],
    lesson: LESSONS.render,
    source: "requirements",
  });
  return items;
}

/**
 * TOOL-1's key: nested passes; both keys naming the same view pass (ext-apps' registerAppTool
 * writes the flat one, and so do other libraries: the evidence names no author); the flat key
 * alone is deprecated, with the spec's word on its removal.
 */
function resourceUriKeyVerdict(t: UiToolReview): {
  status: ItemStatus;
  evidence: string;
  lesson: string;
} {
  if (t.uriConflict)
    return {
      status: "fail",
      evidence: `_meta.ui.resourceUri is ${t.uriConflict.nested} but the deprecated _meta["ui/resourceUri"] is ${t.uriConflict.flat}: hosts disagree on which view to show`,
      lesson: LESSONS.flatKey,
    };
  if (t.uriKey === "flat")
    return {
      status: "warning",
      evidence:
        `only the deprecated flat key _meta["ui/resourceUri"] = ${t.resourceUri}. TOOL-1: the flat key is deprecated; the 2026-01-26 spec's deprecation notice says the flat format will be "removed before GA". ` +
        `Hosts built on ext-apps still read it today (its getToolUiResourceUri falls back to it); add _meta.ui.resourceUri before they stop`,
      lesson: LESSONS.flatKey,
    };
  if (t.uriKey === "both")
    return {
      status: "pass",
      evidence: `_meta.ui.resourceUri = ${t.resourceUri}; the deprecated flat key _meta["ui/resourceUri"] repeats it for older hosts (ext-apps' registerAppTool writes both, as do other libraries and hand-written servers; the review cannot tell which library wrote it). Nothing to change`,
      lesson: LESSONS.inTheWild,
    };
  return {
    status: "pass",
    evidence: `_meta.ui.resourceUri = ${t.resourceUri}`,
    lesson: LESSONS.resourceUri,
  };
}
