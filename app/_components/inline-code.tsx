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

/** Renders `backticked` runs of a plain string as <code>, the rest as text with unbroken rule IDs. */
export function InlineCode({ text }: { text: string }) {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Words key={i} text={part} />));
}
