import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { loadHostRecords } from "@/lib/content/hosts";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { loadSpecCatalogue, specArea, type LoadedSpecEntry } from "@/lib/content/spec";
import {
  computeCoverage,
  coverageFigures,
  indexLesson,
  splitTestRef,
  type FigureRow,
  type SpecLinkIndex,
} from "@/lib/content/spec-coverage";
import { isMandatory, SPEC_KEYWORDS, SPEC_PARTIES, SPEC_SOURCES } from "@/lib/content/spec-schema";
import { getRule } from "@/lib/rules";
import { RuleRef } from "../_components/rule-ref";
import { practiceHref } from "../quizzes/topics";
import { SpecFilter } from "./spec-filter";
import "./spec.css";

export const metadata: Metadata = { title: "The spec, mapped" };

const TABLE_ID = "spec-table";
const PARTY_LABEL: Record<string, string> = {
  host: "host",
  "sandbox-proxy": "sandbox proxy",
  view: "view",
  server: "server",
  client: "client",
  "supporting-side": "the side that supports it",
  "extension-author": "extension author",
};

function Figures({
  rows,
  caption,
  id,
  by,
}: {
  rows: FigureRow[];
  caption: string;
  id: string;
  /** What each row is: the first column's heading (axe: a header cell needs text). */
  by: string;
}) {
  return (
    <>
      <h3 id={id} className="spec-figures-title">
        {caption}
      </h3>
      <div className="table-scroll spec-figures" role="region" aria-labelledby={id} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{by}</th>
              <th scope="col">Entries</th>
              <th scope="col">With a rule</th>
              <th scope="col">Taught</th>
              <th scope="col">Drilled</th>
              <th scope="col">Tested or reviewed</th>
              <th scope="col">Fully covered</th>
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((r) => r.entries > 0)
              .map((r) => (
                <tr key={r.label}>
                  <th scope="row">{PARTY_LABEL[r.label] ?? r.label}</th>
                  <td>{r.entries}</td>
                  <td>{r.withRule}</td>
                  <td>{r.withLesson}</td>
                  <td>{r.withQuestions}</td>
                  <td>{r.withCheck}</td>
                  <td>{r.complete}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Check({ entry }: { entry: LoadedSpecEntry }) {
  const c = entry.check;
  if ("tests" in c) {
    return (
      <>
        <span className="spec-check-label">Our host: tested by</span>
        <ul>
          {c.tests.map((t) => {
            const { file, title } = splitTestRef(t);
            return (
              <li key={t}>
                “{title}” <span className="muted">({file})</span>
              </li>
            );
          })}
        </ul>
      </>
    );
  }
  if ("review" in c) {
    return (
      <>
        <span className="spec-check-label">
          <Link href="/review">Server review</Link> items:
        </span>{" "}
        {c.review.map((id, i) => (
          <span key={id}>
            {i > 0 ? ", " : ""}
            <code>{id}</code>
          </span>
        ))}
      </>
    );
  }
  if ("notApplicable" in c) {
    return (
      <>
        <span className="spec-check-label">Does not apply to our host:</span> {c.notApplicable}
      </>
    );
  }
  if ("notCheckable" in c) {
    return (
      <>
        <span className="spec-check-label">Not checkable from outside:</span> {c.notCheckable}
      </>
    );
  }
  return (
    <>
      <span className="spec-check-label spec-gap">Not checked yet:</span> {c.none}
    </>
  );
}

/**
 * The requirements catalogue (content/spec/*.json) as one table: every MUST, SHOULD and MAY of
 * the Apps spec 2026-01-26 and of the core pages Apps rests on, with the rules, lesson sections,
 * questions and host tests or review items that cover it. Statically rendered; the filter is a
 * small island that hides rows.
 */
export default async function SpecPage() {
  const [entries, lessons, banks, hostRecords] = await Promise.all([
    loadSpecCatalogue(),
    listLessons().then((list) => Promise.all(list.map((l) => loadLesson(l.slug)))),
    loadQuizBanks(),
    loadHostRecords(),
  ]);
  // How many real hosts have a cell on each entry: those rows link to the entry on /hosts.
  const hostCells = new Map<string, number>();
  for (const r of hostRecords) {
    for (const id of Object.keys(r.cells)) hostCells.set(id, (hostCells.get(id) ?? 0) + 1);
  }
  const questions = new Map(banks.flatMap((b) => b.questions.map((q) => [q.id, q])));
  const index: SpecLinkIndex = {
    lessons: new Map(
      lessons.map((l) => [
        l.meta.slug,
        indexLesson({
          title: l.meta.title,
          outline: l.outline,
          headings: l.headings,
          ruleRefSections: l.ruleRefSections,
          specRefSections: l.specRefSections,
        }),
      ]),
    ),
    questions: new Map(
      [...questions].map(([id, q]) => [id, { rules: q.rules, spec: q.spec, topic: q.topic }]),
    ),
  };
  const coverage = computeCoverage(entries, index);
  const figures = coverageFigures(entries, coverage);
  const mustLevel = entries.filter((e) => isMandatory(e.keyword));
  const mustCovered = mustLevel.filter((e) => !coverage.gaps[e.id]).length;
  const options = {
    party: SPEC_PARTIES.filter((p) => entries.some((e) => e.party === p)),
    keyword: SPEC_KEYWORDS.filter((k) => entries.some((e) => e.keyword === k)),
    area: [...new Set(entries.map((e) => specArea(e.id)))].sort(),
  };

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
          <p className="spec-headline" data-testid="spec-headline">
            <strong>
              {mustCovered} of {mustLevel.length}
            </strong>{" "}
            MUSTs (with MUST NOTs and REQUIREDs) taught, drilled and tested: each has a rule, a
            lesson section citing it, at least two questions and a host test, a review item or a
            stated reason.
          </p>
          <ul className="spec-by-party" data-testid="spec-must-by-party">
            {SPEC_PARTIES.map((p) => {
              const list = mustLevel.filter((e) => e.party === p);
              if (list.length === 0) return null;
              const done = list.filter((e) => !coverage.gaps[e.id]).length;
              return (
                <li key={p}>
                  {PARTY_LABEL[p]}: {done} of {list.length}
                </li>
              );
            })}
          </ul>
          <h2 id="coverage">Coverage</h2>
          <p className="muted spec-intro">
            Taught: a lesson section citing one of its rules. Drilled: two questions for a MUST,
            MUST NOT or REQUIRED, one for a SHOULD, none for a MAY. Tested or reviewed: named host
            tests or server review items. &ldquo;No gap&rdquo; counts a MAY as fully covered once it
            has a rule, or a stated reason why it needs none: a MAY needs no lesson, question or
            test of its own.
          </p>
          <Figures
            id="figures-party"
            rows={figures.byParty}
            caption="Coverage by the party a requirement binds"
            by="Party"
          />
          <Figures
            id="figures-keyword"
            rows={figures.byKeyword}
            caption="Coverage by keyword"
            by="Keyword"
          />

          <h2 id="requirements">Requirements</h2>
          <SpecFilter tableId={TABLE_ID} options={options} total={entries.length} />
          <table id={TABLE_ID} className="spec-table">
            <thead>
              <tr>
                <th scope="col">Requirement</th>
                <th scope="col">Statement</th>
                <th scope="col">In the spec</th>
                <th scope="col">Rules</th>
                <th scope="col">Lessons</th>
                <th scope="col">Questions</th>
                <th scope="col">Checked</th>
              </tr>
            </thead>
            <tbody>
              {[...entries]
                .sort((a, b) => (a.id < b.id ? -1 : 1))
                .map((e) => {
                  const links = coverage.links.get(e.id)!;
                  const qs = links.questions.map((id) => questions.get(id)!);
                  const gaps = coverage.gaps[e.id];
                  return (
                    <tr
                      key={e.id}
                      id={e.id}
                      data-entry={e.id}
                      data-party={e.party}
                      data-keyword={e.keyword}
                      data-area={specArea(e.id)}
                    >
                      <td data-label="Requirement">
                        <code className="spec-id">{e.id}</code>
                        <span className="spec-keyword" data-keyword-chip={e.keyword}>
                          {e.keyword}
                        </span>{" "}
                        <span className="spec-party">{PARTY_LABEL[e.party]}</span>
                        {hostCells.has(e.id) ? (
                          <Link
                            href={`/hosts#${e.id}`}
                            className="spec-hosts-link"
                            data-hosts-link={e.id}
                          >
                            How real hosts do ({hostCells.get(e.id)} hosts)
                          </Link>
                        ) : null}
                      </td>
                      <td data-label="Statement">
                        {e.statement}
                        {e.omitReason ? (
                          <p className="muted spec-note">Left out of the course: {e.omitReason}</p>
                        ) : null}
                        {gaps ? (
                          <p className="spec-note spec-gap" data-testid="gaps">
                            Missing: {gaps.join(", ")}
                          </p>
                        ) : null}
                      </td>
                      <td data-label="In the spec">
                        <ul>
                          {e.places.map((p) => (
                            <li key={`${p.source}:${p.line}`}>
                              <a href={`${SPEC_SOURCES[p.source].url}#L${p.line}`}>
                                {SPEC_SOURCES[p.source].title}, line {p.line}
                              </a>{" "}
                              <span className="muted">{p.section}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-label="Rules">
                        {e.rules.length === 0 ? (
                          <span className="muted">none</span>
                        ) : (
                          <span className="spec-chips">
                            {e.rules.map((r) => (
                              <RuleRef key={r} id={r} title={getRule(r).title} />
                            ))}
                          </span>
                        )}
                      </td>
                      <td data-label="Lessons">
                        {links.lessons.length === 0 ? (
                          <span className="muted">none</span>
                        ) : (
                          <ul>
                            {links.lessons.map((ref) => {
                              const [slug, section] = ref.split("#") as [string, string];
                              const lesson = index.lessons.get(slug)!;
                              return (
                                <li key={ref}>
                                  <Link href={`/lessons/${slug}#${section}`} data-lesson-link={ref}>
                                    {lesson.title} › {lesson.sections.get(section)!.heading}
                                  </Link>
                                </li>
                              );
                            })}
                          </ul>
                        )}
                      </td>
                      <td data-label="Questions">
                        {qs.length === 0 ? (
                          <span className="muted">none</span>
                        ) : (
                          <details>
                            <summary>
                              {qs.length} question{qs.length === 1 ? "" : "s"}
                            </summary>
                            <ul>
                              {qs.map((q) => (
                                <li key={q.id}>
                                  <Link
                                    href={`${practiceHref(q.topic)}?q=${encodeURIComponent(q.id)}`}
                                    data-question={q.id}
                                  >
                                    <code>{q.id}</code>
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          </details>
                        )}
                      </td>
                      <td data-label="Checked">
                        <Check entry={e} />
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
