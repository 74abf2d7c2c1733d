import { RULES } from "./data";
import { lessonsByRule, type RuleInfo } from "./info";

/**
 * Every rule's hint (lib/rules/info.ts) for pages to pass to the browser: its title, and the first
 * lesson in course order whose frontmatter says it teaches the rule.
 */
export function ruleInfoFor(
  lessons: readonly { slug: string; order: number; rules: readonly string[] }[],
): RuleInfo {
  const lessonOf = lessonsByRule(lessons);
  return Object.fromEntries(
    RULES.map((r) => [
      r.id,
      lessonOf[r.id] ? { title: r.title, lesson: lessonOf[r.id] } : { title: r.title },
    ]),
  );
}
