import type { Verdict, VerdictValue } from "@/lib/decide/types";
import { RuleRef } from "../rule-ref";

const LABEL: Record<VerdictValue, string> = { pass: "pass", fail: "fail", skip: "skip" };

/** A row verdict as text and colour (never colour alone), with the rules it rests on. */
export function VerdictLine({
  decision: { verdict, reason, ruleIds },
  testId,
}: {
  /** A verdict of the simulator's rules (or anything with its three fields). */
  decision: Pick<Verdict, "verdict" | "reason" | "ruleIds">;
  testId?: string;
}) {
  return (
    <p className="verdict-line" data-testid={testId} data-verdict={verdict}>
      <strong className="verdict-badge" data-verdict={verdict}>
        {LABEL[verdict]}
      </strong>{" "}
      {reason}{" "}
      {ruleIds.map((id) => (
        <span key={id}>
          <RuleRef id={id} />{" "}
        </span>
      ))}
    </p>
  );
}

/** Labels a setting that is the host's own choice, so it is never mistaken for a spec rule. */
export function HostPolicyNote({ rule }: { rule: string }) {
  return (
    <span className="host-policy">
      host policy, not a spec requirement <RuleRef id={rule} />
    </span>
  );
}
