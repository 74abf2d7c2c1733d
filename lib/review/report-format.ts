// A report printed: plain text for a terminal, Markdown for a pull request. Server text is shown as
// text in both, never as escape sequences or markup.
import { visibleText } from "../host/visible-text";
import type { ItemStatus, Report, ReportItem } from "./items";

const LABEL: Record<ItemStatus, string> = {
  pass: "PASS",
  fail: "FAIL",
  warning: "WARN",
  "not-checkable": "N/C ",
};

/** The report as plain text for a terminal: one line per item, evidence indented below. */
const COLOR: Record<ItemStatus, string> = {
  pass: "\u001b[32m",
  fail: "\u001b[31m",
  warning: "\u001b[33m",
  "not-checkable": "\u001b[2m",
};

export function formatReport(
  report: Report,
  lessonBase = "",
  options: { color?: boolean } = {},
): string {
  const label = (s: ItemStatus) =>
    options.color
      ? `${COLOR[s]}${LABEL[s].trimEnd()}\u001b[0m${LABEL[s].slice(LABEL[s].trimEnd().length)}`
      : LABEL[s];
  const lines: string[] = [];
  // Server strings go to a terminal: control characters (escape sequences) and bidi overrides are
  // shown as markers, never written raw.
  const v = visibleText;
  lines.push(`MCP Apps review: ${v(report.target)} (${report.transport})`);
  lines.push(
    `Server: ${v(report.server.name ?? "(unnamed)")} ${v(report.server.version ?? "")}`.trimEnd() +
      ` | era: ${report.era}${report.protocolVersion ? ` (${report.protocolVersion})` : ""}`,
  );
  lines.push("Each check: PASS, FAIL, WARN (a warning), or N/C: not checkable from outside.");
  let tool: string | undefined;
  for (const item of report.items) {
    if (item.tool !== tool) {
      tool = item.tool;
      lines.push("", `Tool ${v(tool ?? "")}:`);
    } else if (tool === undefined && item === report.items[0]) {
      lines.push("");
    }
    // An item no course rule covers (a core naming rule) cites its spec lines in the evidence.
    const rules = item.ruleIds.length ? `  [${item.ruleIds.join(", ")}]` : "";
    lines.push(`${label(item.status)}  ${v(item.title)}${rules}`);
    lines.push(`      ${v(item.evidence)}`);
    lines.push(`      see ${lessonBase}${item.lesson}`);
  }
  const c = report.counts;
  lines.push(
    "",
    `${c.pass} pass, ${c.fail} fail, ${c.warning} warning(s), ${c["not-checkable"]} not checkable from outside`,
  );
  return lines.join("\n");
}

const MD_LABEL: Record<ItemStatus, string> = {
  pass: "pass",
  fail: "**fail**",
  warning: "warning",
  "not-checkable": "not checkable",
};

/**
 * Escapes server text for one Markdown table cell: HTML becomes entities and Markdown syntax is
 * backslash-escaped, so a server's `<img>`, `<b>`, links or emphasis reach a pull request as the
 * text the server sent, never as markup (issue #25). Pipes and newlines stay inside the cell.
 */
export const cell = (text: string) =>
  visibleText(text.replace(/\r?\n/g, " "))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`);

/** A tool name as a code span when it is plain (core's tool-name characters), else escaped text. */
export const toolName = (name: string) =>
  /^[A-Za-z0-9_.-]+$/.test(name) ? `\`${name}\`` : cell(name);

/** The report as Markdown: a heading, the server line, and one table per tool (server first). */
export function formatReportMarkdown(report: Report, lessonBase = ""): string {
  const out: string[] = [
    `# MCP Apps review: ${cell(report.target)}`,
    "",
    `Server **${cell(report.server.name ?? "(unnamed)")}** ${cell(report.server.version ?? "")}, ` +
      `${report.transport}, era **${report.era}**${report.protocolVersion ? ` (${report.protocolVersion})` : ""}.`,
    "",
    `${report.counts.pass} pass, ${report.counts.fail} fail, ${report.counts.warning} warning(s), ` +
      `${report.counts["not-checkable"]} not checkable from outside.`,
  ];
  const groups = new Map<string | undefined, ReportItem[]>();
  for (const item of report.items) groups.set(item.tool, [...(groups.get(item.tool) ?? []), item]);
  for (const [tool, items] of groups) {
    out.push("", tool === undefined ? "## Server" : `## Tool ${toolName(tool)}`, "");
    out.push("| Status | Check | Evidence | Rules | Lesson |", "| --- | --- | --- | --- | --- |");
    for (const i of items) {
      out.push(
        `| ${MD_LABEL[i.status]} | ${cell(i.title)} | ${cell(i.evidence)} | ${i.ruleIds.join(", ")} | [lesson](${lessonBase}${i.lesson}) |`,
      );
    }
  }
  return out.join("\n") + "\n";
}
