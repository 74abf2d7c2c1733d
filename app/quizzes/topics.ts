import { RULE_GROUPS, type RuleGroupId } from "@/lib/rules/groups";

/**
 * A rule group as a practice topic, named as the lesson that teaches it, with the lower-case slug
 * its practice page lives under.
 */
export interface Topic {
  id: RuleGroupId;
  name: string;
  slug: string;
}

export const TOPICS: Topic[] = RULE_GROUPS.map((g) => ({
  id: g.id,
  name: g.topic,
  slug: g.id.toLowerCase(),
}));

/** The slug of the practice set that mixes every topic. */
export const MIXED = "mixed";

export function topicName(id: string): string {
  return TOPICS.find((t) => t.id === id)?.name ?? id;
}

export function practiceHref(topic: string): string {
  return `/quizzes/practice/${topic === MIXED ? MIXED : topic.toLowerCase()}`;
}

/** A question stem cut down to one plain line, for lists (review screen, due cards). */
export function stemExcerpt(stem: string, max = 110): string {
  const firstPara = stem.split(/\n\s*\n/)[0] ?? stem;
  const plain = firstPara.replace(/`/g, "").replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
