import {
  APP_CALL_TEXT,
  NO_HEADER,
  NO_IFRAME,
  NO_POLICY,
  OUTCOME_TEXT,
  ROW_TEXT,
  agentListText,
  allowText,
  directiveOf,
} from "./answers";
import type { HostDrillItem } from "./generator";
import { MODE_TEXT } from "./host-modes";
import type { OracleAnswer } from "./oracle/spec-oracle";

// The second oracle (oracle/spec-oracle.ts) answers in its own terms and imports nothing from the
// generator; its tests (oracle.test.ts for the reference host, host-items.test.ts for real hosts)
// compare it with the items through these two functions.

/** The oracle's answer in the items' canonical words. */
export function oracleText(a: OracleAnswer): string {
  switch (a.kind) {
    case "outcome":
      return OUTCOME_TEXT[a.outcome];
    case "deciding-row":
      return a.failing.length === 1
        ? ROW_TEXT[a.failing[0] as keyof typeof ROW_TEXT]
        : "(no single failing row)";
    case "app-call":
      return APP_CALL_TEXT[a.answer];
    case "csp-header":
      return a.noPolicy ? NO_POLICY : (a.directive ?? NO_HEADER);
    case "allow":
      return a.allow === null ? NO_IFRAME : allowText(a.allow);
    case "agent-list":
      return agentListText(a.names);
    case "display-mode":
      return MODE_TEXT[a.answer];
  }
}

/**
 * Whether two answers say the same. A csp directive is a set of sources (CSP3: order and a repeated
 * source change nothing), so the engine's de-duplicated list and the oracle's as-declared list
 * agree when their sets do.
 */
export function sameAnswer(
  item: Pick<HostDrillItem, "kind" | "directive">,
  a: string,
  b: string,
): boolean {
  if (item.kind !== "csp-header" || !item.directive) return a === b;
  const sources = (t: string) => {
    const d = directiveOf(t, item.directive!);
    return d === undefined ? t : [...new Set(d.split(" ").slice(1))].sort().join(" ");
  };
  return sources(a) === sources(b);
}
