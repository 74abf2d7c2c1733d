/**
 * The small part of Markdown that quiz text uses: fenced code blocks, inline `code` and
 * paragraphs. Parsed into data, never into HTML strings, so question text cannot inject markup.
 */
export type Inline = { type: "text"; text: string } | { type: "code"; text: string };
export type Block =
  { type: "paragraph"; inlines: Inline[] } | { type: "code"; lang: string; text: string };

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  text.split("`").forEach((part, i) => {
    if (part === "") return;
    out.push(i % 2 === 1 ? { type: "code", text: part } : { type: "text", text: part });
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
