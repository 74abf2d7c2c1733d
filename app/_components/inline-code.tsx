import type { ReactNode } from "react";

const RULE_ID = /\b([A-Z]{2,5}-\d+)\b/;

/** Plain text with each rule ID kept on one line (a hyphen is otherwise a line-break point). */
export function Words({ text }: { text: string }) {
  const parts = text.split(RULE_ID);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="rule-id">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * Renders `backticked` runs of a plain string as <code>, the rest as text with unbroken rule IDs
 * (or through `words`, which /rules uses to link source documents: inline-code-sources.tsx).
 */
export function InlineCode({
  text,
  words: Plain = Words,
}: {
  text: string;
  words?: (props: { text: string }) => ReactNode;
}) {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Plain key={i} text={part} />));
}
