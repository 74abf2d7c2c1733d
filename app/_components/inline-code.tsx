import Link from "@/app/_components/link";
import { splitSourceMentions } from "@/lib/content/sources";

const RULE_ID = /\b([A-Z]{2,5}-\d+)\b/;

/** Plain text with each rule ID kept on one line (a hyphen is otherwise a line-break point). */
function Words({ text }: { text: string }) {
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

/** Plain text whose mentions of a source document link to its entry on /reference/sources. */
function WordsWithSources({ text }: { text: string }) {
  return splitSourceMentions(text).map((s, i) =>
    "href" in s ? (
      <Link key={i} href={s.href}>
        {s.text}
      </Link>
    ) : (
      <Words key={i} text={s.text} />
    ),
  );
}

/**
 * Renders `backticked` runs of a plain string as <code>, the rest as text with unbroken rule IDs;
 * with `sources`, mentions of a source document link to it (not where the text sits in a link).
 */
export function InlineCode({ text, sources = false }: { text: string; sources?: boolean }) {
  const Plain = sources ? WordsWithSources : Words;
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Plain key={i} text={part} />));
}
