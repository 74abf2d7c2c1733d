import Link from "@/app/_components/link";
import { getRule } from "@/lib/rules";
import { specArea, type LoadedSpecEntry } from "@/lib/content/spec";
import type { CoverageResult, EntryLinks, IndexedLesson } from "@/lib/content/spec-coverage";
import type { Question } from "@/lib/content/quiz-schema";
import { SPEC_SOURCES } from "@/lib/content/spec-schema";
import { RuleRef } from "../_components/rule-ref";
import { practiceHref } from "../quizzes/topics";
import { HowChecked } from "./how-checked";
import { PARTY_LABEL } from "./party-labels";

/**
 * The catalogue's requirements, one row each in id order, under the filter that hides rows by
 * party, keyword and area.
 */
export function RequirementsTable({
  id,
  entries,
  coverage,
  questions,
  hostCells,
  lessons,
}: {
  /** The table's id, which the filter names. */
  id: string;
  entries: readonly LoadedSpecEntry[];
  coverage: CoverageResult;
  /** Every question by id. */
  questions: ReadonlyMap<string, Question>;
  /** Entry id → how many real hosts have a cell on it. */
  hostCells: ReadonlyMap<string, number>;
  /** The lessons by slug. */
  lessons: ReadonlyMap<string, IndexedLesson>;
}) {
  return (
    <table id={id} className="spec-table">
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
            return (
              <RequirementRow
                key={e.id}
                entry={e}
                links={links}
                questions={links.questions.map((q) => questions.get(q)!)}
                gaps={coverage.gaps[e.id]}
                hostCount={hostCells.get(e.id)}
                lessons={lessons}
              />
            );
          })}
      </tbody>
    </table>
  );
}

/**
 * One requirement of the catalogue as a table row: the entry, its statement and what it lacks,
 * its places in the spec, and the rules, lesson sections, questions and checks that cover it. The
 * row's data attributes are what the filter matches.
 */
function RequirementRow({
  entry: e,
  links,
  questions: qs,
  gaps,
  hostCount,
  lessons,
}: {
  entry: LoadedSpecEntry;
  links: EntryLinks;
  /** The questions that drill it. */
  questions: Question[];
  /** What it still lacks, if anything. */
  gaps: string[] | undefined;
  /** How many real hosts have a cell on it (the row then links to /hosts). */
  hostCount: number | undefined;
  /** The lessons by slug, for the titles of the sections that teach it. */
  lessons: ReadonlyMap<string, IndexedLesson>;
}) {
  return (
    <tr
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
        {hostCount !== undefined ? (
          <Link href={`/hosts#${e.id}`} className="spec-hosts-link" data-hosts-link={e.id}>
            How real hosts do ({hostCount} hosts)
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
        <LessonLinks refs={links.lessons} lessons={lessons} />
      </td>
      <td data-label="Questions">
        <QuestionLinks questions={qs} />
      </td>
      <td data-label="Checked">
        <HowChecked entry={e} />
      </td>
    </tr>
  );
}

/** The lesson sections that teach a requirement, each linked by its lesson's title and heading. */
function LessonLinks({
  refs,
  lessons,
}: {
  /** `slug#section` of each section. */
  refs: readonly string[];
  lessons: ReadonlyMap<string, IndexedLesson>;
}) {
  return refs.length === 0 ? (
    <span className="muted">none</span>
  ) : (
    <ul>
      {refs.map((ref) => {
        const [slug, section] = ref.split("#") as [string, string];
        const lesson = lessons.get(slug)!;
        return (
          <li key={ref}>
            <Link href={`/lessons/${slug}#${section}`} data-lesson-link={ref}>
              {lesson.title} › {lesson.sections.get(section)!.heading}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The questions that drill a requirement, folded, each linked to practice mode. */
function QuestionLinks({ questions }: { questions: readonly Question[] }) {
  return questions.length === 0 ? (
    <span className="muted">none</span>
  ) : (
    <details>
      <summary>
        {questions.length} question{questions.length === 1 ? "" : "s"}
      </summary>
      <ul>
        {questions.map((q) => (
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
  );
}
