import {
  LESSON_REF,
  SPEC_KEYWORDS,
  isMandatory,
  keywordStrength,
  SPEC_PARTIES,
  SPEC_SOURCES,
  TESTED_PARTIES,
  type SpecEntry,
  type SpecKeyword,
  type SpecSource,
} from "./spec-schema";

// What the requirements catalogue's links point at, and what coverage each entry still lacks.
// Pure: the caller (the coverage test, `npm run spec:gaps`, the /spec page) loads the lessons,
// banks, test titles, review item ids and spec copies and passes them in, so the page never loads
// the TypeScript compiler that reads test titles.

/** One lesson as the catalogue sees it. */
export interface IndexedLesson {
  title: string;
  /**
   * Heading id → its text, whether the id is pinned, and the rules (and, with `<SpecRef>`, the
   * catalogue entries) cited in its whole section.
   */
  sections: Map<
    string,
    { heading: string; pinned: boolean; rules: Set<string>; specs: Set<string> }
  >;
}

export interface SpecLinkIndex {
  lessons: Map<string, IndexedLesson>;
  questions: Map<string, { rules: readonly string[]; spec?: readonly string[]; topic: string }>;
  /** Test file (path from the repo root) → the titles of its `test(…)`/`it(…)` calls; absent = skip. */
  testTitles?: (file: string) => ReadonlySet<string> | undefined;
  /** Ids of the review checklist items; absent = skip. */
  reviewItemIds?: ReadonlySet<string>;
  /** Lines of each spec copy; absent = the copies are not on this machine, skip. */
  specLines?: Partial<Record<SpecSource, readonly string[]>>;
}

/** Builds an IndexedLesson from a compiled lesson's outline and citations. */
export function indexLesson(lesson: {
  title: string;
  outline: readonly { id: string; depth: number; pinned: boolean }[];
  headings?: readonly { id: string; text: string }[];
  ruleRefSections: readonly { rule: string; within: readonly string[] }[];
  specRefSections?: readonly { entry: string; within: readonly string[] }[];
}): IndexedLesson {
  const text = new Map((lesson.headings ?? []).map((h) => [h.id, h.text]));
  const sections: IndexedLesson["sections"] = new Map(
    lesson.outline.map((h) => [
      h.id,
      {
        heading: text.get(h.id) ?? h.id,
        pinned: h.pinned,
        rules: new Set<string>(),
        specs: new Set<string>(),
      },
    ]),
  );
  for (const ref of lesson.ruleRefSections) {
    for (const id of ref.within) sections.get(id)?.rules.add(ref.rule);
  }
  for (const ref of lesson.specRefSections ?? []) {
    for (const id of ref.within) sections.get(id)?.specs.add(ref.entry);
  }
  return { title: lesson.title, sections };
}

/** `path: title` split at the first `": "`. */
export function splitTestRef(ref: string): { file: string; title: string } {
  const at = ref.indexOf(": ");
  return { file: ref.slice(0, at), title: ref.slice(at + 2) };
}

/** The valid lesson refs, questions, tests and review items of an entry, and what is broken. */
export interface EntryLinks {
  lessons: string[];
  questions: string[];
  tests: string[];
  review: string[];
  broken: string[];
}

/** A place's keyword must stand on its line or the next, as a whole upper-case word group. */
function keywordAt(lines: readonly string[], line: number, keyword: SpecKeyword): boolean {
  const re = new RegExp(`\\b${keyword.replace(" ", "\\s+")}\\b`);
  const here = lines[line - 1] ?? "";
  const next = lines[line] ?? "";
  return re.test(here) || re.test(next) || re.test(`${here}\n${next}`);
}

