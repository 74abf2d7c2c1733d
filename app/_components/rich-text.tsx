import Link from "@/app/_components/link";
import { parseBlocks, parseInline, type Inline } from "@/lib/content/markdown-lite";

function Inlines({ inlines, links = true }: { inlines: Inline[]; links?: boolean }) {
  return inlines.map((s, i) =>
    s.type === "code" ? (
      <code key={i}>{s.text}</code>
    ) : s.type === "strong" ? (
      <strong key={i}>{s.text}</strong>
    ) : s.type === "em" ? (
      <em key={i}>{s.text}</em>
    ) : s.type === "source" && links ? (
      <Link key={i} href={s.href} className="source-link">
        {s.text}
      </Link>
    ) : (
      <span key={i}>{s.text}</span>
    ),
  );
}

/**
 * Inline text with `code`, **strong** and *emphasis* spans. Source documents link only with
 * `links`: option texts sit inside the label of a radio or checkbox, where a link would take a
 * click meant for the answer; feedback and explanations pass `links`.
 */
export function RichInline({ text, links = false }: { text: string; links?: boolean }) {
  return <Inlines inlines={parseInline(text)} links={links} />;
}

/** Paragraphs and fenced code blocks, as quiz stems and explanations use them; source documents link to their entry. */
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
