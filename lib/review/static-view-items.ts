// The report's static view items: what the analysis of one view's HTML (static-view.ts) found,
// each item's evidence held to 2 KB, and what the analysis left unread.
import type { UiToolReview } from "../host";
import { effectiveUiMeta } from "../decide";
import { asRecord } from "../host/wire";
import type { ReportItem } from "./items";
import { LESSONS } from "./lessons";
import { undeclaredLoads } from "./declared-csp";
import { analyzeView, STATIC_VIEW_LIMITS } from "./static-view";
import type { StaticViewFindings } from "./static-view-findings";
import { viewHtml } from "./view-resource-items";
import { json } from "./wire-read";

/** Each static item's evidence is at most 2 KB of UTF-8, whatever the view holds (issue #39, item 3). */
const EVIDENCE_BYTES = 2048;
/** Findings named in one item; the rest are counted ("and N more"). */
const LISTED = 10;
/** One finding's text at most (an origin, an excerpt): a long one cannot fill the item alone. */
const ENTRY_CHARS = 300;
const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;

/** `text` cut to 2 KB of UTF-8, whole characters and an ellipsis (a last guard: lists are sized to fit). */
function withinEvidence(text: string): string {
  if (byteLength(text) <= EVIDENCE_BYTES) return text;
  const { read } = utf8.encodeInto(text, new Uint8Array(EVIDENCE_BYTES - byteLength("…")));
  return `${text.slice(0, read)}…`;
}

/**
 * The first findings as text, joined by `separator`: at most LISTED, and only as many as fit in
 * 2 KB beside `around` (the rest of the item's evidence); then "and N more", N counting the
 * `unlisted` findings the analysis counted without keeping.
 */
function listed<T>(
  findings: readonly T[],
  show: (finding: T) => string,
  around: string,
  unlisted = 0,
  separator = "; ",
): string {
  const budget = EVIDENCE_BYTES - byteLength(around) - 40;
  const parts: string[] = [];
  let used = 0;
  for (const finding of findings) {
    if (parts.length >= LISTED) break;
    const text = show(finding);
    const part = text.length > ENTRY_CHARS ? `${text.slice(0, ENTRY_CHARS)}…` : text;
    const size = byteLength(part) + (parts.length ? separator.length : 0);
    if (used + size > budget) break;
    parts.push(part);
    used += size;
  }
  const more = findings.length - parts.length + unlisted;
  return more ? [...parts, `and ${more} more`].join(separator) : parts.join(separator);
}

/** What the static checks left unread or unchecked, in a sentence each; none when they read it all. */
function unread({ reading, dropped, loads }: StaticViewFindings): string[] {
  const notes: string[] = [];
  if (reading.stopped === "deadline")
    notes.push(
      `the static checks stopped after ${STATIC_VIEW_LIMITS.deadlineMs / 1000} s at line ${reading.line} (character ${reading.read} of ${reading.length}): the view after that was not read, so what it loads there, eval and display-mode requests are not seen`,
    );
  if (reading.stopped === "size")
    notes.push(
      `the static checks read the view's first ${reading.read} characters of ${reading.length} (their cap), so the view after line ${reading.line} was not read: what it loads there, eval and display-mode requests are not seen`,
    );
  if (dropped.loads)
    notes.push(
      `${dropped.loads} more load(s) of other origins, past the first ${loads.length} kept, were not checked against the CSP`,
    );
  return notes;
}

/**
 * Static checks of one tool's view HTML (issue #21, item 4; analysis in static-view.ts): the
 * origins it loads or fetches against its declared CSP, `eval`, and display-mode requests. None
 * when the view could not be read (the resource-read and html-document items say why). `found`:
 * the analysis when it ran elsewhere (the /review page's worker), else it runs here.
 */
