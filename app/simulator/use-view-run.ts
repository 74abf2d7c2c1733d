"use client";

import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type MutableRefObject,
} from "react";
import type { HostBehaviours } from "@/lib/decide/host-profile";
import { checkOrigins, prewarmSandbox, sandboxOriginFor } from "@/lib/host/view/origins";
import { ProxyPool } from "@/lib/host/view/proxy-pool";
import { pageHostFault } from "@/lib/host/view/host-fault";
import { policyFor, tokenIssuer } from "@/lib/host/view/proxy-ticket";
import type { BrowserRun } from "@/lib/simulator/run-in-browser";
import type { ConsentRequest } from "@/lib/host/view/consent-queue";
import type { PageContext } from "@/lib/simulator/host";
import { pageHostContext, pageTheme } from "@/app/_components/page-host-context";
import type { PromptAnswer } from "@/app/_components/consent-prompt";
import { ROWS } from "@/lib/simulator/constants";
import type { Scenario } from "@/lib/simulator/scenario";
import { resolvePorts } from "@/lib/simulator/scenario-core";
import { previewDecision } from "@/lib/simulator/preview";
import type { TraceEntry } from "@/lib/host/view/trace";
import { loadedRunner, loadRunner } from "./lazy-modules";
import type { Predictions } from "./prediction";
import { isRowPredictionRight } from "./predict-grade";

/** While a run goes on, its live sequence is drawn at most this often. */
const LIVE_TRACE_MS = 250;

/** The page's theme and colours, as the host context a view is given. */
const pageContext = (): PageContext => pageHostContext();

/**
 * Loads a spare proxy for the policy (effective CSP, granted permissions) that the pure preview
 * decides for `s`; the run takes it only if its own decision gives the same policy (ProxyPool
 * matches by key), so a wrong guess costs a frame, never a weaker policy.
 */
function prepareProxyFor(
  pool: ProxyPool | null,
  s: Scenario,
  behaviours: HostBehaviours | undefined,
): void {
  if (!pool) return;
  const hostOrigin = window.location.origin;
  const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
  if (!checkOrigins(hostOrigin, sandboxOrigin).ok) return;
  const d = previewDecision(resolvePorts(s, window.location.port || "80"), behaviours);
  if (!d.csp) return;
  pool.prepare(
    policyFor(d.csp.effective ?? undefined, d.permissions?.granted ?? []),
    tokenIssuer(hostOrigin, sandboxOrigin),
  );
}

export type Status = "idle" | "running" | "done" | "error";

interface Options {
  /** Records a graded prediction (the store's spaced review). */
  recordAnswer(id: string, correct: boolean): void;
  /** BRG-5: one consent question at a time, through the page's dialog. */
  askPerson(request: ConsentRequest): Promise<PromptAnswer>;
  answerPerson(answer: "deny"): void;
  /** The page's theme: a change goes to the live view as a host-context change (no new run). */
  theme: "light" | "dark" | null;
  /** The chosen host (issue 33), read when a run starts; undefined behaviours: the reference. */
  host: MutableRefObject<{ id: string; behaviours?: HostBehaviours }>;
}

/**
 * The simulator's runs, one view at a time (runInBrowser over a ViewSession): a new run replaces
 * the last (its teardown overlapping the new agent turn), takes a spare proxy from the page's pool
 * when one fits, and its trace is drawn as it comes, batched. Also grades a prediction.
 */
