/**
 * The one-run CLI's wait (`--once`): the first run whose view reports, then its end. A run counts
 * once its view's report arrives (the view sends it after ui/initialize and its automatic probes);
 * none within `timeoutMs` is no run. After the report the server keeps listening for the view's
 * teardown beacons (teardown.ts) until the two rows are settled, the beacon channel showed they
 * cannot be (a CSP that blocks it), or `lingerMs` has passed; then silence is said (finishRun).
 * The negative control's runs are printed but never chosen: their FAILs are their point.
 */
import type { ConformanceState } from "./server";
import { TEARDOWN_STEPS } from "./teardown";
import type { ConformanceReport } from "./types";

export interface OneRunOptions {
  timeoutMs: number;
  lingerMs: number;
  /** How often to look at the beacons (default 100 ms). */
  pollMs?: number;
}

export type OneRunResult = { report: ConformanceReport; tool: string } | { none: string };

/** Whether nothing more can change this run's teardown rows. */
function settled(state: ConformanceState, run: string): boolean {
  const hits = state.hits.filter((h) => h.run === run).map((h) => h.via);
  // The test beacon never arrived: no teardown beacon will either; the rows say why.
  if (!hits.includes(TEARDOWN_STEPS.channel)) return true;
  if (hits.includes(TEARDOWN_STEPS["gone-before-teardown"])) return true;
  const report = state.reports.find((r) => r.run === run);
  const wait = report?.results.find((p) => p.id === "lifecycle/teardown-await");
  return !!wait && wait.verdict !== "NOT OBSERVABLE";
}

/** Waits for one run as above. `stop()` ends the wait now (stdin closed, Ctrl-C). */
export function awaitOneRun(
  state: ConformanceState,
  o: OneRunOptions,
): { done: Promise<OneRunResult>; stop(): void } {
  let chosen: string | undefined;
  let finish: () => void = () => {};
  const done = new Promise<OneRunResult>((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const end = (result: OneRunResult) => {
      for (const t of timers) clearTimeout(t);
      resolve(result);
    };
    const close = () => {
      if (!chosen)
        return end({
          none: `no run: no view reported within ${o.timeoutMs / 1000} s (a run counts once its view reports, after ui/initialize and its automatic probes)`,
        });
      state.finishRun(chosen);
      const report = state.reports.find((r) => r.run === chosen)!;
      end({ report, tool: state.toolOf(chosen) ?? "conformance_run" });
    };
    finish = close;
    timers.push(setTimeout(() => !chosen && close(), o.timeoutMs));
    state.onReport((report) => {
      if (chosen || report.negativeControl) return;
      chosen = report.run;
      const started = Date.now();
      const look = () => {
        if (settled(state, report.run) || Date.now() - started >= o.lingerMs) close();
        else timers.push(setTimeout(look, o.pollMs ?? 100));
      };
      look();
    });
  });
  return { done, stop: () => finish() };
}
