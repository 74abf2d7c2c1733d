"use client";

import { decide } from "@/lib/decide";
import type { Scenario } from "@/lib/simulator/scenario";
import { resolvePorts } from "@/lib/simulator/scenario-core";
import { sandboxOriginFor } from "@/lib/host/view/origins";
import { FIRST_MARKS, markFirst } from "@/lib/first-marks";

interface RunManyResult {
  outcomes: string[];
  /** Milliseconds from the proxy starting to load to the view confirming its tool result. */
  fullRunMs: number[];
}

interface SimulatorAutomation {
  /** `timeoutMs`: each run's wait for its view (the page's 4000 ms when omitted). */
  runMany(presetId: string, times: number, timeoutMs?: number): Promise<RunManyResult>;
  /**
   * Presses the page's own "Run again" button `times` times, each after the previous run is done,
   * so every run goes through React, the sequence panel, the spare-proxy pool and the teardown a
   * learner's runs go through. Resolves with each run's outcome (read from the page).
   */
  runPage(times: number): Promise<string[]>;
  /**
   * Flips one field of the page's scenario `times` times (the grantable clipboard permission, which
   * keeps the view rendering), each from a click's dispatch as a form control would, and measures, per toggle, the time until the decision table shows the
   * new verdict and until the re-run's view confirms its tool result.
   */
  benchToggles(
    presetId: string,
    times: number,
    /**
     * "permission" flips the grantable clipboard permission (same CSP, so the next run may take the
     * spare proxy); "csp" empties and restores the preset's connectDomains (a new CSP each time:
     * every run loads its own proxy). The preset must declare a csp object.
     * Only "permission" times the table.
     */
    field?: "permission" | "csp",
    /**
     * The index of the first toggle (even: grant or the preset's origins; odd: none), so a bench
     * can take one toggle at a time, interleaved with other measurements, and still alternate.
     */
    first?: number,
  ): Promise<{
    tableMs: number[];
    viewMs: number[];
    /** Per toggle: [toggle → run starts, run start → proxy load, proxy load → result in view]. */
    parts: number[][];
    /** Per toggle: whether its run used a proxy loaded ahead (see ProxyPool). */
    preloaded: boolean[];
  }>;
  /**
   * Times `decide()` alone on the inputs the host observed for this preset: `samples` batches of
   * `batch` calls each, returning milliseconds per call for each batch (timer resolution is coarse).
   */
  timeRules(presetId: string, samples: number, batch: number): Promise<number[]>;
}

declare global {
  interface Window {
    academySimulator?: SimulatorAutomation;
  }
}

/**
 * Exposes window.academySimulator for benchmarks and leak tests: repeated runs without React in
 * the loop, each disposed before the next. It decides nothing itself; it calls the same runner.
 */
