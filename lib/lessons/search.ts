import MiniSearch, { type Options, type SearchResult } from "minisearch";

/**
 * Lesson search with MiniSearch. The index is built once at build time (a static route serves
 * it as JSON) and loaded in the browser on first use, so neither the index nor the library is
 * part of a lesson page's first load. One document per lesson section, so a hit links straight
 * to the heading that matched.
 */

/** One searchable stretch of a lesson: the text under one heading. */
export interface SearchDocument {
  /** `<slug>#<section id>`, or the slug alone for the introduction. */
  id: string;
  slug: string;
  section: string;
  lessonTitle: string;
  heading: string;
  text: string;
}

/** The fields of a hit the results list shows. */
export type StoredFields = Pick<SearchDocument, "slug" | "section" | "lessonTitle" | "heading">;

export interface SearchHit extends StoredFields {
  id: string;
  href: string;
  score: number;
}

/** Shared by the build (indexing) and the browser (loading), which must agree exactly. */
export const SEARCH_OPTIONS = {
  fields: ["lessonTitle", "heading", "text"],
  storeFields: ["slug", "section", "lessonTitle", "heading"],
  searchOptions: {
    boost: { lessonTitle: 3, heading: 2 },
    prefix: true,
    fuzzy: 0.2,
    combineWith: "AND",
  },
} satisfies Options<SearchDocument>;

/** What a lesson contributes to the index (see CompiledLesson). */
export interface IndexableLesson {
  meta: { slug: string; title: string; summary: string };
  sections: readonly { id: string; heading: string; text: string }[];
}

export function createSearchDocuments(lessons: readonly IndexableLesson[]): SearchDocument[] {
  return lessons.flatMap(({ meta, sections }) =>
    sections.map((s) => ({
      id: s.id ? `${meta.slug}#${s.id}` : meta.slug,
      slug: meta.slug,
      section: s.id,
      lessonTitle: meta.title,
      heading: s.heading || meta.title,
      // The introduction also carries the summary, so words from the lesson list find it too.
      text: s.id ? s.text : `${meta.summary} ${s.text}`,
    })),
  );
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

/** Runs a query and keeps the `limit` best-scoring sections. Queries under two characters find nothing. */
export function searchLessons(
  index: MiniSearch<SearchDocument>,
  query: string,
  limit = 8,
): SearchHit[] {
  const q = query.trim();
  if (q.length < 2) return [];
  return index
    .search(q)
    .slice(0, limit)
    .map((r: SearchResult) => {
      const f = r as unknown as StoredFields & SearchResult;
      return {
        id: String(r.id),
        slug: f.slug,
        section: f.section,
        lessonTitle: f.lessonTitle,
        heading: f.heading,
        href: f.section ? `/lessons/${f.slug}#${f.section}` : `/lessons/${f.slug}`,
        score: r.score,
      };
    });
}
