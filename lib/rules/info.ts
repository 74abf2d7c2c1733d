// What a rule chip in the browser shows on hover: the rule's title and the lesson that teaches it.
// The server builds it from the rules data (ruleInfoFor in lib/rules/server-info.ts) and hands it
// to client components as a prop, so their JavaScript carries no rule text (issue 23).

interface RuleHint {
  title: string;
  /** Slug of the first lesson, in course order, that teaches the rule. */
  lesson?: string;
}

/** Rule ID → its hint, for every rule. */
export type RuleInfo = Readonly<Record<string, RuleHint>>;

/** A chip's hover text: "Title (taught in /lessons/slug)"; undefined for an ID with no hint. */
export function ruleHoverText(info: RuleInfo, id: string): string | undefined {
  const hint = info[id];
  if (!hint) return undefined;
  return `${hint.title}${hint.lesson ? ` (taught in /lessons/${hint.lesson})` : ""}`;
}

/**
 * Rule ID → the slug of the first lesson, in course order, whose frontmatter says it teaches the
 * rule: where a generated item's "Study this in the lesson" link goes, as a bank question's does.
 */
export function lessonsByRule(
  lessons: readonly { slug: string; order: number; rules: readonly string[] }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of [...lessons].sort((a, b) => a.order - b.order))
    for (const r of l.rules) out[r] ??= l.slug;
  return out;
}
