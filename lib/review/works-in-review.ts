import type { ReviewInput } from "./collect";
import { viewHtml } from "./view-resource-items";
import { analyzeView } from "./static-view";
import type { StaticViewFindings } from "./static-view-findings";
import { predictWorksIn, type WorksIn } from "./works-in";
import { serverEras, viewFacts } from "./works-in-facts";
import type { WorksInHost } from "./works-in-hosts";

// "Works in" for a whole review: every UI tool's facts, every host, one table. The page and the
// CLI both call this, so the table in the page's JSON and in `--json` is the same.

/**
 * The table for a reviewed server. `found`: each UI tool's static view findings when they were
 * worked out elsewhere (the page's worker); a tool without them is analysed here. `observed`: by
 * UI tool, the tools its view was seen to call in a Run or a render (BRG-5's gates then act on
 * them as on the calls read in its scripts).
 */
export function reviewWorksIn(
  input: ReviewInput,
  hosts: readonly WorksInHost[],
  found?: ReadonlyMap<string, StaticViewFindings>,
  observed?: ReadonlyMap<string, readonly string[]>,
): WorksIn {
  const views = input.review.uiTools.map((t) => {
    const html = viewHtml(t);
    const findings = html === undefined ? undefined : (found?.get(t.name) ?? analyzeView(html));
    return viewFacts(input, t, findings, html, observed?.get(t.name));
  });
  return predictWorksIn(hosts, views, serverEras(input));
}
