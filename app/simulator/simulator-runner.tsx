"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { resolvePorts, type Scenario } from "@/lib/simulator/scenario";
import { checkOrigins, prewarmSandbox, sandboxOriginFor } from "@/lib/simulator/browser/origins";
import type { BrowserRun } from "@/lib/simulator/browser/run-in-browser";
import type { Consent } from "@/lib/simulator/rules";
import type { TraceEntry } from "@/lib/simulator/trace";
import { RuleRef } from "../_components/rule-ref";
import { installAutomationHook } from "./automation-hook";

interface ConsentRequest {
  tool: string;
  resolve: (c: Consent) => void;
}

/** Runs presets in the browser and shows the decision table, outcome and message trace. */
export function SimulatorRunner({ presets }: { presets: Scenario[] }) {
  const fromUrl = useSearchParams().get("preset");
  const [presetId, setPresetId] = useState(
    fromUrl && presets.some((p) => p.id === fromUrl) ? fromUrl : (presets[0]?.id ?? ""),
  );
  const [run, setRun] = useState<BrowserRun | null>(null);
  const [status, setStatus] = useState<"idle" | "running" | "done" | "error">("idle");
  // Counts runs, so a reader (or a test) can tell a finished new run from the previous one.
  const [runCount, setRunCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [trace, setTrace] = useState<TraceEntry[]>([]);
  const [consent, setConsent] = useState<ConsentRequest | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const current = useRef<BrowserRun | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (consent) dialog.current?.showModal();
    else dialog.current?.close();
  }, [consent]);

  const preset = useMemo(() => presets.find((p) => p.id === presetId), [presets, presetId]);

  const start = useCallback(async () => {
    if (!preset || !container.current) return;
    await current.current?.dispose();
    current.current = null;
    setRun(null);
    setTrace([]);
    setError(null);
    setStatus("running");
    setRunCount((n) => n + 1);
    try {
      const { runInBrowser } = await import("@/lib/simulator/browser/run-in-browser");
      const hostOrigin = window.location.origin;
      const scenario = resolvePorts(preset, window.location.port || "80");
      const collected: TraceEntry[] = [];
      let frame = 0;
      const r = await runInBrowser(scenario, {
        timeoutMs: 4000,
        container: container.current,
        hostOrigin,
        sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
        askConsent: ({ tool }) => new Promise<Consent>((resolve) => setConsent({ tool, resolve })),
        // Batched per animation frame: a flood of rejected messages must not freeze the page.
        onTrace: (e) => {
          collected.push(e);
          if (!frame) {
            frame = requestAnimationFrame(() => {
              frame = 0;
              setTrace([...collected]);
            });
          }
        },
      });
      current.current = r;
      setTrace([...collected]);
      setRun(r);
      setStatus("done");
    } catch (e) {
      setError((e as Error).message);
      setStatus("error");
    }
  }, [preset]);

  useEffect(() => () => void current.current?.dispose(), []);
  useEffect(() => installAutomationHook(presets, () => container.current), [presets]);
  useEffect(() => {
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    if (!checkOrigins(hostOrigin, sandboxOrigin).ok) return;
    return prewarmSandbox(document.body, sandboxOrigin);
  }, []);

  const answer = (c: Consent) => {
    consent?.resolve(c);
    setConsent(null);
  };

  return (
    <div className="simulator">
      <div className="sim-controls">
        <label>
          Scenario{" "}
          <select
            value={presetId}
            onChange={(e) => setPresetId(e.target.value)}
            data-testid="preset-select"
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.row}: {p.title}
              </option>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          onClick={() => void start()}
          disabled={status === "running"}
          data-testid="run"
        >
          {status === "running" ? "Running…" : "Run"}
        </button>
      </div>
      {preset ? <p className="muted">{preset.description}</p> : null}
      <div aria-live="polite" data-testid="run-status" data-status={status} data-run={runCount}>
        {status === "running" ? <p>Running the scenario…</p> : null}
        {error ? <p role="alert">The run failed: {error}</p> : null}
        {run?.reason ? <p role="alert">{run.reason}</p> : null}
      </div>
      {run?.decision ? (
        <div className="table-scroll">
          <table data-testid="decision-table">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Verdict</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {run.decision.rows.map((r) => (
                <tr key={r.row} data-row={r.row} data-verdict={r.verdict}>
                  <th scope="row">
                    <code>{r.row}</code>
                  </th>
                  <td className={`verdict-${r.verdict}`}>{r.verdict}</td>
                  <td>
                    {r.reason}{" "}
                    {r.ruleIds.map((id) => (
                      <RuleRef key={id} id={id} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {run ? (
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
      {run?.cspHeader ? (
        <p>
          Content-Security-Policy sent with the view:{" "}
          <code data-testid="csp-header">{run.cspHeader}</code>
        </p>
      ) : null}
      {run?.outcome === "text" && run.toolResult ? (
        <section aria-label="Text fallback">
          <h2>What the agent receives</h2>
          <pre data-testid="text-fallback">{JSON.stringify(run.toolResult.content, null, 2)}</pre>
        </section>
      ) : null}
      <div ref={container} className="sim-view" data-testid="view-container" />
      {run?.violations.length ? (
        <section aria-label="CSP violations">
          <h2>Blocked by the CSP</h2>
          <ul data-testid="violations">
            {run.violations.map((v, i) => (
              <li key={i}>
                <code>{String(v.directive)}</code> blocked {String(v.blockedURI)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {trace.length ? (
        <details open>
          <summary>Message trace ({trace.length})</summary>
          <ol className="trace" data-testid="trace" tabIndex={0} aria-label="Message trace">
            {trace.map((e) => (
              <li
                key={e.seq}
                data-status={e.status}
                data-channel={e.channel}
                data-from={e.from}
                data-to={e.to}
                data-kind={e.kind}
                data-method={e.method}
              >
                <code>
                  {e.from} → {e.to}
                </code>{" "}
                {e.method ?? e.kind} <span className="muted">{e.status}</span>
                {e.note ? ` — ${e.note}` : ""}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <dialog ref={dialog} aria-labelledby="consent-title" onCancel={() => answer("deny")}>
        <h2 id="consent-title">Allow this tool call?</h2>
        <p>
          The view wants to call <code>{consent?.tool}</code>. The host asks before anything reaches
          the server <RuleRef id="BRG-5" />.
        </p>
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
