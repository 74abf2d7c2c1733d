import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { RULES } from "@/lib/rules";

export const metadata: Metadata = {
  title: "Reference",
  description:
    "What to look up rather than study: the spec's statements mapped to the course, the protocol rules, and the metadata matrix.",
};

/** The header's Reference entry: the three pages a learner looks things up in. */
export default function ReferencePage() {
  return (
    <>
      <h1>Reference</h1>
      <p>Pages to look things up in while you learn, build a host or check a server.</p>
      <ul className="cards">
        <li className="card">
          <h2>
            <Link href="/spec">The spec, mapped</Link>
          </h2>
          <p>
            Every normative statement of the MCP Apps spec and the core pages it rests on, with the
            rules, lesson sections, questions and checks that cover it. Filter by party and keyword.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/rules">The rules</Link>
          </h2>
          <p>
            The {RULES.length} numbered rules every lesson, verdict and question cites, each with
            its source and what cites it.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/reference/metadata-matrix">The metadata matrix</Link>
          </h2>
          <p>
            Every field of a view&apos;s UI metadata: where it goes, how settled it is, and the
            lesson that teaches it.
          </p>
        </li>
      </ul>
    </>
  );
}
