import { useId, useState, type ReactNode } from "react";
import type { Scenario } from "@/lib/simulator/scenario";

// The scenario form's building blocks: a titled group, a JSON field and a list of lines, and the
// props every group of fields takes.

type Update = (fn: (s: Scenario) => Scenario) => void;

export type GroupProps = { scenario: Scenario; update: Update };

export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="sim-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A textarea that holds JSON; shows its own parse error and only reports valid values. */
export function JsonField({
  label,
  value,
  onChange,
  allowEmpty,
}: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  allowEmpty?: boolean;
}) {
  const [text, setText] = useState(() =>
    value === undefined ? "" : JSON.stringify(value, null, 2),
  );
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <div className="sim-json-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (allowEmpty && e.target.value.trim() === "") {
            setError(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(e.target.value));
            setError(null);
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Lines({
  label,
  values,
  onChange,
  picks,
}: {
  label: string;
  values: readonly string[];
  onChange: (v: string[]) => void;
  picks?: readonly string[];
}) {
  const id = useId();
  return (
    <div className="sim-lines">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        spellCheck={false}
        value={values.join("\n")}
        onChange={(e) =>
          onChange(
            e.target.value
              .split("\n")
              .map((x) => x.trim())
              .filter(Boolean),
          )
        }
      />
      {picks ? (
        <div className="sim-picks" aria-label={`Quick picks for ${label}`}>
          {picks.map((p) => (
            <button
              key={p}
              type="button"
              className="secondary small"
              disabled={values.includes(p)}
              onClick={() => onChange([...values, p])}
            >
              + {p.replace(":{port}", "").replace("http://", "")}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
