/**
 * The CSP negative control (`--negative-control csp`): a second UI tool whose view also declares
 * the origin the CSP probes expect to be blocked. What it proves depends on the host: on one that
 * honours declared origins, the block rows must FAIL there, which shows they can fail; on one that
 * blocks declared origins too (fails closed), they pass in both runs and the control proves
 * nothing. Said here once, for the view, the tool's description and the report.
 */
import type { ProbeResult } from "./probes";

export const NEGATIVE_CONTROL_NOTE =
  "Negative control: this view's resource also declares the origin the CSP probes expect to be blocked. On a host that honours declared origins its CSP block rows must FAIL, which shows those rows can fail; that is not a finding about the host. It proves nothing on a host that blocks declared origins as well: there the block rows PASS here too, and csp-construct-from-domains FAILs in both runs.";

/** What one control run showed: whether the block rows failed, as they must to prove anything. */
export function controlOutcome(results: readonly ProbeResult[]): { proved: boolean; text: string } {
  const verdict = (id: string) => results.find((p) => p.id === id)?.verdict;
  const blocked = verdict("security/csp-block-undeclared");
  const constructed = verdict("security/csp-construct-from-domains");
  if (blocked === "FAIL")
    return {
      proved: true,
      text: "The control failed its CSP block rows, as it must: on this host those rows can fail, so their PASS in conformance_run means something.",
    };
  if (constructed === "FAIL")
    return {
      proved: false,
      text: "The control did not fail: this host blocks the declared origin too (csp-construct-from-domains FAILs), so the control proves nothing here.",
    };
  return {
    proved: false,
    text: `The control did not fail (csp-block-undeclared ${blocked ?? "absent"}): it proves nothing about whether the CSP block rows can fail on this host.`,
  };
}