/** Checks every link of one entry against the index. */
export function checkEntryLinks(entry: SpecEntry, index: SpecLinkIndex): EntryLinks {
  const out: EntryLinks = { lessons: [], questions: [], tests: [], review: [], broken: [] };
  const rules = new Set<string>(entry.rules);
  // A section or question counts when it cites one of the entry's rules or, with `<SpecRef>` /
  // `spec`, the entry itself: the spec is a source in its own right where no rule carries it yet.
  const cites = (list: readonly string[] | Set<string>, specs?: readonly string[] | Set<string>) =>
    [...list].some((r) => rules.has(r)) || [...(specs ?? [])].includes(entry.id);
  const wanted = `${entry.rules.join(", ") || "(no rules)"} or the entry itself`;
  for (const ref of entry.lessons) {
    const [, slug, section] = LESSON_REF.exec(ref)!;
    const lesson = index.lessons.get(slug!);
    const s = lesson?.sections.get(section!);
    if (!lesson) out.broken.push(`lessons: no lesson "${slug}"`);
    else if (!s) out.broken.push(`lessons: "${slug}" has no heading "${section}"`);
    else if (!s.pinned) out.broken.push(`lessons: "${ref}" is not a pinned heading id ({/*id*/})`);
    else if (!cites(s.rules, s.specs)) {
      out.broken.push(`lessons: section "${ref}" cites none of ${wanted} (<RuleRef>, <SpecRef>)`);
    } else out.lessons.push(ref);
  }
  for (const id of entry.questions) {
    const q = index.questions.get(id);
    if (!q) out.broken.push(`questions: no question "${id}"`);
    else if (!cites(q.rules, q.spec)) {
      out.broken.push(`questions: "${id}" cites ${q.rules.join(", ")}, none of ${wanted}`);
    } else out.questions.push(id);
  }
  if ("tests" in entry.check && index.testTitles) {
    for (const ref of entry.check.tests) {
      const { file, title } = splitTestRef(ref);
      const titles = index.testTitles(file);
      if (!titles) out.broken.push(`check.tests: no test file "${file}"`);
      else if (!titles.has(title)) {
        out.broken.push(`check.tests: ${file} has no test titled ${JSON.stringify(title)}`);
      } else out.tests.push(ref);
    }
  }
  if ("review" in entry.check && index.reviewItemIds) {
    for (const id of entry.check.review) {
      if (!index.reviewItemIds.has(id)) {
        out.broken.push(`check.review: no review item "${id}" in lib/review/report.ts`);
      } else out.review.push(id);
    }
  }
  entry.places.forEach((p, i) => {
    const lines = index.specLines?.[p.source];
    if (!lines) return;
    if (!keywordAt(lines, p.line, entry.keyword)) {
      out.broken.push(
        `places[${i}]: ${SPEC_SOURCES[p.source].file} line ${p.line} (or the next) has no "${entry.keyword}"`,
      );
    }
  });
  return out;
}

/** How many questions each keyword needs. */
function questionsNeeded(keyword: SpecKeyword): number {
  return isMandatory(keyword) ? 2 : keywordStrength(keyword) === "MAY" ? 0 : 1;
}

/**
 * What coverage an entry lacks, as short stable labels (the ratchet compares them): "rule",
 * "lesson", "2 questions" / "1 question", "rule or omitReason", "tests", "review". Links are
 * counted only when they resolve (see checkEntryLinks).
 */
export function entryGaps(entry: SpecEntry, links: Omit<EntryLinks, "broken">): string[] {
  const gaps: string[] = [];
  if (keywordStrength(entry.keyword) === "MAY") {
    if (entry.rules.length === 0 && !entry.omitReason) gaps.push("rule or omitReason");
  } else {
    const need = questionsNeeded(entry.keyword);
    if (entry.rules.length === 0) gaps.push("rule");
    if (links.lessons.length === 0) gaps.push("lesson");
    if (links.questions.length < need) gaps.push(need === 1 ? "1 question" : `${need} questions`);
  }
  // A supporting side is our host or a server: a test or a review item checks it.
  const reviewed = "review" in entry.check && entry.check.review.length > 0;
  if (TESTED_PARTIES.includes(entry.party) && !(entry.party === "supporting-side" && reviewed)) {
    if (!("tests" in entry.check && entry.check.tests.length) && !("notApplicable" in entry.check))
      gaps.push("tests");
  }
  if (entry.party === "server" && isMandatory(entry.keyword)) {
    if (!("review" in entry.check && entry.check.review.length) && !("notCheckable" in entry.check))
      gaps.push("review");
  }
  return gaps;
}

/** Entry id → its gaps, for entries with at least one; keys sorted. */
export type GapList = Record<string, string[]>;

