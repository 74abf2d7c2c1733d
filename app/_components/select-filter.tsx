"use client";

import { useEffect, useRef } from "react";

/** One select of a filter: its URL parameter, its label, and the values it offers. */
export interface FilterField {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/**
 * A filter over server-rendered content: one select per field, "Show all", and a status line that
 * says how many `unit` are shown. The choice is kept in the address (`?host=basic-host`), so a
 * filtered page can be shared; a value the page does not offer is ignored. `show` hides what does
 * not match (a value per field key, "" for any) in the DOM the server rendered, and says how many
 * are shown, so the content itself ships no JavaScript.
 */
export function SelectFilter({
  fields,
  total,
  unit,
  className,
  label,
  show,
}: {
  fields: readonly FilterField[];
  total: number;
  /** What is counted, in the plural: "cells", "requirements". */
  unit: string;
  className: string;
  /** The form's accessible name. */
  label: string;
  show: (wanted: Readonly<Record<string, string>>) => number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  const apply = (writeUrl: boolean) => {
    const f = form.current;
    if (!f) return;
    const wanted = Object.fromEntries(
      fields.map(({ key }) => [key, (f.elements.namedItem(key) as HTMLSelectElement).value]),
    );
    const shown = show(wanted);
    if (status.current) {
      status.current.textContent =
        shown === total ? `Showing all ${total} ${unit}` : `Showing ${shown} of ${total} ${unit}`;
    }
    if (writeUrl) {
      const params = new URLSearchParams(location.search);
      for (const { key } of fields) {
        if (wanted[key]) params.set(key, wanted[key]);
        else params.delete(key);
      }
      const query = params.toString();
      history.replaceState(
        history.state,
        "",
        `${location.pathname}${query ? `?${query}` : ""}${location.hash}`,
      );
    }
  };

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const f = form.current;
    if (!f) return;
    for (const { key, options } of fields) {
      const v = params.get(key);
      const select = f.elements.namedItem(key) as HTMLSelectElement;
      if (v && options.some((o) => o.value === v)) select.value = v;
    }
    apply(false);
    // Runs once: the options and the content come from the server and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      ref={form}
      className={className}
      aria-label={label}
      onChange={() => apply(true)}
      onSubmit={(e) => e.preventDefault()}
    >
      {fields.map((field) => (
        <label key={field.key}>
          {field.label}{" "}
          <select name={field.key} defaultValue="" data-testid={`filter-${field.key}`}>
            <option value="">All</option>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button
        type="button"
        onClick={() => {
          form.current?.reset();
          apply(true);
        }}
      >
        Show all
      </button>
      <p ref={status} role="status" className="muted" data-testid="filter-status">
        Showing all {total} {unit}
      </p>
    </form>
  );
}
