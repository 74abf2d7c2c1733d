import MiniSearch, { type Options, type SearchResult } from "minisearch";

/**
 * Course search with MiniSearch: lesson sections, the protocol rules and the metadata-matrix
 * fields. The index is built once at build time (a static route serves it as JSON) and loaded in
 * the browser when the search opens, so neither the index nor the library is part of a page's
 * first load. One document per lesson section, so a hit links straight to the heading that
 * matched; one per rule and one per matrix field.
 */

/** What a document stands for; decides its link and how the results list labels it. */
type SearchKind = "section" | "rule" | "field";

/** One searchable item. */
export interface SearchDocument {
  /** `<slug>#<section id>` (the slug alone for a lesson's introduction), `rule:<ID>`, `field:<id>`. */
  id: string;
  kind: SearchKind;
  /** Results of one group are shown once: the lesson slug, else the document's own id. */
  group: string;
  href: string;
  /** The lesson's title, the rule ID, or the field's name. */
  title: string;
  /** The section heading, the rule's title, or the field's location. */
  heading: string;
  text: string;
}

/** The fields of a hit the results list shows (all of them, for the snippet). */
type StoredFields = Omit<SearchDocument, "id">;

/** A stretch of a document's text around the first matched word, split so the word can be marked. */
export interface Snippet {
  before: string;
  match: string;
  after: string;
}

export interface SearchHit extends Omit<StoredFields, "text"> {
  id: string;
  score: number;
  /** 0: the query names this rule or field exactly; 1: every word matched whole; 2: by prefix; 3: fuzzily. */
  tier: number;
  snippet: Snippet | null;
}

/** Shared by the build (indexing) and the browser (loading), which must agree exactly. */
const SEARCH_OPTIONS = {
  fields: ["title", "heading", "text"],
  storeFields: ["kind", "group", "href", "title", "heading", "text"],
  searchOptions: {
    boost: { title: 3, heading: 2 },
    // A one- or two-letter word as a prefix ("2" of "TOOL-2") matches half the course.
    prefix: (term: string) => term.length >= 3,
    // Fuzzy only from five letters on: "consent" and "content" are one edit apart, and a short
    // word with a typo allowed matches too much to be worth it.
    fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
    combineWith: "AND",
  },
} satisfies Options<SearchDocument>;

/** What a lesson contributes to the index (see CompiledLesson). */
export interface IndexableLesson {
  meta: { slug: string; title: string; summary: string };
  sections: readonly { id: string; heading: string; text: string }[];
}

export interface IndexableRule {
  id: string;
  title: string;
  statement: string;
  /** The group's name, e.g. "Negotiation", so a rule is found by its topic too. */
  groupName: string;
}

export interface IndexableField {
  id: string;
  field: string;
  meaning: string;
  notes: string;
  /** Where the field is written, as the matrix labels it. */
  locationLabel: string;
}

/** Rule statements and field notes mark code with backticks; the index and snippets want text. */
const plain = (s: string) => s.replace(/`/g, "");

export function createSearchDocuments(
  lessons: readonly IndexableLesson[],
  rules: readonly IndexableRule[] = [],
  fields: readonly IndexableField[] = [],
): SearchDocument[] {
  const sections = lessons.flatMap(({ meta, sections }) =>
    sections.map((s): SearchDocument => ({
      id: s.id ? `${meta.slug}#${s.id}` : meta.slug,
      kind: "section",
      group: meta.slug,
      href: s.id ? `/lessons/${meta.slug}#${s.id}` : `/lessons/${meta.slug}`,
      title: meta.title,
      heading: s.heading || meta.title,
      // The introduction also carries the summary, so words from the lesson list find it too.
      text: plain(s.id ? s.text : `${meta.summary} ${s.text}`),
    })),
  );
  const ruleDocs = rules.map((r): SearchDocument => ({
    id: `rule:${r.id}`,
    kind: "rule",
    group: `rule:${r.id}`,
    href: `/rules#${r.id}`,
    title: r.id,
    heading: r.title,
    text: plain(`${r.statement} ${r.groupName}`),
  }));
  const fieldDocs = fields.map((f): SearchDocument => ({
    id: `field:${f.id}`,
    kind: "field",
    group: `field:${f.id}`,
    href: `/reference/metadata-matrix#${f.id}`,
    title: f.field,
    heading: f.locationLabel,
    text: plain(`${f.meaning} ${f.notes}`),
  }));
  return [...sections, ...ruleDocs, ...fieldDocs];
}

