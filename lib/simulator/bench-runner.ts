// A bench fixture, not part of the course: the browser script of the "bare runner" page that
// `npm run bench:simulator` measures a cold start against (see app/bench/runner/route.ts). It is
// the simulator's first run with nothing else: the real runner (SDK, host, proxy plumbing), the
// page's warm frame, one run of the preset the page names, no React, no Next.js, no form. A cold
// load of it is the least any page built on this runner can do; the bench prints it beside the
// simulator's own cold start and the framework-free floor.
import { runInBrowser } from "./run-in-browser";
import { checkOrigins, prewarmSandbox, sandboxOriginFor } from "../host/view/origins";
import { resolvePorts } from "./scenario-core";
import type { Scenario } from "./scenario";

const root = document.documentElement;
const hostOrigin = location.origin;
const sandboxOrigin = sandboxOriginFor(hostOrigin, root.dataset.sandboxOrigin || undefined);

async function firstRun(): Promise<void> {
  const scenario = JSON.parse(document.getElementById("scenario")!.textContent!) as Scenario;
  const origins = checkOrigins(hostOrigin, sandboxOrigin);
  if (!origins.ok) throw new Error(origins.reason);
  prewarmSandbox(document.body, sandboxOrigin);
  const run = await runInBrowser(resolvePorts(scenario, location.port || "80"), {
    container: document.getElementById("views")!,
    hostOrigin,
    sandboxOrigin,
    // The bench's presets ask no question the page would put to a person; any that did is refused.
    askConsent: async () => "deny",
    timeoutMs: 4000,
  });
  root.dataset.outcome = run.outcome;
  root.dataset.resultInView = String(run.timings.resultInView ?? NaN);
}

firstRun().catch((e: unknown) => {
  root.dataset.outcome = "error";
  root.dataset.error = e instanceof Error ? e.message : String(e);
});
