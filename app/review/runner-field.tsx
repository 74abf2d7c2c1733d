"use client";

import { visibleText } from "@/lib/host/visible-text";
import { optionValue, WHOLE_FIELD, type FormField } from "@/lib/review/input-form";

/** One argument of the tool, as a labelled control with its hint and its error. */
export function Field({
  field: f,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField;
  id: string;
  value: string | boolean | undefined;
  error?: string;
  onChange: (v: string | boolean) => void;
}) {
  const hint = `${id}-hint`;
  // Names, titles and descriptions are the server's: their hidden characters are shown.
  const label = f.name === WHOLE_FIELD ? "Arguments (JSON object)" : visibleText(f.title ?? f.name);
  const described = [f.description ? hint : null, error ? `${id}-err` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-required": f.required || undefined,
    "aria-describedby": described || undefined,
  };
  const text = typeof value === "string" ? value : "";
  let control;
  switch (f.kind) {
    case "boolean":
      control = (
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
      break;
    case "enum":
      control = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {!f.required || f.default === undefined ? <option value="">(not set)</option> : null}
          {f.options.map((o) => (
            <option key={optionValue(o)} value={optionValue(o)}>
              {String(o)}
            </option>
          ))}
        </select>
      );
      break;
    case "number":
    case "integer":
      control = (
        <input
          type="text"
          inputMode={f.kind === "integer" ? "numeric" : "decimal"}
          {...common}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case "string":
      control = f.multiline ? (
        <textarea rows={2} {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type="text" {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case "string-array":
      control = (
        <textarea rows={3} {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    default:
      control = (
        <textarea
          rows={4}
          className="runner-json"
          {...common}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <div className="runner-field" data-field={visibleText(f.name)}>
      <label htmlFor={id}>
        {label}
        {f.required ? <span className="runner-required"> (required)</span> : null}
        {f.kind === "string-array" ? <span className="muted"> (one per line)</span> : null}
        {f.kind === "json" ? <span className="muted"> (JSON)</span> : null}
      </label>
      {control}
      {f.description ? (
        <span id={hint} className="muted runner-hint">
          {visibleText(f.description)}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-err`} className="runner-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