export function useViewRun({ recordAnswer, askPerson, answerPerson, theme, host }: Options) {
  const [run, setRun] = useState<BrowserRun | null>(null);
  // The scenario the shown run was made for, and its number: any other scenario means the
  // shown results are the previous scenario's.
  const [runFor, setRunFor] = useState<Scenario | null>(null);
  // The host the shown run was made in: a run in another host is not this table's.
  const [runHost, setRunHost] = useState<string | null>(null);
  const [runN, setRunN] = useState(0);
  const [status, setStatus] = useState<Status>("idle");
  const [runCount, setRunCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [trace, setTrace] = useState<TraceEntry[]>([]);
  const [graded, setGraded] = useState<Predictions | null>(null);
  const container = useRef<HTMLDivElement>(null);
  /** A sandbox proxy loaded ahead for the next run (same CSP), created once the view area exists. */
  const pool = useRef<ProxyPool | null>(null);
  const current = useRef<BrowserRun | null>(null);
  const generation = useRef(0);
  /** Aborted when the next run starts: the run still on its way hides its view at once. */
  const inFlight = useRef<AbortController | null>(null);
  const runs = useRef(0);

  const execute = useCallback(
    async (s: Scenario, predicted?: Predictions) => {
      if (!container.current) return;
      const mine = ++generation.current;
      const chosen = host.current;
      const n = ++runs.current;
      inFlight.current?.abort();
      const superseded = new AbortController();
      inFlight.current = superseded;
      // A question left open by the previous run is answered "deny": that run is gone.
      answerPerson("deny");
      // The previous view is torn down (ui/resource-teardown, BRG-3) while the new agent turn
      // runs; its late messages (the answer) stay its own run's business (runInBrowser).
      const replacing = current.current ?? undefined;
      const previous = replacing?.dispose();
      current.current = null;
      // Clearing the previous run's panels is a transition: the change's own render (the table)
      // goes first, and this one is drawn while the proxy and the view work, not in their path.
      startTransition(() => {
        setRun(null);
        setRunFor(null);
        setTrace([]);
        setError(null);
        setGraded(null);
        setStatus("running");
        setRunCount(n);
      });
      try {
        const loaded = loadedRunner();
        // The page's first run has no spare yet: a proxy for the policy the preview decides for
        // this scenario starts loading now, while the runner chunk arrives (a first visit) or the
        // agent's turn runs (a cached one), and the run takes it (issue 23).
        if (n === 1) prepareProxyFor(pool.current, s, chosen.behaviours);
        const { runInBrowser } = loaded ?? (await loadRunner());
        const hostOrigin = window.location.origin;
        const context = pageContext();
        let collected: readonly TraceEntry[] = [];
        let frame = 0;
        const r = await runInBrowser(resolvePorts(s, window.location.port || "80"), {
          timeoutMs: 4000,
          beforeRender: previous,
          replacing,
          superseded: superseded.signal,
          container: container.current,
          pool: pool.current ?? undefined,
          hostOrigin,
          sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
          hostContext: context,
          hostFault: pageHostFault(),
          behaviours: chosen.behaviours,
          // BRG-5: the host queues requests (SimHost's ConsentQueue); the page shows one at a time.
          askConsent: async (request) => {
            if (mine !== generation.current) return "deny";
            const a = await askPerson(request);
            return a === "always" ? "allow" : a;
          },
          // A breach or a limit can end a run after it returned: show its new outcome.
          onChange: (changed) => {
            if (mine === generation.current) setRun({ ...changed });
          },
          // Batched, at most every LIVE_TRACE_MS while the run goes on: a flood of rejected
          // messages must not freeze the page, and drawing the sequence must stay out of the
          // bridge's path (a quick run draws it once, when it has settled).
          onTrace: (_e, all) => {
            // The run's own bounded trace (older entries summarised), not an unbounded copy.
            collected = all;
            if (!frame && mine === generation.current) {
              frame = window.setTimeout(() => {
                frame = 0;
                if (mine === generation.current) setTrace([...collected]);
              }, LIVE_TRACE_MS);
            }
          },
        });
        if (mine !== generation.current) {
          await r.dispose();
          return;
        }
        current.current = r;
        // The page's theme changed while this run was on its way: its view follows now.
        if (pageTheme() !== context.theme) r.setHostContext(pageContext());
        window.clearTimeout(frame);
        frame = 0;
        setTrace([...collected]);
        setRun(r);
        setRunFor(s);
        setRunHost(chosen.id);
        setRunN(n);
        setStatus("done");
        if (predicted && r.decision) {
          setGraded(predicted);
          const allRight =
            ROWS.every((row) =>
              isRowPredictionRight(
                predicted.rows[row],
                r.decision!.rows.find((x) => x.row === row),
              ),
            ) && predicted.outcome === r.outcome;
          recordAnswer(`simulator:${s.id}`, allRight);
        }
      } catch (e) {
        if (mine === generation.current) {
          setError((e as Error).message);
          setStatus("error");
        }
      }
      // Once the run has settled, not in its path: the default policy's spare, if it was taken.
      if (mine === generation.current) pool.current?.keepReady();
    },
    [recordAnswer, askPerson, answerPerson, host],
  );

  // A new theme goes to the live view as a host-context change; the run is not repeated.
  useEffect(() => {
    if (theme !== null) current.current?.setHostContext(pageContext());
  }, [theme]);
  useEffect(() => () => void current.current?.dispose(), []);
  useEffect(() => {
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    if (!checkOrigins(hostOrigin, sandboxOrigin).ok) return;
    return prewarmSandbox(document.body, sandboxOrigin);
  }, []);
  useEffect(() => {
    if (!container.current) return;
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    // A spare for the restrictive default CSP with no permission (a view that declares nothing)
    // is kept ready after every run, whatever the last run's policy was.
    const p = new ProxyPool(container.current, {
      keep: checkOrigins(hostOrigin, sandboxOrigin).ok
        ? { policy: policyFor(undefined, []), issue: tokenIssuer(hostOrigin, sandboxOrigin) }
        : undefined,
    });
    pool.current = p;
    return () => {
      pool.current = null;
      p.discard();
    };
  }, []);

  return {
    run,
    runFor,
    runHost,
    runN,
    status,
    runCount,
    error,
    trace,
    graded,
    setGraded,
    container,
    execute,
  };
}
