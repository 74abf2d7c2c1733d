"use client";

import type { RuleInfo } from "@/lib/rules/info";
import type { BrowserRun } from "@/lib/simulator/run-in-browser";
import { RuleLink, RunLabel, runAttributes, type RunTag } from "./panels";
import type { Status } from "./use-view-run";

/** The run's status line (live), and its error or the reason it ended as it did. */
export function RunStatus({
  status,
  runCount,
  run,
  error,
  hidden,
}: {
  status: Status;
  runCount: number;
  run: BrowserRun | null;
  error: string | null;
  hidden: boolean;
}) {
  return (
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
      {run?.reason && !hidden ? <p role="alert">{run.reason}</p> : null}
    </div>
  );
}

/** Which run this is, its outcome, the session's era (NEG-6) and the view's call. */
export function RunOutcomeLine({
  run,
  tag,
  ruleInfo,
}: {
  run: BrowserRun;
  tag: RunTag;
  ruleInfo: RuleInfo;
}) {
  return (
    <p>
      Outcome of run {tag.n}
      {tag.stale ? " (the previous scenario)" : ""}:{" "}
      <strong data-outcome={run.outcome}>{run.outcome}</strong>
      {run.era ? (
        <>
          {" "}
          · session era:{" "}
          <strong data-era={run.era.session}>
            {run.era.session} ({run.era.protocolVersion ?? "unknown version"})
          </strong>{" "}
          <span className="muted">
            — {run.era.client} client, {run.era.server} server,{" "}
            {run.era.source === "pinned" ? "pinned by the client" : "detected by probing"}{" "}
            <RuleLink id="NEG-6" ruleInfo={ruleInfo} />
          </span>
        </>
      ) : null}
      {run.appCall ? (
        <>
          {" "}
          · view&apos;s call: <strong data-app-call={run.appCall}>{run.appCall}</strong>
        </>
      ) : null}
    </p>
  );
}

/** The agent's tool list (TOOL-3) and, when the outcome is text, what the agent gets (OUT-1). */
export function AgentSide({
  run,
  tag,
  ruleInfo,
}: {
  run: BrowserRun | null;
  tag: RunTag | null;
  ruleInfo: RuleInfo;
}) {
  return (
    <div className="sim-outcome">
      <section
        aria-labelledby="agent-tools"
        className="sim-panel"
        data-testid="agent-tools-panel"
        {...(tag ? runAttributes(tag) : {})}
      >
        <h2 id="agent-tools">The agent&apos;s tool list</h2>
        {run && tag ? (
          <>
            <RunLabel tag={tag} />
            <ul data-testid="agent-tools">
              {run.agentTools.map((t) => (
                <li key={`${t.server}:${t.name}`} data-listed={t.listed}>
                  <code>{t.name}</code> ({t.server === "main" ? "view's server" : "second server"}):{" "}
                  {t.listed ? "listed" : "hidden"} <span className="muted">— {t.reason}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">Appears after the run.</p>
        )}
      </section>
      {run?.outcome === "text" && run.toolResult && tag ? (
        <section aria-labelledby="fallback" className="sim-panel" {...runAttributes(tag)}>
          <h2 id="fallback">What the agent receives instead</h2>
          <RunLabel tag={tag} />
          <pre data-testid="text-fallback" tabIndex={0}>
            {JSON.stringify(run.toolResult.content, null, 2)}
          </pre>
          <p className="muted">
            The tool&apos;s text content, as for any tool without a view{" "}
            <RuleLink id="OUT-1" ruleInfo={ruleInfo} />.
          </p>
        </section>
      ) : null}
    </div>
  );
}
