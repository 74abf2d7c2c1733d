/**
 * The source documents lessons and questions cite besides the specifications: practitioners'
 * checklists and notes the course was written from (issue #35, item 5). Each has an anchor on
 * /reference/sources, and every mention of one in a lesson or a question links there.
 */
export interface SourceDocument {
  /** Anchor on the sources page. */
  id: string;
  /** How the course names it. */
  name: string;
  /** What it is and what it covers, in our own words. */
  about: string;
  /** Where lessons and questions lean on it. */
  usedFor: string;
  /** How text names it: matched case-insensitively, as whole words. */
  mentions: readonly string[];
}

export const SOURCES_PATH = "/reference/sources";

export const SOURCE_DOCUMENTS: readonly SourceDocument[] = [
  {
    id: "review-checklist",
    name: "The review checklist",
    about:
      "A short checklist for reviewing MCP Apps: what to check before trusting a `ui://` resource, rendering and the bridge, fallback, a decision table that walks a tool call from negotiation to the app's own calls, and five points to remember for an exam. Where the specification leaves a host free, it picks one behaviour, for example showing the tool's text when a check fails.",
    usedFor:
      "The decision table of the simulator's host, and the rules marked as checklist advice: a missing permission never stops a view, an exact string comparison of the mime type, never fetching the view when the extension is not in force.",
    mentions: ["review checklist"],
  },
  {
    id: "requirements-checklist",
    name: "The requirements checklist",
    about:
      "A pre-ship list for MCP App servers in eight steps: negotiating support, registering the UI resource, linking the tool to it, returning the right result channels, declaring security metadata, adding tool annotations, wiring the view's runtime and testing the contract.",
    usedFor:
      "Advice for server authors, such as keeping large or sensitive data out of the model's context and giving every UI tool a useful text answer.",
    mentions: ["requirements checklist"],
  },
  {
    id: "metadata-matrix",
    name: "The metadata matrix",
    about:
      "A table of the UI metadata fields a server can send: where each one goes (tool, resource listing or content item), how settled it is, and notes on its use.",
    usedFor: "The metadata matrix reference page and the lessons on resource metadata.",
    mentions: ["metadata matrix"],
  },
  {
    id: "permdock-note",
    name: "The PermDock note",
    about:
      "A page from the documentation of PermDock, a server-side authorization library, on MCP Apps: a view registered without its own permission takes the permission of the tool that links it, and an app-only tool still needs its calls authorized, since visibility is not access control.",
    usedFor: "The lesson on server-side authorization and the AUTHZ rules.",
    mentions: ["PermDock note", "PermDock"],
  },
];

const ESCAPE = /[.*+?^${}()|[\]\\]/g;
/**
 * Every phrase that names a source, longest first: each document's names, "checklist advice" (the
 * course's words for a rule a checklist gives, where the rules reference writes [seed]) and "the
 * checklist host" (the review checklist's host).
 */
const ALL = [
  ...SOURCE_DOCUMENTS.flatMap((d) =>
    d.mentions.map((m) => ({ m, href: `${SOURCES_PATH}#${d.id}` })),
  ),
  { m: "checklist advice", href: SOURCES_PATH },
  { m: "checklist host", href: `${SOURCES_PATH}#review-checklist` },
].sort((a, b) => b.m.length - a.m.length);
const MENTION = new RegExp(
  `\\b(${ALL.map((x) => x.m.replace(ESCAPE, "\\$&").replace(/ /g, "\\s+")).join("|")})\\b`,
  "gi",
);

/** A piece of text: plain, or a mention of a source document with its link. */
export type SourceSegment = { text: string } | { text: string; href: string };

/** Splits `text` into plain runs and mentions of source documents, each with its page anchor. */
export function splitSourceMentions(text: string): SourceSegment[] {
  const out: SourceSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    const said = m[0].replace(/\s+/g, " ").toLowerCase();
    const phrase = ALL.find((x) => x.m.toLowerCase() === said)!;
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[0], href: phrase.href });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** Whether `text` names a source document. */
export function mentionsSource(text: string): boolean {
  return splitSourceMentions(text).some((s) => "href" in s);
}
