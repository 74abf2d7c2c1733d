import { loadHostRecords } from "@/lib/content/hosts";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { loadSpecCatalogue, specArea } from "@/lib/content/spec";
import {
  computeCoverage,
  coverageFigures,
  indexLesson,
  type SpecLinkIndex,
} from "@/lib/content/spec-coverage";
import { isMandatory, SPEC_KEYWORDS, SPEC_PARTIES } from "@/lib/content/spec-schema";

/**
 * What /spec shows, read at build time: the catalogue, the lessons and questions that link to its
 * entries and the coverage they give, the MUST-level entries, how many real hosts have a cell on
 * each entry, and the filter's choices.
 */
export async function loadSpecPageData() {
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
  return {
    entries,
    questions,
    index,
    coverage,
    figures: coverageFigures(entries, coverage),
    mustLevel: entries.filter((e) => isMandatory(e.keyword)),
    hostCells,
    options: {
      party: SPEC_PARTIES.filter((p) => entries.some((e) => e.party === p)),
      keyword: SPEC_KEYWORDS.filter((k) => entries.some((e) => e.keyword === k)),
      area: [...new Set(entries.map((e) => specArea(e.id)))].sort(),
    },
  };
}
