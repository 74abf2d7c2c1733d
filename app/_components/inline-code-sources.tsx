import Link from "@/app/_components/link";
import { splitSourceMentions } from "@/lib/content/sources";
import { InlineCode, Words } from "./inline-code";

// A page of its own for this variant: InlineCode is in the first load of /lessons and the metadata
// matrix, whose budgets have no room for the link component and the sources' phrase list.

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

/** InlineCode for rule statements on /rules: `code` runs, unbroken rule IDs, linked sources. */
export function InlineCodeWithSources({ text }: { text: string }) {
  return <InlineCode text={text} words={WordsWithSources} />;
}
