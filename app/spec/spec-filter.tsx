"use client";

import { useEffect, useRef } from "react";

type Key = "party" | "keyword" | "area";
const KEYS: readonly Key[] = ["party", "keyword", "area"];
const LABELS: Record<Key, string> = { party: "Party", keyword: "Keyword", area: "Area" };

/**
 * The /spec table's filter: three selects that hide the rows (server-rendered, each with
 * `data-party`, `data-keyword` and `data-area`) that do not match, and say how many are shown.
 * The choice is kept in the address (`?party=host&keyword=MUST`), so a filtered view can be shared.
 * Works on the DOM the server rendered, so the table itself ships no JavaScript.
 */
export function SpecFilter({
  tableId,
  options,
  total,
}: {
  tableId: string;
  options: Record<Key, readonly string[]>;
  total: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  const apply = (writeUrl: boolean) => {
    const f = form.current;
    if (!f) return;
    const wanted = Object.fromEntries(
      KEYS.map((k) => [k, (f.elements.namedItem(k) as HTMLSelectElement).value]),
    ) as Record<Key, string>;
    let shown = 0;
    for (const row of document.querySelectorAll<HTMLTableRowElement>(
      `#${tableId} tbody tr[data-entry]`,
    )) {
      const match = KEYS.every((k) => !wanted[k] || row.dataset[k] === wanted[k]);
      row.hidden = !match;
      if (match) shown++;
    }
    if (status.current) {
      status.current.textContent =
        shown === total
          ? `Showing all ${total} requirements`
          : `Showing ${shown} of ${total} requirements`;
    }
    if (writeUrl) {
      const params = new URLSearchParams(location.search);
      for (const k of KEYS) {
        if (wanted[k]) params.set(k, wanted[k]);
        else params.delete(k);
      }
      const query = params.toString();
      history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}`);
    }
  };

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const f = form.current;
    if (!f) return;
    for (const k of KEYS) {
      const v = params.get(k);
      const select = f.elements.namedItem(k) as HTMLSelectElement;
      if (v && options[k].includes(v)) select.value = v;
    }
    apply(false);
    // Runs once: the options and the table come from the server and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      ref={form}
      className="spec-filter"
      aria-label="Filter the requirements"
      onChange={() => apply(true)}
      onSubmit={(e) => e.preventDefault()}
    >
      {KEYS.map((k) => (
        <label key={k}>
          {LABELS[k]}{" "}
          <select name={k} defaultValue="" data-testid={`filter-${k}`}>
            <option value="">All</option>
            {options[k].map((v) => (
              <option key={v} value={v}>
                {v}
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
        Showing all {total} requirements
      </p>
    </form>
  );
}
