import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { RULES } from "@/lib/rules";

export const metadata: Metadata = {
  title: "Reference",
  description:
    "What to look up rather than study: the spec's statements mapped to the course, the protocol rules, the metadata matrix, and how real hosts meet the spec.",
};

const PAGES = [
  {
    href: "/spec",
    title: "The spec, mapped",
    about:
      "Every normative statement of the MCP Apps spec and the core pages it rests on, with the rules, lesson sections, questions and checks that cover it. Filter by party and keyword.",
  },
  {
    href: "/rules",
    title: "The rules",
    about: `The ${RULES.length} numbered rules every lesson, verdict and question cites, each with its source and what cites it.`,
  },
  {
    href: "/hosts",
    title: "Real hosts",
    about:
      "How real MCP Apps hosts meet the spec's host requirements: measured here, or from dated public sources, with each cell's evidence, date and whether it is a violation or an allowed variation.",
  },
  {
    href: "/reference/sources",
    title: "Sources",
    about:
      "The practitioners' checklists and notes the course cites as checklist advice: what each is, what it covers, and why none of them is the specification.",
  },
  {
    href: "/reference/metadata-matrix",
    title: "The metadata matrix",
    about:
      "Every field of a view's UI metadata: where it goes, how settled it is, and the lesson that teaches it.",
  },
];

/** The header's Reference entry: the pages a learner looks things up in. */
export default function ReferencePage() {
  return (
    <>
      <h1>Reference</h1>
      <p>Pages to look things up in while you learn, build a host or check a server.</p>
      <ul className="cards">
        {PAGES.map((p) => (
          <li key={p.href} className="card">
            <h2>
              <Link href={p.href}>{p.title}</Link>
            </h2>
            <p>{p.about}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
