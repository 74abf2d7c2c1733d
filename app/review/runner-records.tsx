"use client";

import { useState } from "react";
import type { AppCallRecord, LiveView } from "@/lib/review/live-types";
import type { ReportItem } from "@/lib/review/report";
import { visibleText } from "@/lib/host/visible-text";
import type { TraceEntry } from "@/lib/host/view/trace";
import type { KeptJson } from "@/lib/host/view/kept-copy";
import { isoTime } from "@/lib/dates";

/** Log rows drawn at once (the newest). */
const LOG_ROWS = 300;

/** What the page draws of a session: copies, so React sees each change. */
export interface Snapshot {
  state: LiveView["state"];
  reason?: string;
  initMs?: number;
  failures: LiveView["failures"];
  appCalls: AppCallRecord[];
  tools: LiveView["tools"];
  links: LiveView["links"];
  messages: LiveView["messages"];
  logs: LiveView["logs"];
  log: TraceEntry[];
  toolResult?: LiveView["toolResult"];
  callItems?: LiveView["callItems"];
  /** `performance.now()` at the session's start. */
  startedAt: number;
  cspHeader?: string;
  permissions?: LiveView["permissions"];
}

export function snap(v: LiveView): Snapshot {
  return {
    state: v.state,
    reason: v.reason,
    initMs: v.timings.initMs,
    failures: [...v.failures],
    appCalls: [...v.appCalls],
    tools: v.tools,
    links: [...v.links],
    messages: [...v.messages],
    logs: [...v.logs],
    log: [...v.trace.entries],
    toolResult: v.toolResult,
    callItems: v.callItems,
    startedAt: v.timings.start,
    cspHeader: v.cspHeader,
    permissions: v.permissions,
  };
}

/** States in which a view can still place calls. */
const OBSERVABLE = new Set<LiveView["state"]>(["loading", "initialized", "failed"]);

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function rowText(e: TraceEntry): string {
  return `${e.from} ${e.to} ${e.method ?? ""} ${e.note ?? ""} ${e.status} ${e.kind}`;
}

const STATE_TEXT: Record<LiveView["state"], string> = {
  calling: "Calling the tool…",
  "asking-permissions": "The view requested permissions: waiting for your answer…",
  loading: "Loading the view in the sandbox proxy…",
  initialized: "The view is running.",
  text: "Not rendered.",
  failed: "The view failed.",
  "torn-down": "The view was torn down.",
  closed: "The view is closed.",
};

export const CALL_STATUS: Record<ReportItem["status"], string> = {
  pass: "pass",
  fail: "fail",
  warning: "warning",
  "not-checkable": "not checked here",
};

