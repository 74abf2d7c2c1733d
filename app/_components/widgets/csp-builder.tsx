"use client";

import { useId, useState } from "react";
import { CSP_KEYS, type CspKey } from "@/lib/simulator/constants";
import { decideCsp, type OutOfPolicy } from "@/lib/decide/csp";
import { RuleRef } from "../rule-ref";
import { HostPolicyNote, VerdictLine } from "./verdict";

/** One origin per line; blank lines are ignored, nothing else is cleaned up. */
function lines(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

const START: Record<CspKey, string> = {
  connectDomains: "https://api.tides.example",
  resourceDomains: "https://cdn.tides.example",
  frameDomains: "",
  baseUriDomains: "",
};
const APPROVED = "https://api.tides.example\nhttps://cdn.tides.example\nhttps://*.maps.example";
const CSP_INJECTION = "https://a.com; script-src *";

/**
 * Declare origins per list and see the exact Content-Security-Policy header the simulator's host
 * would serve the view with. The verdict and header come from `decideCsp` itself, so the widget
 * shows what the simulator decides, injection refusals included.
 */
export function CspBuilder() {
  const id = useId();
  const [declared, setDeclared] = useState(true);
  const [lists, setLists] = useState(START);
  const [approved, setApproved] = useState(APPROVED);
  const [outOfPolicy, setOutOfPolicy] = useState<OutOfPolicy>("text");

  const csp = Object.fromEntries(
    CSP_KEYS.map((k) => [k, lines(lists[k])]).filter(([, v]) => v!.length > 0),
  );
  const decision = decideCsp(declared, csp, { approvedOrigins: lines(approved), outOfPolicy });
  const snippet = JSON.stringify(declared ? { ui: { csp } } : { ui: {} }, null, 2);

  return (
    <section className="widget" aria-label="CSP builder" data-widget="csp-builder">
      <fieldset>
        <legend>
          <code>_meta.ui.csp</code> on the resource
        </legend>
        <label>
          <input
            type="radio"
            name={`${id}-declared`}
            checked={declared}
            onChange={() => setDeclared(true)}
          />{" "}
          declared (an object of lists)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-declared`}
            checked={!declared}
            onChange={() => setDeclared(false)}
          />{" "}
          left out
        </label>
      </fieldset>
      {/* One hint for all four lists: repeated in each label it wrapped on some and not others,
          so the boxes of a row no longer lined up. */}
      <p className="muted">Each list: one origin per line.</p>
      <div className="widget-grid">
        {CSP_KEYS.map((k) => (
          <label key={k} className="stacked">
            <span>
              <code>{k}</code>
            </span>
            <textarea
              rows={2}
              spellCheck={false}
              disabled={!declared}
              value={lists[k]}
              data-list={k}
              onChange={(e) => setLists({ ...lists, [k]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <p>
        <button
          type="button"
          className="secondary"
          disabled={!declared}
          onClick={() =>
            setLists({
              ...lists,
              connectDomains: `${lists.connectDomains}\n${CSP_INJECTION}`.trim(),
            })
          }
        >
          Try an injection
        </button>{" "}
        <span className="muted">
          adds <code>{CSP_INJECTION}</code> to <code>connectDomains</code>
        </span>
      </p>
      <fieldset className="host-settings one-per-line">
        <legend>
          This host&apos;s own policy: <HostPolicyNote rule="CSP-5" />
        </legend>
        <label className="stacked">
          <span>
            Origins the host approves (a leading <code>*.</code> approves subdomains)
          </span>
          <textarea
            rows={3}
            spellCheck={false}
            value={approved}
            onChange={(e) => setApproved(e.target.value)}
          />
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-oop`}
            checked={outOfPolicy === "text"}
            onChange={() => setOutOfPolicy("text")}
          />{" "}
          when an origin is refused, fall back to text
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-oop`}
            checked={outOfPolicy === "subset"}
            onChange={() => setOutOfPolicy("subset")}
          />{" "}
          render with the approved origins only
        </label>
      </fieldset>

      <div aria-live="polite">
        <VerdictLine decision={decision} testId="csp-verdict" />
        {decision.refused.length > 0 && (
          <ul data-testid="csp-refused">
            {decision.refused.map((r, i) => (
              <li key={i}>
                <code>{r.key}</code>: {r.detail}{" "}
                <span className="muted">
                  (
                  {r.why === "out-of-policy"
                    ? "outside host policy"
                    : r.why === "malformed"
                      ? "wrong shape"
                      : "refused before it can reach the header"}
                  )
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* One above the other: side by side, each half was too narrow for the JSON's lines. */}
      <div>
        <div>
          <strong>What the resource declares</strong>
          <pre className="wrap" tabIndex={0}>
            <code>{snippet}</code>
          </pre>
        </div>
        <div>
          <strong>
            <code>Content-Security-Policy</code> the view is served with
          </strong>
          {decision.render ? (
            <pre className="wrap" tabIndex={0} data-testid="csp-header">
              <code>{decision.header}</code>
            </pre>
          ) : (
            <p data-testid="csp-header" data-rendered="false">
              None: this host shows the tool&apos;s text instead of the view.
            </p>
          )}
        </div>
      </div>
      <p className="muted">
        With <code>csp</code> left out the host must use the restrictive default{" "}
        <RuleRef id="CSP-4" />; with it present, even empty, this is the spec&apos;s reference
        construction from the lists <RuleRef id="CSP-2" />, which a host may tighten but never
        loosen <RuleRef id="CSP-3" />.
      </p>
    </section>
  );
}