/** Builds the index; `JSON.stringify` of the result is what the browser loads. */
export function buildSearchIndex(docs: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(docs);
  return index;
}

/** Loads a serialised index (the JSON the build wrote). */
export function loadSearchIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS);
}

/** The query's words as MiniSearch indexes them (its default tokenizer, lower-cased). */
function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .filter(Boolean);
}

/**
 * How well a result matched: every query word found whole (1), some only as the start of a longer
 * word (2), or some only with a typo (3). `matched` holds the document words MiniSearch matched.
 */
function matchTier(words: readonly string[], matched: readonly string[]): number {
  let tier = 1;
  for (const w of words) {
    if (matched.includes(w)) continue;
    tier = Math.max(tier, matched.some((m) => m.startsWith(w)) ? 2 : 3);
  }
  return tier;
}

const SNIPPET_RADIUS = 70;

/** The text around the first whole-word occurrence of any matched word (any occurrence failing that). */
export function makeSnippet(text: string, matched: readonly string[]): Snippet | null {
  if (!text) return null;
  const escaped = [...matched]
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const find = (pattern: string) => (escaped.length ? new RegExp(pattern, "iu").exec(text) : null);
  const alternatives = escaped.join("|");
  const hit =
    find(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`) ?? find(`(?:${alternatives})`);
  const at = hit?.index ?? 0;
  const length = hit?.[0].length ?? 0;
  let start = Math.max(0, at - SNIPPET_RADIUS);
  let end = Math.min(text.length, at + length + SNIPPET_RADIUS);
  // Cut at word boundaries so the snippet starts and ends on whole words.
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length)
    end = text.lastIndexOf(" ", end) > at + length ? text.lastIndexOf(" ", end) : end;
  return {
    before: `${start > 0 ? "…" : ""}${text.slice(start, at)}`,
    match: text.slice(at, at + length),
    after: `${text.slice(at + length, end)}${end < text.length ? "…" : ""}`,
  };
}

/**
 * Runs a query and keeps the `limit` best results, one per lesson (its best section) and one per
 * rule or field. Ranking: a rule ID or field name typed in full comes first; then results whose
 * every word matched whole, then by prefix, then only fuzzily; within a tier a lesson scores its
 * best section plus half of its other matching sections, so the lesson that is about a word beats
 * one that mentions it once. Queries under two characters find nothing.
 */
export function searchCourse(
  index: MiniSearch<SearchDocument>,
  query: string,
  limit = 8,
): SearchHit[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const words = queryTerms(q);
  const exactKey = q.toLowerCase();
  const groups = new Map<string, { best: SearchHit; tier: number; score: number }>();
  for (const r of index.search(q) as (SearchResult & StoredFields)[]) {
    const named = r.kind !== "section" && r.title.toLowerCase() === exactKey;
    const tier = named ? 0 : matchTier(words, r.terms);
    const hit: SearchHit = {
      id: String(r.id),
      kind: r.kind,
      group: r.group,
      href: r.href,
      title: r.title,
      heading: r.heading,
      score: r.score,
      tier,
      snippet: makeSnippet(r.text, r.terms),
    };
    const g = groups.get(r.group);
    if (!g) {
      groups.set(r.group, { best: hit, tier, score: r.score });
    } else if (tier < g.tier || (tier === g.tier && r.score > g.best.score)) {
      // A better-matching section becomes the lesson's link; the old best adds half its score.
      g.score = r.score + (tier === g.tier ? g.score - g.best.score / 2 : 0);
      g.best = hit;
      g.tier = tier;
    } else if (tier === g.tier) {
      g.score += r.score / 2;
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.tier - b.tier || b.score - a.score)
    .slice(0, limit)
    .map((g) => ({ ...g.best, tier: g.tier, score: g.score }));
}