export function Status({ s }: { s: Snapshot }) {
  return (
    <div className="runner-status" data-testid="runner-status" data-state={s.state}>
      <p role="status">
        {STATE_TEXT[s.state]}
        {s.initMs !== undefined ? ` Initialized in ${s.initMs} ms.` : ""}
        {s.reason ? ` ${s.reason}` : ""}
      </p>
      {s.toolResult ? (
        <details>
          <summary>The tool&apos;s result{s.toolResult.isError ? " (isError: true)" : ""}</summary>
          <pre tabIndex={0} data-testid="tool-result">
            {JSON.stringify(s.toolResult, null, 2).slice(0, 4000)}
          </pre>
        </details>
      ) : null}
      {s.failures.length ? (
        <ul className="runner-failures" data-testid="view-failures">
          {s.failures.map((f, i) => (
            <li key={i} data-kind={f.kind}>
              {f.message} <span className="muted">({f.ruleIds.join(", ")})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CallList({ calls, testId }: { calls: AppCallRecord[]; testId?: string }) {
  if (!calls.length) return <p className="muted">None.</p>;
  return (
    <ul className="runner-calls" data-testid={testId}>
      {calls.map((c, i) => (
        <li key={`${c.at}-${i}`} data-outcome={c.outcome} data-target={visibleText(c.target)}>
          {fmt(c.at)} <code>{visibleText(c.method)}</code> <code>{visibleText(c.target)}</code> —{" "}
          {c.outcome}: {visibleText(c.reason)}
          {c.detail ? ` (${visibleText(c.detail)})` : ""}
        </li>
      ))}
    </ul>
  );
}

function ToolSights({ s }: { s: Snapshot }) {
  const hidden = s.tools.filter((t) => !t.agentListed);
  if (!hidden.length) return null;
  return (
    <p data-testid="hidden-tools">
      Hidden from the agent&apos;s tool list:{" "}
      {hidden.map((t, i) => (
        <span key={t.name}>
          {i ? ", " : ""}
          <code>{visibleText(t.name)}</code>
          {t.appCallable ? " (this view may call it)" : " (no one may call it)"}
        </span>
      ))}
      .
    </p>
  );
}

/** The view's app-initiated calls: an observation window, all of them, and the hidden tools. */
export function AppCalls({
  s,
  observe,
}: {
  s: Snapshot;
  observe: (ms: number) => Promise<AppCallRecord[] | undefined>;
}) {
  const [seconds, setSeconds] = useState("10");
  const [observing, setObserving] = useState<{ until: number } | null>(null);
  const [observed, setObserved] = useState<AppCallRecord[] | null>(null);
  const start = async () => {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n <= 0) return;
    const ms = Math.min(n, 600) * 1000;
    setObserved(null);
    setObserving({ until: Date.now() + ms });
    const calls = await observe(ms);
    if (calls) {
      setObserved(calls);
      setObserving(null);
    }
  };
  return (
    <section aria-label="App-initiated calls" className="runner-block">
      <h4>App-initiated calls</h4>
      <p>
        <label>
          Observe for{" "}
          <input
            type="number"
            min={1}
            max={600}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
            className="runner-seconds"
            data-testid="observe-seconds"
          />{" "}
          seconds
        </label>{" "}
        <button
          type="button"
          className="secondary"
          onClick={() => void start()}
          disabled={!!observing || !OBSERVABLE.has(s.state)}
          data-testid="observe"
        >
          {observing ? "Observing…" : "Observe"}
        </button>
      </p>
      {observing ? (
        <p role="status" className="muted">
          Logging every call the view places until {isoTime(observing.until, true)}.
        </p>
      ) : null}
      {observed ? (
        <div data-testid="observe-results" role="status">
          <p>
            {observed.length} app-initiated call{observed.length === 1 ? "" : "s"} in the window.
          </p>
          <CallList calls={observed} />
        </div>
      ) : null}
      <details>
        <summary>All app-initiated calls ({s.appCalls.length})</summary>
        <CallList calls={s.appCalls} testId="app-calls" />
      </details>
      <ToolSights s={s} />
    </section>
  );
}

/** What the view sent for the reader: links, messages, model context, logs. */
export function ViewRecords({ s }: { s: Snapshot }) {
  if (!s.links.length && !s.messages.length && !s.logs.length) return null;
  return (
    <section aria-label="What the view sent" className="runner-block">
      <h4>What the view sent</h4>
      <ul data-testid="view-records">
        {s.links.map((l) => (
          <li key={`l${l.at}`}>
            {fmt(l.at)} ui/open-link <code>{visibleText(l.url)}</code>: {visibleText(l.reason)}
          </li>
        ))}
        {s.messages.map((m) => (
          <li key={`m${m.at}${m.method}`}>
            {fmt(m.at)} {visibleText(m.method)}: <Kept json={m.params} />
          </li>
        ))}
        {s.logs.map((l, i) => (
          <li key={`g${l.at}-${i}`}>
            {fmt(l.at)} notifications/message ({l.level}): <Kept json={l.data} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The start of a message's JSON as its record kept it (as text), and how much was not kept. */
function Kept({ json }: { json: KeptJson }) {
  return (
    <>
      <code>{visibleText(json.json)}</code>
      {json.more ? (
        <span className="muted"> … and {json.more.toLocaleString("en")} more characters</span>
      ) : null}
    </>
  );
}

/** Every message of the session, with its time, filtered as the reader asks. */
export function MessageLog({ log }: { log: TraceEntry[] }) {
  const [filter, setFilter] = useState("");
  const shown = filter
    ? log.filter((e) => rowText(e).toLowerCase().includes(filter.toLowerCase()))
    : log;
  return (
    <details className="runner-block">
      <summary>Message log ({log.length})</summary>
      <p>
        <label>
          Filter{" "}
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="log-filter"
          />
        </label>
      </p>
      <div className="table-scroll">
        <table className="runner-log" data-testid="message-log">
          <caption className="visually-hidden">Every message, with its time</caption>
          <thead>
            <tr>
              <th scope="col">ms</th>
              <th scope="col">Link</th>
              <th scope="col">What</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(-LOG_ROWS).map((e) => (
              <tr key={e.seq} data-status={e.status}>
                <td>{e.at}</td>
                <td>
                  {e.from} → {e.to}
                </td>
                <td>
                  {e.method ? <code>{e.method}</code> : null}
                  {e.method && e.note ? " " : null}
                  {e.note ?? (e.method ? null : e.kind)}
                </td>
                <td>{e.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
