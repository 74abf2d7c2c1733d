"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { checkOrigins, prewarmSandbox, sandboxOriginFor } from "@/lib/simulator/browser/origins";
import { ProxyPool } from "@/lib/simulator/browser/proxy-pool";
import type { BrowserRun } from "@/lib/simulator/browser/run-in-browser";
import { ROWS } from "@/lib/simulator/constants";
import { previewDecision } from "@/lib/simulator/preview";
import type { Consent } from "@/lib/simulator/rules";
import {
  parseScenario,
  resolvePorts,
  ScenarioError,
  scenarioSchema,
  type Scenario,
} from "@/lib/simulator/scenario";
import { decodeScenario, encodeScenario } from "@/lib/simulator/share";
import type { TraceEntry } from "@/lib/simulator/trace";
import { useAppStore } from "../_components/store-provider";
import { installAutomationHook } from "./automation-hook";
import { CspPanel, DecisionTable, RuleLink, Sequence } from "./panels";
import { Prediction, type Predictions } from "./prediction";
import { ScenarioForm } from "./scenario-form";
import "./simulator.css";

interface ConsentRequest {
  tool: string;
  arguments: Record<string, unknown>;
  resolve: (c: Consent) => void;
}

type Status = "idle" | "running" | "done" | "error";

interface Props {
  presets: Scenario[];
  /** Rule ID → slug of the first lesson that teaches it. */
  lessonFor: Record<string, string>;
}

function initial(
  presets: Scenario[],
  params: URLSearchParams,
): { scenario: Scenario; presetId: string; message: string | null } {
  const fallback = presets.find((p) => p.id === "happy-path") ?? presets[0]!;
  const shared = params.get("s");
  if (shared) {
    const r = decodeScenario(shared);
    if (r.ok) return { scenario: r.scenario, presetId: r.scenario.id, message: null };
    return {
      scenario: fallback,
      presetId: fallback.id,
      message: `This link's scenario could not be used: ${r.message}. Showing the default scenario instead; your saved progress is untouched.`,
    };
  }
  const id = params.get("preset");
  const preset = id ? presets.find((p) => p.id === id) : undefined;
  if (id && !preset)
    return {
      scenario: fallback,
      presetId: fallback.id,
      message: `There is no preset named "${id}". Showing the default scenario instead.`,
    };
  return { scenario: preset ?? fallback, presetId: (preset ?? fallback).id, message: null };
}

