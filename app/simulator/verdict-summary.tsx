"use client";

import { useLayoutEffect, useRef } from "react";
import { ROWS } from "@/lib/simulator/constants";
import type { Decision } from "@/lib/decide";
import { verdictClass } from "../_components/decision-table";

const JUMPS = [
  ["Table", "sim-table"],
  ["View", "sim-view"],
  ["Sequence", "sim-sequence"],
  ["CSP", "sim-csp"],
] as const;

/**
 * The six rows' verdicts and the outcome in one sticky strip, so on a phone the effect of a toggle
 * is visible next to the toggle; with jumps to the table, the view, the sequence and the CSP.
 * It shows the decision it is given and decides nothing.
 */
export function VerdictSummary({
  decision,
  outcome,
  confirmed,
  hidden,
  running,
  onJump,
}: {
  decision: Decision;
  outcome: string;
  /** True once the real run has confirmed the table; until then it is the instant preview. */
  confirmed: boolean;
  /** While predicting: the verdicts are not shown. */
  hidden: boolean;
  running: boolean;
  /** Brings the element with this id into sight (on a narrow screen, by choosing its tab). */
  onJump(id: string): void;
}) {
  const strip = useRef<HTMLElement>(null);
  // Its height, for what sticks below it (the sequence's lane names).
  useLayoutEffect(() => {
    const el = strip.current;
    const page = el?.parentElement;
    if (!el || !page) return;
    const observer = new ResizeObserver(() =>
      page.style.setProperty("--sim-summary-h", `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section
      ref={strip}
      className="sim-summary"
      data-testid="verdict-summary"
      aria-label="Verdicts at a glance"
    >
      <ul>
        {ROWS.map((row) => {
          const r = decision.rows.find((x) => x.row === row);
          const v = r?.verdict;
          // An intended refusal is "refused" here too (the table says whose rule it follows).
          const shown = r?.verdict === "fail" && r.refusal ? "refused" : v;
          return (
            <li key={row} data-summary-row={row} data-verdict={hidden ? "hidden" : v}>
              <code>{row}</code>{" "}
              <span className={hidden ? "muted" : r ? verdictClass(r) : undefined}>
                {hidden ? "?" : shown}
              </span>
            </li>
          );
        })}
        <li data-summary-outcome={hidden ? "hidden" : outcome}>
          outcome <strong>{hidden ? "?" : outcome}</strong>
          {!hidden && !confirmed ? (
            <span className="muted"> {running ? "(running…)" : "(preview)"}</span>
          ) : null}
        </li>
      </ul>
      <nav aria-label="Jump to">
        {JUMPS.map(([label, id]) => (
          <button key={id} type="button" className="linklike" onClick={() => onJump(id)}>
            {label}
          </button>
        ))}
      </nav>
    </section>
  );
}
