"use client";

import Link from "next/link";
import { useState } from "react";
import { arrowOf, describeEntry, LANES } from "@/lib/simulator/explain";
import type { BrowserRun } from "@/lib/simulator/browser/run-in-browser";
import type { Decision, Verdict } from "@/lib/simulator/rules";
import type { TraceEntry } from "@/lib/simulator/trace";
import { getRule } from "@/lib/rules";

/** A rule citation linking to the lesson that teaches it (or the rules page). */
export function RuleLink({ id, lessonFor }: { id: string; lessonFor: Record<string, string> }) {
  const rule = getRule(id);
  const slug = lessonFor[id];
  return (
    <Link
      className="rule-ref"
      href={slug ? `/lessons/${slug}` : `/rules#${id}`}
      title={`${rule.title}${slug ? " — open the lesson" : ""}`}
    >
      {id}
    </Link>
  );
}

export function DecisionTable({
  decision,
  pending,
  lessonFor,
}: {
  decision: Decision;
  pending: boolean;
  lessonFor: Record<string, string>;
}) {
  return (
    <div className="table-scroll">
      <table data-testid="decision-table" aria-busy={pending}>
        <caption className="visually-hidden">The host&apos;s decision table</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Verdict</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {decision.rows.map((r: Verdict) => (
            <tr key={r.row} data-row={r.row} data-verdict={r.verdict}>
              <th scope="row">
                <code>{r.row}</code>
              </th>
              <td className={`verdict-${r.verdict}`}>{r.verdict}</td>
              <td>
                {r.reason}{" "}
                {r.ruleIds.map((id) => (
                  <RuleLink key={id} id={id} lessonFor={lessonFor} />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** CSP-3, CSP-6: what the resource asked for, the exact header sent, and what Chromium blocked. */
export function CspPanel({ run, requested }: { run: BrowserRun; requested: unknown }) {
  const refused = run.decision?.csp?.refused ?? [];
  return (
    <section aria-labelledby="csp-panel" className="sim-panel" data-testid="csp-panel">
      <h2 id="csp-panel">CSP</h2>
      <h3>Requested</h3>
      <pre tabIndex={0}>
        {requested === undefined ? "(no csp declared)" : JSON.stringify(requested, null, 2)}
      </pre>
      {refused.length ? (
        <ul>
          {refused.map((r, i) => (
            <li key={i}>
              Refused <code>{JSON.stringify(r.value)}</code> in <code>{r.key}</code>: {r.detail}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Effective (the header sent with the proxy)</h3>
      {run.cspHeader ? (
        <code data-testid="csp-header" className="sim-header">
          {run.cspHeader}
        </code>
      ) : (
        <p className="muted">No view was rendered, so no policy was sent.</p>
      )}
      <h3>Observed (reported by the proxy; not part of MCP Apps)</h3>
      {run.violations.length ? (
        <ul data-testid="violations">
          {run.violations.map((v, i) => (
            <li key={i}>
              <code>{String(v.directive)}</code> blocked <code>{String(v.blockedURI)}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No violation yet. Try the view&apos;s fetch and image buttons.</p>
      )}
    </section>
  );
}

const LANE_LABELS: Record<string, string> = {
  server: "Server",
  host: "Host",
  proxy: "Sandbox proxy",
  view: "View",
};

/** The message sequence: one row per message, as an arrow between lanes, with a step mode. */
export function Sequence({ trace }: { trace: TraceEntry[] }) {
  const [stepping, setStepping] = useState(false);
  const [shown, setShown] = useState(1);
  const [selected, setSelected] = useState<TraceEntry | null>(null);
  const visible = stepping ? trace.slice(0, shown) : trace;
  const last = visible[visible.length - 1];
  return (
    <section aria-labelledby="sequence" className="sim-panel">
      <h2 id="sequence">Message sequence</h2>
      <p>
        <label>
          <input
            type="checkbox"
            checked={stepping}
            onChange={(e) => {
              setStepping(e.target.checked);
              setShown(1);
            }}
          />{" "}
          Step through one message at a time
        </label>{" "}
        {stepping ? (
          <>
            <button
              type="button"
              onClick={() => setShown((n) => Math.min(trace.length, n + 1))}
              disabled={shown >= trace.length}
              data-testid="step-next"
            >
              Next message ({shown}/{trace.length})
            </button>{" "}
            <button type="button" className="secondary" onClick={() => setShown(1)}>
              Start over
            </button>
          </>
        ) : null}
      </p>
      {stepping && last ? (
        <p className="sim-step" aria-live="polite" data-testid="step-sentence">
          {describeEntry(last)}
        </p>
      ) : null}
      <div className="sim-lanes" aria-hidden="true">
        {LANES.map((l) => (
          <span key={l}>{LANE_LABELS[l]}</span>
        ))}
      </div>
      <ol
        className="trace sim-sequence"
        data-testid="trace"
        tabIndex={0}
        aria-label="Message trace"
      >
        {visible.map((e) => {
          const a = arrowOf(e);
          const from = LANES.indexOf(a.from as (typeof LANES)[number]);
          const to = LANES.indexOf(a.to as (typeof LANES)[number]);
          const left = Math.min(from < 0 ? 0 : from, to < 0 ? 0 : to);
          const right = Math.max(from, to);
          return (
            <li
              key={e.seq}
              data-status={e.status}
              data-channel={e.channel}
              data-from={e.from}
              data-to={e.to}
              data-kind={e.kind}
              data-method={e.method}
            >
              <button
                type="button"
                className="sim-arrow"
                aria-pressed={selected?.seq === e.seq}
                onClick={() => setSelected(selected?.seq === e.seq ? null : e)}
                style={
                  {
                    "--from": left,
                    "--span": Math.max(1, right - left + (from === to ? 1 : 0)),
                    "--dir": from <= to ? 1 : -1,
                  } as React.CSSProperties
                }
              >
                <span className="sim-arrow-label">
                  {from > to ? "← " : ""}
                  {e.method ?? e.note ?? e.kind}
                  {from <= to ? " →" : ""}{" "}
                  <span className="muted">
                    {e.status !== "delivered" ? e.status : a.relayed ? "via proxy" : ""}
                  </span>
                </span>
                <span className="visually-hidden">
                  {e.from} to {e.to}, {e.kind}, {e.status}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {selected ? (
        <div className="sim-json" data-testid="message-json">
          <h3>
            Message {selected.seq}: {selected.method ?? selected.kind} ({selected.from} →{" "}
            {selected.to})
          </h3>
          <p>{describeEntry(selected)}</p>
          <pre tabIndex={0}>
            {JSON.stringify(selected.message ?? { note: selected.note }, null, 2)}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
