"use client";

import { useId, useState } from "react";
import {
  WALKER_APPROVED_ORIGIN,
  WALKER_DEFAULTS,
  WALKER_OPTIONS,
  WALKER_ROWS,
  walkerInputs,
  type WalkerSettings,
} from "@/lib/lessons/walker";
import { decide } from "@/lib/decide";
import { RuleRef } from "../rule-ref";
import { HostPolicyNote } from "./verdict";

const ROW_LABELS: Record<string, string> = Object.fromEntries(
  WALKER_ROWS.map((r) => [r.row, r.label]),
);

const OUTCOMES = {
  rendered: "the host renders the view",
  text: "the host uses the tool's text content",
  "not-called": "the agent never sees the tool, so it is never called",
  "not-connected": "client and server share no protocol era, so no session opens",
} as const;

type Key = keyof WalkerSettings;

const CONTROLS: { key: Key; label: string; policy?: string }[] = [
  { key: "client", label: "The client, on this request," },
  { key: "server", label: "The server" },
  { key: "visibility", label: "UI tool's _meta.ui.visibility" },
  { key: "mime", label: "The read's content item mimeType" },
  { key: "csp", label: "The resource's csp" },
  { key: "outOfPolicy", label: "On a refused origin, this host", policy: "CSP-5" },
  { key: "permissions", label: "The resource's permissions" },
  { key: "appCall", label: "Once rendered, the view" },
  { key: "consent", label: "The host's consent to that call", policy: "BRG-5" },
];

/**
 * Toggle what a host observes and watch the six rows of the decision table, as the simulator's
 * own `decide()` evaluates them: in the host's order, with later rows skipped once one is moot.
 */
export function DecisionWalker() {
  const id = useId();
  const [settings, setSettings] = useState<WalkerSettings>(WALKER_DEFAULTS);
  const decision = decide(walkerInputs(settings));
  const set = <K extends Key>(key: K, value: WalkerSettings[K]) =>
    setSettings((s) => ({ ...s, [key]: value }));

  return (
    <section className="widget" aria-label="Decision table walker" data-widget="decision-walker">
      <div className="walker-controls">
        {CONTROLS.map(({ key, label, policy }) => (
          <div key={key} className="stacked">
            <label htmlFor={`${id}-${key}`}>
              {label}
              {policy ? (
                <>
                  {" "}
                  <HostPolicyNote rule={policy} />
                </>
              ) : null}
            </label>
            <select
              id={`${id}-${key}`}
              data-setting={key}
              value={settings[key]}
              onChange={(e) => set(key, e.target.value as WalkerSettings[typeof key])}
            >
              {Object.entries(WALKER_OPTIONS[key]).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p className="muted">
          <button type="button" className="secondary" onClick={() => setSettings(WALKER_DEFAULTS)}>
            Reset to the happy path
          </button>{" "}
          This host approves only <code>{WALKER_APPROVED_ORIGIN}</code> and grants only{" "}
          <code>clipboardWrite</code>.
        </p>
      </div>
      <div className="table-scroll" aria-live="polite">
        <table>
          <caption className="visually-hidden">The six rows, as decide() evaluates them</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Verdict</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {decision.rows.map((r) => (
              <tr key={r.row} data-row={r.row}>
                <th scope="row">{ROW_LABELS[r.row] ?? r.row}</th>
                <td>
                  <strong className="verdict-badge" data-verdict={r.verdict}>
                    {r.verdict}
                  </strong>
                </td>
                <td>
                  {r.reason}{" "}
                  {r.ruleIds.map((rule) => (
                    <span key={rule}>
                      <RuleRef id={rule} />{" "}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="walker-outcome" data-outcome={decision.outcome}>
        <strong>Outcome:</strong> {OUTCOMES[decision.outcome]}
        {decision.appCall
          ? decision.appCall.forward
            ? "; the view's call is forwarded to the server as an ordinary tools/call"
            : "; the view's call is refused and nothing reaches the server"
          : ""}
        .
      </p>
    </section>
  );
}
