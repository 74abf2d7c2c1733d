import { splitSourceMentions } from "./sources";

/**
 * The small part of Markdown that quiz text uses: fenced code blocks, inline `code`, **strong**
 * and *emphasis*, and paragraphs. Parsed into data, never into HTML strings, so question text
 * cannot inject markup. A mention of a source document ("the review checklist") becomes a link to
 * its entry on the sources page (lib/content/sources.ts).
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "source"; text: string; href: string }
  | { type: "code"; text: string }
  | { type: "strong"; text: string }
  | { type: "em"; text: string };
export type Block =
  { type: "paragraph"; inlines: Inline[] } | { type: "code"; lang: string; text: string };

/**
 * `**strong**` and `*em*` in plain text (never in code). As in CommonMark, the text inside may
 * not start or end with a space, so `2 * 3` stays as it is.
 */
const EMPHASIS = /\*\*(\S(?:[^*]*\S)?)\*\*|\*(\S(?:[^*]*\S)?)\*/g;

/** Plain text, with each mention of a source document as a link of its own. */
function plain(text: string, out: Inline[]) {
  for (const s of splitSourceMentions(text)) {
    out.push("href" in s ? { type: "source", ...s } : { type: "text", text: s.text });
  }
}

function emphasis(text: string, out: Inline[]) {
  let last = 0;
  for (const m of text.matchAll(EMPHASIS)) {
    if (m.index > last) plain(text.slice(last, m.index), out);
    out.push(m[1] !== undefined ? { type: "strong", text: m[1] } : { type: "em", text: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) plain(text.slice(last), out);
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  text.split("`").forEach((part, i) => {
    if (part === "") return;
    if (i % 2 === 1) out.push({ type: "code", text: part });
    else emphasis(part, out);
  });
  return out;
}

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const fence = /```([a-z]*)\n([\s\S]*?)```/g;
  let last = 0;
  const paragraphs = (chunk: string) => {
    for (const p of chunk.split(/\n\s*\n/)) {
      const t = p.trim();
      if (t) blocks.push({ type: "paragraph", inlines: parseInline(t.replace(/\s*\n\s*/g, " ")) });
    }
  };
  for (const m of source.matchAll(fence)) {
    paragraphs(source.slice(last, m.index));
    blocks.push({ type: "code", lang: m[1] ?? "", text: m[2]!.replace(/\n$/, "") });
    last = m.index! + m[0].length;
  }
  paragraphs(source.slice(last));
  return blocks;
}