export function installAutomationHook(
  presets: Scenario[],
  container: () => HTMLElement | null,
  setScenario?: (s: Scenario) => void,
): () => void {
  // Installed in an effect of the page's first render: hydration is done.
  markFirst(FIRST_MARKS.hydrated);
  const find = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (!p) throw new Error(`no preset ${id}`);
    return resolvePorts(p, window.location.port || "80");
  };
  const options = () => {
    const el = container();
    if (!el) throw new Error("the simulator view container is not mounted");
    const hostOrigin = window.location.origin;
    return {
      container: el,
      hostOrigin,
      sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
      askConsent: async () => "allow" as const,
      timeoutMs: 4000,
    };
  };
  window.academySimulator = {
    async runMany(presetId, times, timeoutMs) {
      const { runInBrowser } = await import("./runner");
      const scenario = find(presetId);
      const out: RunManyResult = { outcomes: [], fullRunMs: [] };
      for (let i = 0; i < times; i++) {
        const r = await runInBrowser(scenario, {
          ...options(),
          ...(timeoutMs ? { timeoutMs } : {}),
        });
        out.outcomes.push(r.outcome);
        const { proxyLoad, resultInView } = r.timings;
        if (proxyLoad !== undefined && resultInView !== undefined)
          out.fullRunMs.push(resultInView - proxyLoad);
        await r.dispose();
      }
      return out;
    },
    async runPage(times) {
      const status = () => document.querySelector<HTMLElement>('[data-testid="run-status"]');
      const button = () => document.querySelector<HTMLButtonElement>('[data-testid="run"]');
      const waitFor = (ok: () => boolean) =>
        waitUntil(
          ok,
          15_000,
          (tick) => setTimeout(tick, 5),
          "timed out waiting for the page's run",
        );
      const outcomes: string[] = [];
      for (let i = 0; i < times; i++) {
        await waitFor(() => status()?.dataset.status !== "running" && !button()?.disabled);
        const before = Number(status()?.dataset.run ?? 0);
        button()!.click();
        await waitFor(
          () =>
            Number(status()?.dataset.run ?? 0) > before &&
            ["done", "error"].includes(status()?.dataset.status ?? ""),
        );
        outcomes.push(
          document.querySelector<HTMLElement>("[data-outcome]")?.dataset.outcome ??
            status()?.dataset.status ??
            "unknown",
        );
      }
      return outcomes;
    },
    async benchToggles(presetId, times, field = "permission", first = 0) {
      if (!setScenario) throw new Error("this page cannot change its scenario");
      const base = find(presetId);
      const tableMs: number[] = [];
      const viewMs: number[] = [];
      const parts: number[][] = [];
      const preloaded: boolean[] = [];
      const status = () => document.querySelector<HTMLElement>('[data-testid="run-status"]');
      const row = () =>
        document.querySelector<HTMLElement>('[data-row="permissions"] td:last-child');
      const waitFor = (ok: () => boolean, timeout = 8000) =>
        waitUntil(ok, timeout, requestAnimationFrame, "timed out");
      for (let i = first; i < first + times; i++) {
        const grant = i % 2 === 0;
        const csp = base.resource.csp;
        if (field === "csp" && (typeof csp !== "object" || csp === null || Array.isArray(csp)))
          throw new Error(`preset ${presetId} declares no csp object to toggle`);
        const s =
          field === "csp"
            ? {
                ...base,
                resource: {
                  ...base.resource,
                  // The preset's own (approved) origins, then none: two CSPs, both rendered.
                  csp: grant ? csp : { ...(csp as object), connectDomains: [] },
                },
              }
            : {
                ...base,
                resource: { ...base.resource, permissions: { clipboardWrite: {} } },
                host: {
                  ...base.host,
                  grantablePermissions: grant ? ["clipboardWrite" as const] : [],
                },
              };
        const runBefore = Number(status()?.dataset.run ?? 0);
        const t0 = performance.now();
        asInputEvent(() => setScenario(s as Scenario));
        const marker = grant ? "granted clipboardWrite" : "granted none";
        if (field === "permission")
          await new Promise<void>((resolve) => {
            const obs = new MutationObserver(() => {
              if (row()?.textContent?.includes(marker)) {
                obs.disconnect();
                tableMs.push(performance.now() - t0);
                resolve();
              }
            });
            obs.observe(document.body, { subtree: true, childList: true, characterData: true });
            if (row()?.textContent?.includes(marker)) {
              obs.disconnect();
              tableMs.push(performance.now() - t0);
              resolve();
            }
          });
        await waitFor(
          () =>
            Number(status()?.dataset.run ?? 0) > runBefore && status()?.dataset.status === "done",
        );
        const view = document.querySelector<HTMLElement>("[data-result-in-view]");
        viewMs.push(Number(view?.dataset.resultInView ?? NaN) - t0);
        parts.push([
          Number(view?.dataset.runStart) - t0,
          Number(view?.dataset.proxyLoad) - Number(view?.dataset.runStart),
          Number(view?.dataset.resultInView) - Number(view?.dataset.proxyLoad),
        ]);
        preloaded.push(view?.dataset.proxyPreloaded === "true");
      }
      return { tableMs, viewMs, parts, preloaded };
    },
    async timeRules(presetId, samples, batch) {
      const { runInBrowser } = await import("./runner");
      const r = await runInBrowser(find(presetId), options());
      await r.dispose();
      if (!r.inputs) throw new Error("the run produced no decision inputs");
      const inputs = r.inputs;
      const perCall: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        for (let j = 0; j < batch; j++) decide(inputs);
        perCall.push((performance.now() - t0) / batch);
      }
      return perCall;
    },
  };
  return () => {
    delete window.academySimulator;
  };
}

/**
 * Calls `change` as an input's event handler would: inside a click's dispatch, so React gives its
 * updates the priority of a discrete input (it reads window.event) and the page's own handler path
 * is measured, not a change made from outside any event.
 */
function asInputEvent(change: () => void): void {
  const target = document.createElement("button");
  target.addEventListener("click", change, { once: true });
  target.click();
}

/** Resolves once `ok()` holds, checking again on each `next` tick; rejects after `timeout` ms. */
function waitUntil(
  ok: () => boolean,
  timeout: number,
  next: (tick: () => void) => unknown,
  message: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const t0 = performance.now();
    const tick = () =>
      ok() ? resolve() : performance.now() - t0 > timeout ? reject(new Error(message)) : next(tick);
    tick();
  });
}