/** The simulator page: edit a scenario, see the table at once, and watch the real run. */
export function SimulatorApp({ presets, lessonFor }: Props) {
  const params = useSearchParams();
  const pathname = usePathname();
  const shareUrl = useCallback((s: Scenario) => `${pathname}?s=${encodeScenario(s)}`, [pathname]);
  const [start] = useState(() => initial(presets, new URLSearchParams(params.toString())));
  const [scenario, setScenario] = useState<Scenario>(start.scenario);
  const [presetId, setPresetId] = useState(start.presetId);
  const [linkMessage, setLinkMessage] = useState<string | null>(start.message);
  const [run, setRun] = useState<BrowserRun | null>(null);
  // The scenario the shown run was made for; any other means the run is out of date.
  const [runFor, setRunFor] = useState<Scenario | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [runCount, setRunCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [trace, setTrace] = useState<TraceEntry[]>([]);
  const [consent, setConsent] = useState<ConsentRequest | null>(null);
  const [predicting, setPredicting] = useState(false);
  const [predictions, setPredictions] = useState<Predictions>({ rows: {}, outcome: undefined });
  const [graded, setGraded] = useState<Predictions | null>(null);
  const [copied, setCopied] = useState(false);
  // Bumped when the scenario is replaced from outside the form, so the form re-reads it.
  const [formKey, setFormKey] = useState(0);
  const recordAnswer = useAppStore((s) => s.recordAnswer);
  const container = useRef<HTMLDivElement>(null);
  /** A sandbox proxy loaded ahead for the next run (same CSP), created once the view area exists. */
  const pool = useRef<ProxyPool | null>(null);
  const current = useRef<BrowserRun | null>(null);
  const generation = useRef(0);
  const dialog = useRef<HTMLDialogElement>(null);

  const preview = useMemo(
    () =>
      previewDecision(
        resolvePorts(
          scenario,
          typeof window === "undefined" ? "3000" : window.location.port || "80",
        ),
      ),
    [scenario],
  );
  // The real run's table once it matches the scenario; until then the instant preview.
  const decision = run?.decision && runFor === scenario ? run.decision : preview;

  useEffect(() => {
    if (consent) dialog.current?.showModal();
    else dialog.current?.close();
  }, [consent]);

  const execute = useCallback(
    async (s: Scenario, predicted?: Predictions) => {
      if (!container.current) return;
      const mine = ++generation.current;
      // The previous view is torn down (ui/resource-teardown, BRG-3) while the new agent turn
      // runs; the new proxy frame waits for it, so none of its late messages reach this run.
      const previous = current.current?.dispose();
      current.current = null;
      setRun(null);
      setTrace([]);
      setError(null);
      setGraded(null);
      setStatus("running");
      setRunCount((n) => n + 1);
      try {
        const { runInBrowser } = await import("@/lib/simulator/browser/run-in-browser");
        const hostOrigin = window.location.origin;
        let collected: readonly TraceEntry[] = [];
        let frame = 0;
        const r = await runInBrowser(resolvePorts(s, window.location.port || "80"), {
          timeoutMs: 4000,
          beforeRender: previous,
          container: container.current,
          pool: pool.current ?? undefined,
          hostOrigin,
          sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
          // BRG-5: the host queues requests (SimHost), so one dialog shows one call at a time.
          askConsent: ({ tool, arguments: args }) =>
            new Promise<Consent>((resolve) => setConsent({ tool, arguments: args, resolve })),
          // A breach or a limit can end a run after it returned: show its new outcome.
          onChange: (changed) => {
            if (mine === generation.current) setRun({ ...changed });
          },
          // Batched per animation frame: a flood of rejected messages must not freeze the page.
          onTrace: (_e, all) => {
            // The run's own bounded trace (older entries summarised), not an unbounded copy.
            collected = all;
            if (!frame && mine === generation.current) {
              frame = requestAnimationFrame(() => {
                frame = 0;
                if (mine === generation.current) setTrace([...collected]);
              });
            }
          },
        });
        if (mine !== generation.current) {
          await r.dispose();
          return;
        }
        current.current = r;
        setTrace([...collected]);
        setRun(r);
        setRunFor(s);
        setStatus("done");
        if (predicted && r.decision) {
          setGraded(predicted);
          const allRight =
            ROWS.every(
              (row) => predicted.rows[row] === r.decision!.rows.find((x) => x.row === row)?.verdict,
            ) && predicted.outcome === r.outcome;
          recordAnswer(`simulator:${s.id}`, allRight);
        }
      } catch (e) {
        if (mine === generation.current) {
          setError((e as Error).message);
          setStatus("error");
        }
      }
    },
    [recordAnswer],
  );

  // Re-run on every change (unless the learner is predicting first). Queued as soon as React has
  // committed the change, on a task of its own (a message, not a timer, so it is not held back
  // behind the paint): a burst of changes in one task ends in one run, later runs supersede
  // earlier ones, and the table's preview is already in the DOM.
  useLayoutEffect(() => {
    if (predicting) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => void execute(scenario);
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [scenario, predicting, execute]);

  // Keep the URL in step, a little later: Next.js follows replaceState with a render of every
  // component that reads the URL, which would otherwise delay the run by 10–15 ms.
  useEffect(() => {
    const t = setTimeout(() => window.history.replaceState(null, "", shareUrl(scenario)), 300);
    return () => clearTimeout(t);
  }, [scenario, shareUrl]);

  useEffect(() => () => void current.current?.dispose(), []);
  useEffect(() => {
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    if (!checkOrigins(hostOrigin, sandboxOrigin).ok) return;
    return prewarmSandbox(document.body, sandboxOrigin);
  }, []);
  useEffect(() => {
    if (!container.current) return;
    const p = new ProxyPool(container.current);
    pool.current = p;
    return () => {
      pool.current = null;
      p.discard();
    };
  }, []);

  const update = useCallback((fn: (s: Scenario) => Scenario) => {
    setScenario((s) => {
      const next = fn(s);
      const parsed = scenarioSchema.safeParse(next);
      return parsed.success ? parsed.data : next;
    });
  }, []);

  const replaceScenario = useCallback((s: Scenario) => {
    setScenario(s);
    setFormKey((k) => k + 1);
  }, []);

  useEffect(
    () => installAutomationHook(presets, () => container.current, replaceScenario),
    [presets, replaceScenario],
  );

  const choosePreset = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (!p) return;
    setPresetId(id);
    setLinkMessage(null);
    replaceScenario(p);
  };

  const answer = (c: Consent) => {
    consent?.resolve(c);
    setConsent(null);
  };

  const groups = ROWS.map((row) => ({ row, items: presets.filter((p) => p.row === row) }));
  const presetNow = presets.find((p) => p.id === presetId);

  return (
    <div className="simulator">
      {linkMessage ? (
        <p role="alert" className="notice" data-testid="link-message">
          {linkMessage}
        </p>
      ) : null}
      <div className="sim-toolbar">
        <label>
          Preset{" "}
          <select
            value={presetId}
            onChange={(e) => choosePreset(e.target.value)}
            data-testid="preset-select"
          >
            {groups.map((g) => (
              <optgroup key={g.row} label={g.row}>
                {g.items.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          onClick={() => void execute(scenario, predicting ? predictions : undefined)}
          disabled={status === "running"}
          data-testid="run"
        >
          {predicting
            ? "Run and grade my prediction"
            : status === "running"
              ? "Running…"
              : "Run again"}
        </button>{" "}
        <button
          type="button"
          className="secondary"
          onClick={() => presetNow && replaceScenario(presetNow)}
        >
          Reset to preset
        </button>{" "}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(new URL(shareUrl(scenario), window.location.href).href)
              .then(
                () => setCopied(true),
                () => setCopied(false),
              );
          }}
        >
          Copy share link
        </button>
        {copied ? <span role="status"> Link copied.</span> : null}
      </div>
      {presetNow && presetNow.id === scenario.id ? (
        <p className="muted">{presetNow.description}</p>
      ) : null}
      <details className="sim-panel" data-testid="preset-list">
        <summary>All presets, by decision row ({presets.length})</summary>
        {groups.map((g) =>
          g.items.length ? (
            <section key={g.row} aria-label={`Presets about ${g.row}`}>
              <h3>
                <code>{g.row}</code>
              </h3>
              <ul className="sim-preset-list">
                {g.items.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className="linklike"
                      aria-current={p.id === presetId ? "true" : undefined}
                      onClick={() => choosePreset(p.id)}
                    >
                      {p.title}
                    </button>
                    <span className="muted"> — {p.description}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null,
        )}
      </details>

      <div className="sim-columns">
        <div className="sim-left">
          <details open className="sim-panel">
            <summary>Scenario controls</summary>
            <ScenarioForm key={formKey} scenario={scenario} update={update} />
          </details>
          <JsonEditor
            key={formKey}
            scenario={scenario}
            onApply={(s) => {
              setScenario(s);
            }}
            onBlurApplied={() => setFormKey((k) => k + 1)}
          />
        </div>
        <div className="sim-right">
          <Prediction
            enabled={predicting}
            onToggle={(on) => {
              setPredicting(on);
              setGraded(null);
            }}
            predictions={predictions}
            onChange={setPredictions}
            graded={graded}
            decision={run?.decision}
            outcome={run?.outcome}
          />
          {!predicting || graded ? (
            <>
              <h2>Decision table</h2>
              <DecisionTable
                decision={decision}
                pending={status === "running"}
                lessonFor={lessonFor}
              />
            </>
          ) : (
            <p className="muted">
              The table is hidden while you predict. Make your choices, then run.
            </p>
          )}
          <div
            aria-live="polite"
            data-testid="run-status"
            data-status={status}
            data-run={runCount}
            data-result-in-view={run?.timings.resultInView}
            data-run-start={run?.timings.start}
            data-proxy-load={run?.timings.proxyLoad}
            data-proxy-preloaded={run ? String(run.proxyPreloaded ?? false) : undefined}
          >
            {status === "running" ? (
              <p>Running the scenario through the real server, host and sandbox…</p>
            ) : null}
            {error ? <p role="alert">The run failed: {error}</p> : null}
            {run?.reason ? <p role="alert">{run.reason}</p> : null}
          </div>
          {run && (!predicting || graded) ? (
            <p>
              Outcome: <strong data-outcome={run.outcome}>{run.outcome}</strong>
              {run.appCall ? (
                <>
                  {" "}
                  · view&apos;s call: <strong data-app-call={run.appCall}>{run.appCall}</strong>
                </>
              ) : null}
            </p>
          ) : null}
          <div className="sim-outcome">
            <section aria-labelledby="agent-tools" className="sim-panel">
              <h2 id="agent-tools">The agent&apos;s tool list</h2>
              {run ? (
                <ul data-testid="agent-tools">
                  {run.agentTools.map((t) => (
                    <li key={`${t.server}:${t.name}`} data-listed={t.listed}>
                      <code>{t.name}</code> (
                      {t.server === "main" ? "view's server" : "second server"}):{" "}
                      {t.listed ? "listed" : "hidden"} <span className="muted">— {t.reason}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">Appears after the run.</p>
              )}
            </section>
            {run?.outcome === "text" && run.toolResult ? (
              <section aria-labelledby="fallback" className="sim-panel">
                <h2 id="fallback">What the agent receives instead</h2>
                <pre data-testid="text-fallback" tabIndex={0}>
                  {JSON.stringify(run.toolResult.content, null, 2)}
                </pre>
                <p className="muted">
                  The tool&apos;s text content, as for any tool without a view{" "}
                  <RuleLink id="OUT-1" lessonFor={lessonFor} />.
                </p>
              </section>
            ) : null}
          </div>
          <div ref={container} className="sim-view" data-testid="view-container" />
          {run ? <CspPanel run={run} requested={scenario.resource.csp} /> : null}
          {trace.length ? <Sequence key={runCount} trace={trace} /> : null}
        </div>
      </div>

      <dialog ref={dialog} aria-labelledby="consent-title" onCancel={() => answer("deny")}>
        <h2 id="consent-title">Allow this tool call?</h2>
        <p>
          The view wants to call <code>{consent?.tool}</code>. The host asks before anything reaches
          the server <RuleLink id="BRG-5" lessonFor={lessonFor} />.
        </p>
        <p>Arguments:</p>
        <pre data-testid="consent-arguments">
          {JSON.stringify(consent?.arguments ?? {}, null, 2)}
        </pre>
        <button type="button" onClick={() => answer("allow")}>
          Allow
        </button>{" "}
        <button type="button" className="secondary" onClick={() => answer("deny")}>
          Deny
        </button>
      </dialog>
    </div>
  );
}

/** The whole scenario as JSON, validated as you type; a valid edit replaces the scenario. */
function JsonEditor({
  scenario,
  onApply,
  onBlurApplied,
}: {
  scenario: Scenario;
  onApply: (s: Scenario) => void;
  onBlurApplied: () => void;
}) {
  const serialized = JSON.stringify(scenario, null, 2);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? serialized;
  return (
    <details className="sim-panel">
      <summary>Scenario as JSON</summary>
      <label htmlFor="sim-json" className="visually-hidden">
        Scenario JSON
      </label>
      <textarea
        id="sim-json"
        data-testid="json-editor"
        rows={18}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "sim-json-error" : undefined}
        onBlur={() => {
          // A valid edit is reformatted, and the form re-read, once the learner leaves the editor.
          if (!error && draft !== null) onBlurApplied();
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          try {
            const s = parseScenario(e.target.value, "editor");
            setError(null);
            onApply(s);
          } catch (err) {
            setError(err instanceof ScenarioError ? err.message : (err as Error).message);
          }
        }}
      />
      {error ? (
        <p id="sim-json-error" role="alert" className="sim-error" data-testid="json-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}
