/** Renders `backticked` runs of a plain string as <code>, the rest as text. */
export function InlineCode({ text }: { text: string }) {
  return text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