export interface CoverageResult {
  /** Entry id → what is broken; an entry with broken links fails the test outright. */
  broken: Record<string, string[]>;
  gaps: GapList;
  links: Map<string, EntryLinks>;
}

export function computeCoverage(
  entries: readonly SpecEntry[],
  index: SpecLinkIndex,
): CoverageResult {
  const broken: Record<string, string[]> = {};
  const gaps: GapList = {};
  const links = new Map<string, EntryLinks>();
  for (const e of [...entries].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const l = checkEntryLinks(e, index);
    links.set(e.id, l);
    if (l.broken.length) broken[e.id] = l.broken;
    const g = entryGaps(e, l);
    if (g.length) gaps[e.id] = g;
  }
  return { broken, gaps, links };
}

/** The ratchet: gaps computed now that the committed list lacks, and listed gaps now closed. */
export function compareGaps(
  listed: GapList,
  computed: GapList,
): { added: string[]; closed: string[] } {
  const flat = (g: GapList) =>
    new Set(Object.entries(g).flatMap(([id, items]) => items.map((i) => `${id}: ${i}`)));
  const before = flat(listed);
  const now = flat(computed);
  return {
    added: [...now].filter((x) => !before.has(x)).sort(),
    closed: [...before].filter((x) => !now.has(x)).sort(),
  };
}

/** The gaps file's text: sorted keys, two-space JSON, a final newline (what `spec:gaps` writes). */
export function formatGaps(gaps: GapList): string {
  const sorted = Object.fromEntries(
    Object.keys(gaps)
      .sort()
      .map((id) => [id, gaps[id]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** One row of the figures: counts of entries meeting each part of the coverage. */
export interface FigureRow {
  label: string;
  entries: number;
  withRule: number;
  withLesson: number;
  withQuestions: number;
  /** Entries whose statement our host's tests or the server review check. */
  withCheck: number;
  /** Entries with no gap at all. */
  complete: number;
}

export function coverageFigures(
  entries: readonly SpecEntry[],
  result: Pick<CoverageResult, "gaps" | "links">,
): { byParty: FigureRow[]; byKeyword: FigureRow[]; total: FigureRow } {
  const row = (label: string, list: readonly SpecEntry[]): FigureRow => {
    const r: FigureRow = {
      label,
      entries: list.length,
      withRule: 0,
      withLesson: 0,
      withQuestions: 0,
      withCheck: 0,
      complete: 0,
    };
    for (const e of list) {
      const l = result.links.get(e.id);
      if (e.rules.length) r.withRule++;
      if (l?.lessons.length) r.withLesson++;
      if ((l?.questions.length ?? 0) >= Math.max(1, questionsNeeded(e.keyword))) r.withQuestions++;
      if (
        ("tests" in e.check && e.check.tests.length) ||
        ("review" in e.check && e.check.review.length)
      )
        r.withCheck++;
      if (!result.gaps[e.id]) r.complete++;
    }
    return r;
  };
  return {
    byParty: SPEC_PARTIES.map((p) =>
      row(
        p,
        entries.filter((e) => e.party === p),
      ),
    ),
    byKeyword: SPEC_KEYWORDS.map((k) =>
      row(
        k,
        entries.filter((e) => e.keyword === k),
      ),
    ),
    total: row("all", entries),
  };
}

/** The figures as a fixed-width table for the test's output and the gaps script. */
export function formatFigures(figures: ReturnType<typeof coverageFigures>): string {
  const head = ["", "entries", "rule", "lesson", "questions", "tests/review", "no gap"];
  const cells = (values: readonly (string | number)[]) =>
    values.map((v, i) => (i === 0 ? String(v).padEnd(14) : String(v).padStart(14))).join("");
  const line = (r: FigureRow) =>
    cells([r.label, r.entries, r.withRule, r.withLesson, r.withQuestions, r.withCheck, r.complete]);
  const header = cells(head);
  return [
    "Requirements catalogue coverage (questions: ≥2 for MUST/MUST NOT, ≥1 otherwise)",
    header,
    ...figures.byParty.map(line),
    "",
    ...figures.byKeyword.map(line),
    "",
    line(figures.total),
  ].join("\n");
}
