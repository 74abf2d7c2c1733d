import { getRule } from "@/lib/rules";
import { RuleRef } from "./rule-ref";

/**
 * A RuleRef with the rule's name as its hover text, for server components (lesson pages and the
 * `<RuleRef>` of lesson bodies). Throws for an unknown ID, so a typo fails the build.
 */
export function RuleCitation({ id }: { id: string }) {
  const rule = getRule(id);
  return <RuleRef id={rule.id} title={rule.title} />;
}