export function staticViewItems(t: UiToolReview, found?: StaticViewFindings): ReportItem[] {
  const html = viewHtml(t);
  if (!t.read.ok || html === undefined) return [];
  const item = asRecord(t.read.result.contents[0]);
  const meta = effectiveUiMeta(item?._meta, t.listing?._meta);
  const declared = "csp" in meta.ui;
  const findings = found ?? analyzeView(html);
  const { loads, evals, displayModes, dropped } = findings;
  const needed = evals.filter((e) => !e.probe);
  const blocked = undeclaredLoads(loads, declared, meta.ui.csp);
  const items: ReportItem[] = [];
  const add = (i: Omit<ReportItem, "tool" | "id" | "source"> & { id: string }) =>
    items.push({
      ...i,
      evidence: withinEvidence(i.evidence),
      id: `${i.id}:${t.name}`,
      tool: t.name,
      source: "review",
    });
  const notes = unread(findings);
  // Each finding's verdict holds for the part read; this item says what that part leaves out.
  if (notes.length)
    add({
      id: "view-static-read",
      title: "The static checks read the whole view",
      status: "warning",
      evidence: `${notes.join("; ")}. A rendered view shows what it really loads (Preview or Run here, --render in the CLI)`,
      ruleIds: [],
      lesson: LESSONS.render,
    });
  const unseen = "URLs built at run time are not seen";
  const origins = [...new Set(loads.map((l) => l.origin))];
  const advice = declared ? "" : "; declare each in _meta.ui.csp";
  const allDeclared = `${origins.length} other origin(s) found in the HTML and inline scripts, all declared: `;
  add({
    id: "view-origins",
    title: "Every origin the view loads or fetches is declared in its CSP",
    status: blocked.length ? "fail" : "pass",
    evidence: blocked.length
      ? listed(blocked, (b) => `${b.origin} (${b.via}, line ${b.line}): ${b.reason}`, advice) +
        advice
      : origins.length
        ? `${allDeclared}${listed(origins, (o) => o, `${allDeclared} (${unseen})`, 0, ", ")} (${unseen})`
        : `no other origin found in the HTML or inline scripts (${unseen})`,
    ruleIds: declared ? ["CSP-2", "CSP-3", "CSP-6"] : ["CSP-4", "CSP-6"],
    lesson: declared ? LESSONS.builtPolicy : LESSONS.csp,
  });
  const why =
    ": no MCP Apps CSP allows it (script-src is 'self' 'unsafe-inline' plus resourceDomains, never 'unsafe-eval'), so this code throws in a host that follows the spec";
  const probes =
    "; under a spec host's CSP it throws, is caught, and the code takes its other path";
  add({
    id: "view-eval",
    title: "The view does not need eval or new Function",
    status: needed.length ? "warning" : "pass",
    evidence: needed.length
      ? listed(
          needed,
          (e) => `${e.what} at line ${e.line}: ${json(e.excerpt)}`,
          why,
          dropped.evals,
        ) + why
      : evals.length
        ? `only a feature test: ${listed(evals, (e) => `${e.what}"") in a try at line ${e.line}`, probes)}${probes}`
        : "no eval( or new Function( in the inline scripts",
    ruleIds: ["CSP-2", "CSP-4"],
    lesson: LESSONS.builtPolicy,
  });
  const { requests, reads } = displayModes;
  const lines = (of: number[], more: number) => listed(of, String, "", more, ", ");
  add({
    id: "view-display-mode",
    title: "Display mode requested only after reading availableDisplayModes (heuristic)",
    status: requests.length && !reads.length ? "warning" : "pass",
    evidence: !requests.length
      ? "heuristic: no display-mode request found in the inline scripts"
      : reads.length
        ? `heuristic: requests a display mode (line ${lines(requests, dropped.requests)}) and reads availableDisplayModes (line ${lines(reads, dropped.reads)})`
        : `heuristic: requests a display mode (line ${lines(requests, dropped.requests)}) but never reads the host's availableDisplayModes; the view must check the modes the host offers before asking`,
    ruleIds: ["BRG-6"],
    lesson: LESSONS.displayModes,
  });
  return items;
}
