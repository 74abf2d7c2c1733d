import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { RichInline } from "@/app/_components/rich-text";
import { SOURCE_DOCUMENTS } from "@/lib/content/sources";

export const metadata: Metadata = {
  title: "Sources",
  description:
    "The practitioners' checklists and notes the course cites besides the specifications: what each is, what it covers, and where lessons and questions lean on it.",
};

/** What the checklists the lessons and questions cite are, and how far to trust them. */
export default function SourcesPage() {
  return (
    <>
      <h1>Sources</h1>
      <p>
        Lessons and questions rest on the MCP Apps specification 2026-01-26 and the MCP core
        2026-07-28 (see <Link href="/spec">the spec, mapped</Link>). Where they say{" "}
        <strong>checklist advice</strong>, they cite one of the documents below instead. These are
        practitioners&apos; checklists and notes, not the specification: they pick one behaviour
        where the specification leaves a choice, and they add habits it does not ask for. A host or
        server that follows the specification but not a checklist still conforms. Each rule on{" "}
        <Link href="/rules">the rules page</Link> says which kind of source it comes from.
      </p>
      {SOURCE_DOCUMENTS.map((d) => (
        <section key={d.id} aria-labelledby={d.id}>
          <h2 id={d.id}>{d.name}</h2>
          <p>
            <RichInline text={d.about} />
          </p>
          <p>
            <strong>Where the course uses it:</strong> <RichInline text={d.usedFor} />
          </p>
        </section>
      ))}
    </>
  );
}
