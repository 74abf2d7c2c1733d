import { visibleText } from "../host/visible-text";
import type { WorksIn } from "./works-in";
import { cellSummary, KIND_WORDS, sourceLine } from "./works-in-words";

// "Works in" as plain text, for `npm run review -- <server> --hosts`.

/** The table as text: per UI tool, one line per host, each reason below with its rule and source. */
export function formatWorksIn(w: WorksIn): string {
  const v = visibleText;
  const lines = [
    "Works in: what each host is expected to do with each UI tool, predicted from its profile",
    "(content/host-profiles) by the same decisions the simulator makes. Not a live test of the host;",
    "each host is taken to approve every origin the view declares (a host may refuse some, CSP-5).",
  ];
  if (!w.tools.length) return [...lines, "", "No UI tool: nothing to predict."].join("\n");
  const width = Math.max(...w.hosts.map((h) => h.name.length));
  for (const tool of w.tools) {
    lines.push("", `Tool ${v(tool)}:`);
    for (const h of w.hosts) {
      const cell = w.cells.find((c) => c.host === h.id && c.tool === tool)!;
      lines.push(`  ${h.name.padEnd(width)}  ${v(cellSummary(cell))}`);
      for (const r of cell.reasons) {
        lines.push(
          `      - ${v(r.text)} [${r.ruleIds.join(", ")}; ${KIND_WORDS[r.kind]}]`,
          `        source: ${v(sourceLine(r.source))}`,
        );
      }
    }
  }
  return lines.join("\n");
}
