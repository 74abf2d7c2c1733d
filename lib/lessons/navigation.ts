/**
 * The course's lesson order as typed data, derived from each lesson's frontmatter `order` (as
 * react.dev keeps its sidebar in data, not JSX). Pages read positions and neighbours from here.
 */

/** The frontmatter fields navigation needs. */
export interface LessonNavSource {
  slug: string;
  title: string;
  order: number;
}

interface LessonLink {
  slug: string;
  title: string;
  href: string;
}

export interface LessonNavEntry extends LessonLink {
  /** 1-based position in the course. */
  position: number;
  total: number;
  prev: LessonLink | null;
  next: LessonLink | null;
}

function lessonHref(slug: string): string {
  return `/lessons/${slug}`;
}

/**
 * Orders lessons by `order` and links each to its neighbours. Throws on a duplicate slug or
 * order, which would make "previous" and "next" ambiguous.
 */
export function createLessonNavigation(lessons: readonly LessonNavSource[]): LessonNavEntry[] {
  const sorted = [...lessons].sort((a, b) => a.order - b.order);
  const slugs = new Set<string>();
  sorted.forEach((l, i) => {
    if (slugs.has(l.slug)) throw new Error(`lesson slug "${l.slug}" appears twice`);
    slugs.add(l.slug);
    if (i > 0 && sorted[i - 1]!.order === l.order) {
      throw new Error(`lessons "${sorted[i - 1]!.slug}" and "${l.slug}" share order ${l.order}`);
    }
  });
  const link = (l: LessonNavSource | undefined): LessonLink | null =>
    l ? { slug: l.slug, title: l.title, href: lessonHref(l.slug) } : null;
  return sorted.map((l, i) => ({
    ...link(l)!,
    position: i + 1,
    total: sorted.length,
    prev: link(sorted[i - 1]),
    next: link(sorted[i + 1]),
  }));
}

/** The entry for one slug; throws when the slug is not a lesson. */
export function findLesson(nav: readonly LessonNavEntry[], slug: string): LessonNavEntry {
  const entry = nav.find((e) => e.slug === slug);
  if (!entry) throw new Error(`no lesson "${slug}"`);
  return entry;
}
