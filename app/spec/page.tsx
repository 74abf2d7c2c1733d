import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { CoverageFigures } from "./coverage-figures";
import { MustHeadline } from "./must-headline";
import { RequirementsTable } from "./requirements-table";
import { SpecFilter } from "./spec-filter";
import { loadSpecPageData } from "./spec-page-data";
import "./spec.css";

export const metadata: Metadata = { title: "The spec, mapped" };

const TABLE_ID = "spec-table";

/**
 * The requirements catalogue (content/spec/*.json) as one table: every MUST, SHOULD and MAY of
 * the Apps spec 2026-01-26 and of the core pages Apps rests on, with the rules, lesson sections,
 * questions and host tests or review items that cover it. Statically rendered; the filter is a
 * small island that hides rows.
 */
export default async function SpecPage() {
  const { entries, questions, index, coverage, figures, mustLevel, hostCells, options } =
    await loadSpecPageData();

  return (
    <>
      <h1>The spec, mapped</h1>
      <p className="muted spec-intro">
        Every normative statement (MUST, MUST NOT, REQUIRED, SHOULD, SHOULD NOT, RECOMMENDED, MAY,
        OPTIONAL) of the MCP Apps specification 2026-01-26 and of the MCP 2026-07-28 core pages Apps
        depends on, each in our own words, with who it binds, the <Link href="/rules">rules</Link>{" "}
        that carry it, the lesson sections that teach it, the questions that drill it, and how it is
        checked: by our host&apos;s tests, by the server review, or why it cannot be.
      </p>

      {entries.length === 0 ? (
        <p data-testid="spec-empty">The catalogue has no entries yet.</p>
      ) : (
        <>
          <MustHeadline mustLevel={mustLevel} gaps={coverage.gaps} />
          <h2 id="coverage">Coverage</h2>
          <p className="muted spec-intro">
            Taught: a lesson section citing one of its rules. Drilled: two questions for a MUST,
            MUST NOT or REQUIRED, one for a SHOULD, none for a MAY. Tested or reviewed: named host
            tests or server review items. &ldquo;No gap&rdquo; counts a MAY as fully covered once it
            has a rule, or a stated reason why it needs none: a MAY needs no lesson, question or
            test of its own.
          </p>
          <CoverageFigures
            id="figures-party"
            rows={figures.byParty}
            caption="Coverage by the party a requirement binds"
            by="Party"
          />
          <CoverageFigures
            id="figures-keyword"
            rows={figures.byKeyword}
            caption="Coverage by keyword"
            by="Keyword"
          />

          <h2 id="requirements">Requirements</h2>
          <SpecFilter tableId={TABLE_ID} options={options} total={entries.length} />
          <RequirementsTable
            id={TABLE_ID}
            entries={entries}
            coverage={coverage}
            questions={questions}
            hostCells={hostCells}
            lessons={index.lessons}
          />
        </>
      )}
    </>
  );
}
