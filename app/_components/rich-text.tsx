import { parseBlocks, parseInline, type Inline } from "@/lib/content/markdown-lite";

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((s, i) =>
    s.type === "code" ? (
      <code key={i}>{s.text}</code>
    ) : s.type === "strong" ? (
      <strong key={i}>{s.text}</strong>
    ) : s.type === "em" ? (
      <em key={i}>{s.text}</em>
    ) : (
      <span key={i}>{s.text}</span>
    ),
  );
}

/** Inline text with `code`, **strong** and *emphasis* spans. */
export function RichInline({ text }: { text: string }) {
  return <Inlines inlines={parseInline(text)} />;
}

/** Paragraphs and fenced code blocks, as quiz stems and explanations use them. */
export function RichText({ text }: { text: string }) {
  return parseBlocks(text).map((b, i) =>
    b.type === "code" ? (
      <pre key={i} tabIndex={0} aria-label={`${b.lang || "code"} example`}>
        <code>{b.text}</code>
      </pre>
    ) : (
      <p key={i}>
        <Inlines inlines={b.inlines} />
      </p>
    ),
  );
}
