/**
 * Course-level checks over all lessons at once. The loader checks each lesson on its own (known
 * rule IDs, existing presets, known components); these check what only the whole course shows.
 */

export interface CourseLesson {
  slug: string;
  /** Rule IDs the lesson teaches: its frontmatter `rules`. */
  rules: readonly string[];
}

/** Rule IDs that no lesson lists in its frontmatter, in the order given. */
export function untaughtRules(
  lessons: readonly CourseLesson[],
  ruleIds: readonly string[],
): string[] {
  const taught = new Set(lessons.flatMap((l) => l.rules));
  return ruleIds.filter((id) => !taught.has(id));
}

/** The skeleton every lesson follows, as pinned heading ids in order (react.dev's rhythm). */
const SKELETON = ["you-will-learn", "pitfalls", "recap", "self-check"] as const;

/**
 * What is wrong with a lesson's outline: a skeleton heading missing or out of order, or no body
 * section between "you will learn" and the pitfalls. Empty when the outline is sound.
 */
export function skeletonProblems(headingIds: readonly string[]): string[] {
  const problems: string[] = [];
  let last = -1;
  for (const id of SKELETON) {
    const at = headingIds.indexOf(id);
    if (at < 0) problems.push(`no "${id}" heading`);
    else if (at < last) problems.push(`"${id}" is out of order`);
    else last = at;
  }
  const learn = headingIds.indexOf("you-will-learn");
  const pitfalls = headingIds.indexOf("pitfalls");
  if (learn >= 0 && pitfalls >= 0 && pitfalls - learn < 2) problems.push("no body section");
  return problems;
}
