import { RULES, RULE_GROUPS, type RuleGroupId, type RuleSource } from "./data";

export { RULES, RULE_GROUPS };
export type { RuleGroupId, RuleSource };

export type Rule = (typeof RULES)[number];
export type RuleId = Rule["id"];

export const RULE_IDS = RULES.map((r) => r.id) as [RuleId, ...RuleId[]];

const byId = new Map<string, Rule>(RULES.map((r) => [r.id, r]));

/** True when `id` names a rule of the rules data. */
export function isRuleId(id: string): id is RuleId {
  return byId.has(id);
}

/** The rule with this ID; throws for an unknown ID, so a typo never renders as an empty citation. */
export function getRule(id: string): Rule {
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule ID ${JSON.stringify(id)}`);
  return rule;
}

/** The rules of one group, in their order. */
export function rulesInGroup(group: RuleGroupId): Rule[] {
  return RULES.filter((r) => r.group === group);
}

/**
 * Labels for the sources a rule can carry, as lessons show them. A seed document is shown as
 * "checklist advice", the words /reference/sources explains (issue #35 item 5: no bare "[seed]").
 */
export const SOURCE_LABELS: Record<RuleSource, string> = {
  "apps-spec": "Apps spec 2026-01-26",
  core: "MCP core 2026-07-28",
  draft: "Apps draft",
  sdk: "ext-apps SDK",
  seed: "checklist advice",
};
