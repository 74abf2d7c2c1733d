import Link from "next/link";
import { getRule } from "@/lib/rules";

/** A citation chip: the rule ID, linking to its entry on the rules page, with its title as hint. */
export function RuleRef({ id }: { id: string }) {
  const rule = getRule(id);
  return (
    <Link className="rule-ref" href={`/rules#${rule.id.toLowerCase()}`} title={rule.title}>
      {rule.id}
    </Link>
  );
}
