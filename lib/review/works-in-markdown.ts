import { cell, toolName } from "./report-format";
import type { WorksIn, WorksInReason } from "./works-in";
import { cellSummary, KIND_WORDS, sourceWhen, WORKS_IN_INTRO } from "./works-in-words";

// "Works in" as a section of the Markdown report (`npm run review -- <server> --markdown --hosts`,
// and the page's Markdown download): the outcomes, reasons, rules, kinds, sources and dates that
// `--hosts` prints, as one table per UI tool with a row per reason. Server text is escaped as the
// report's own cells are (report.ts `cell`).

/** A source as a cell: its label, a link when it has a web address, how it was found and when. */
function sourceCell(s: WorksInReason["source"]): string {
  const url = s.url && /^https?:\/\/[^\s()<>]+$/.test(s.url) ? s.url : null;
  const label = url ? `[${cell(s.label)}](${url})` : cell(s.label);
  const when = sourceWhen(s);
  const disputed = s.status === "disputed" ? " (disputed: the newest source is used)" : "";
  return `${label}${when ? ` (${cell(when)})` : ""}${disputed}`;
}

/**
 * The section, from its `## Works in` heading: per UI tool, each host's outcome on its first row
 * and every reason of the cell on a row of its own.
 */
export function formatWorksInMarkdown(w: WorksIn): string {
  const [first, ...rest] = WORKS_IN_INTRO;
  const out = ["## Works in", "", [first.replace(/^./, (c) => c.toUpperCase()), ...rest].join(" ")];
  if (!w.tools.length) return [...out, "", "No UI tool: nothing to predict."].join("\n") + "\n";
  for (const tool of w.tools) {
    out.push("", `### Tool ${toolName(tool)}`, "");
    out.push(
      "| Host | Outcome | Why | Rules | Kind | Source |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const h of w.hosts) {
      const c = w.cells.find((x) => x.host === h.id && x.tool === tool)!;
      if (!c.reasons.length) out.push(`| ${cell(h.name)} | ${cell(cellSummary(c))} | | | | |`);
      c.reasons.forEach((r, i) => {
        const lead = i === 0 ? `| ${cell(h.name)} | ${cell(cellSummary(c))} |` : "| | |";
        out.push(
          `${lead} ${cell(r.text)} | ${r.ruleIds.join(", ")} | ${KIND_WORDS[r.kind]} | ${sourceCell(r.source)} |`,
        );
      });
    }
  }
  return out.join("\n") + "\n";
}
