"use client";

import { ROWS, RUN_OUTCOMES as OUTCOMES, type RowName } from "@/lib/simulator/constants";
import type { Decision } from "@/lib/decide";
import { refusalLabel } from "@/lib/decide/types";
import { PREDICT_CHOICES, isRowPredictionRight } from "./predict-grade";

export interface Predictions {
  /** Each row's guess, in the words the decision table prints (PREDICT_CHOICES). */
  rows: Partial<Record<RowName, string>>;
  outcome: string | undefined;
}

/** Predict every row and the outcome before running; afterwards each guess is graded. */
export function Prediction({
  enabled,
  onToggle,
  predictions,
  onChange,
  graded,
  complete,
  decision,
  outcome,
}: {
  enabled: boolean;
  onToggle: (on: boolean) => void;
  predictions: Predictions;
  onChange: (p: Predictions) => void;
  graded: Predictions | null;
  /** Every row and the outcome have a guess: only then can the prediction be graded. */
  complete: boolean;
  decision?: Decision;
  outcome?: string;
}) {
  return (
    <section aria-labelledby="predict" className="sim-panel" data-testid="prediction">
      <h2 id="predict">Predict, then run</h2>
      <label>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => onToggle(e.target.checked)}
          data-testid="predict-toggle"
        />{" "}
        Let me predict the host&apos;s decision before it runs
      </label>
      {enabled ? (
        <div className="sim-predict">
          {ROWS.map((row) => {
            const actual = decision?.rows.find((r) => r.row === row);
            const guess = graded?.rows[row];
            const right = graded && actual ? isRowPredictionRight(guess, actual) : undefined;
            return (
              <fieldset
                key={row}
                data-predict-row={row}
                data-graded={right === undefined ? undefined : right ? "right" : "wrong"}
              >
                <legend>
                  <code>{row}</code>
                </legend>
                {PREDICT_CHOICES.map((v) => (
                  <label key={v}>
                    <input
                      type="radio"
                      name={`predict-${row}`}
                      value={v}
                      checked={predictions.rows[row] === v}
                      disabled={!!graded}
                      onChange={() =>
                        onChange({ ...predictions, rows: { ...predictions.rows, [row]: v } })
                      }
                    />{" "}
                    {v}
                  </label>
                ))}
                {graded && actual ? (
                  <p className={right ? "verdict-pass" : "verdict-fail"}>
                    {right ? "Right" : `Wrong: it was ${refusalLabel(actual)}`} — {actual.reason}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          <fieldset
            data-predict-row="outcome"
            data-graded={
              graded && outcome ? (graded.outcome === outcome ? "right" : "wrong") : undefined
            }
          >
            <legend>Outcome</legend>
            {OUTCOMES.map((o) => (
              <label key={o}>
                <input
                  type="radio"
                  name="predict-outcome"
                  value={o}
                  checked={predictions.outcome === o}
                  disabled={!!graded}
                  onChange={() => onChange({ ...predictions, outcome: o })}
                />{" "}
                {o}
              </label>
            ))}
            {graded && outcome ? (
              <p className={graded.outcome === outcome ? "verdict-pass" : "verdict-fail"}>
                {graded.outcome === outcome ? "Right" : `Wrong: it was ${outcome}`}
              </p>
            ) : null}
          </fieldset>
          {!graded && !complete ? (
            <p className="muted" data-testid="prediction-incomplete">
              Predict every row and the outcome to run and grade:{" "}
              {ROWS.filter((r) => predictions.rows[r]).length + (predictions.outcome ? 1 : 0)} of{" "}
              {ROWS.length + 1} chosen.
            </p>
          ) : null}
          {graded ? (
            <button
              type="button"
              className="secondary"
              onClick={() => onChange({ rows: {}, outcome: undefined })}
            >
              Clear my prediction
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
