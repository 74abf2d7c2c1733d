import { conformanceMainServer } from "@/lib/conformance/main-server";
import {
  runInBrowser as runScenario,
  type BrowserRun,
  type BrowserRunOptions,
} from "@/lib/simulator/run-in-browser";
import type { Scenario } from "@/lib/simulator/scenario";

/**
 * The simulator's runner as the page uses it, loaded in the runner's own chunk (lazy-modules.ts):
 * a scenario whose view is the conformance view gets the conformance server as its main server,
 * handed in here because lib/simulator imports nothing from lib/conformance.
 */
export function runInBrowser(scenario: Scenario, options: BrowserRunOptions): Promise<BrowserRun> {
  return runScenario(scenario, { mainServer: conformanceMainServer(scenario), ...options });
}
