/**
 * Static checks of a view's HTML, without a browser: which origins it loads or fetches, compared
 * with the CSP it declares; whether it needs `eval`; whether it asks for a display mode without
 * reading which ones the host offers. Framework-free and browser-safe: text in, findings out.
 *
 * What is read: `<script src>`, `<link href>` (stylesheets, preloads, icons), `<img src/srcset>`,
 * `<video|audio|source|track src>`, `<iframe src>`, `<base href>`, CSS `url(…)` and `@import` in
 * `<style>` blocks and `style` attributes, and in inline scripts the URL literal passed straight
 * to `fetch(`, `new WebSocket(`, `new EventSource(` or an XMLHttpRequest's `.open(method, url)`, or
 * set on an element (`.src =`, a stylesheet link's `.href =`, `setAttribute("src", …)`).
 * A URL built at run time is not seen: a clean result means "none found", not "none used".
 */

import { cssKinds } from "./static-view-css";
import { displayModeKinds, finishScript } from "./static-view-display-modes";
import { evalKinds } from "./static-view-eval";
import type { StaticViewFindings, StaticViewReading } from "./static-view-findings";
import { markupKinds } from "./static-view-markup";
import { blankComments, Deadline, ViewScan } from "./static-view-scan";
import { scriptUrlKinds } from "./static-view-script-urls";

/**
 * The caps of the static checks (issue #39, item 3): they read a bounded part of a document, for a
 * bounded time, and keep a bounded number of findings, so a view of any size costs the review at
 * most a few seconds and a few kilobytes of report.
 */
export interface StaticViewLimits {
  /** Characters of a document read: the rest of a longer view is not read (4 MiB). */
  maxChars: number;
  /** How long the scan may take, in ms: looked at inside its loops, it stops where it is (2 s). */
  deadlineMs: number;
  /** Findings kept of each kind (distinct loads, eval uses, display-mode requests and reads). */
  maxFindings: number;
}

export const STATIC_VIEW_LIMITS: Readonly<StaticViewLimits> = {
  // About ten times the largest view the repository's tests review (server-system-monitor's, 418 KiB),
  // and still read in well under the deadline.
  maxChars: 4 * 1024 * 1024,
  deadlineMs: 2000,
  // Far more than a real view has (dozens of origins), and few enough that the findings the page's
  // worker posts back stay small (each URL kept to URL_KEPT characters).
  maxFindings: 1000,
};

export interface AnalyzeOptions extends Partial<StaticViewLimits> {
  /** The clock the deadline is read from, in ms: performance.now unless a test gives its own. */
  now?: () => number;
}

/**
 * One pass over the document. Each kind of thing looked for (`<` for tags, `style` for style
 * attributes, `fetch`, `eval`, `url(`…) has its own position, found with indexOf from where its last
 * one ended; the pass always takes the earliest, so the document is read in order, once per kind,
 * and the deadline can stop it anywhere with everything before that point read. Tags and CSS are
 * found anywhere (in a script's strings too, as markup built there loads as well); fetches, eval
 * and display modes only in inline scripts. Each part (markup, CSS, script URLs, eval, display
 * modes) says what it looks for and reads it; they share the pass's state (static-view-scan).
 */
export function analyzeView(html: string, options: AnalyzeOptions = {}): StaticViewFindings {
  const limits = { ...STATIC_VIEW_LIMITS, ...options };
  const now = options.now ?? (() => performance.now());
  const deadline = new Deadline(now, now() + limits.deadlineMs);
  const cut = html.length > limits.maxChars;
  const text = blankComments(cut ? html.slice(0, limits.maxChars) : html, cut, deadline);
  const scan = new ViewScan(text, cut, limits.maxFindings, deadline);
  const { end, seek } = scan;
  // In this order: it breaks a tie between two kinds at one offset, as it always has.
  const kinds = (scan.kinds = [
    ...markupKinds(scan),
    ...cssKinds(scan),
    ...scriptUrlKinds(scan),
    ...evalKinds(scan),
    ...displayModeKinds(scan),
  ]);
  for (const k of kinds) k.at = seek(k, 0);
  for (;;) {
    let earliest = kinds[0]!;
    for (const k of kinds) if (k.at < earliest.at) earliest = k;
    if (earliest.at >= end || deadline.passed(earliest.at)) break;
    earliest.at = seek(earliest, Math.max(earliest.on(earliest.at), earliest.at + 1));
  }
  finishScript(scan);

  const read = deadline.stoppedAt ?? end;
  const reading: StaticViewReading = {
    length: html.length,
    read,
    line: scan.lineOf(read),
    ...(deadline.stoppedAt !== undefined
      ? { stopped: "deadline" as const }
      : cut
        ? { stopped: "size" as const }
        : {}),
  };
  const { loads, evals, requests, reads, dropped } = scan;
  return { loads, evals, displayModes: { requests, reads }, reading, dropped };
}
