import { visibleText } from "../host/visible-text";
import type { WorksIn } from "./works-in";
import { cellSummary, KIND_WORDS, sourceLine, WORKS_IN_INTRO } from "./works-in-words";

// "Works in" as plain text, for `npm run review -- <server> --hosts`.

/** The table as text: per UI tool, one line per host, each reason below with its rule and source. */
export function formatWorksIn(w: WorksIn): string {
  const v = visibleText;
  const [first, ...rest] = WORKS_IN_INTRO;
  const lines = [`Works in: ${first}`, ...rest];
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
