import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The simulator page's first load must not carry the MCP SDK or zod: they load when the learner
 * first runs something (issue 16, item 6; `npm run bench:lessons -- --only=/simulator` gives the
 * figure). The walk over static value imports is in scripts/first-load-guard.ts. Nor does it carry
 * the rules' text: rule chips get their hover text from the server (ruleInfo, issue 23). The run's
 * detail panels load with the run (run-detail.ts), not with the page; what a chosen host changes
 * loads when a host is chosen (host-profile-detail.tsx), and the profiles come as the page's data.
 */
describe("the simulator page's first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/simulator", 4, [
    "lib/rules/data.ts",
    "app/simulator/sequence.tsx",
    "app/simulator/csp-panel.tsx",
    "app/simulator/conversation-panel.tsx",
    "app/simulator/tool-call-panel.tsx",
    "app/_components/consent-dialog.tsx",
    "app/simulator/host-profile-detail.tsx",
    "lib/simulator/host-departures.ts",
    "lib/decide/host-fields.ts",
    "lib/content/host-profiles.ts",
  ]);
});
