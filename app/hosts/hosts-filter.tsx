"use client";

import { useEffect, useRef } from "react";

type Key = "requirement" | "host";
const KEYS: readonly Key[] = ["requirement", "host"];

/**
 * The /hosts grid's filter: two selects that hide the requirements (server-rendered sections with
 * `data-entry`) and the host rows (`data-host`) that do not match, and say how many cells are
 * shown. The choice is kept in the address (`?host=basic-host`), so a filtered grid can be shared.
 * It works on the DOM the server rendered; without scripts it stays hidden (CSS, `:root[data-js]`)
 * and the page's jump list and host pages do the same job.
 */
export function HostsFilter({
  gridId,
  requirements,
  hosts,
  total,
}: {
  gridId: string;
  requirements: readonly string[];
  hosts: readonly { id: string; name: string }[];
  total: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const options: Record<Key, readonly string[]> = {
    requirement: requirements,
    host: hosts.map((h) => h.id),
  };

  const apply = (writeUrl: boolean) => {
    const f = form.current;
    if (!f) return;
    const wanted = Object.fromEntries(
      KEYS.map((k) => [k, (f.elements.namedItem(k) as HTMLSelectElement).value]),
    ) as Record<Key, string>;
    let shown = 0;
    for (const section of document.querySelectorAll<HTMLElement>(`#${gridId} [data-entry]`)) {
      let rows = 0;
      for (const row of section.querySelectorAll<HTMLTableRowElement>("tr[data-host]")) {
        row.hidden = !!wanted.host && row.dataset.host !== wanted.host;
        if (!row.hidden) rows++;
      }
      const match =
        (!wanted.requirement || section.dataset.entry === wanted.requirement) && rows > 0;
      section.hidden = !match;
      if (match) shown += rows;
    }
    if (status.current) {
      status.current.textContent =
        shown === total ? `Showing all ${total} cells` : `Showing ${shown} of ${total} cells`;
    }
    if (writeUrl) {
      const params = new URLSearchParams(location.search);
      for (const k of KEYS) {
        if (wanted[k]) params.set(k, wanted[k]);
        else params.delete(k);
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
    for (const k of KEYS) {
      const v = params.get(k);
      const select = f.elements.namedItem(k) as HTMLSelectElement;
      if (v && options[k].includes(v)) select.value = v;
    }
    apply(false);
    // Runs once: the options and the grid come from the server and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      ref={form}
      className="hosts-filter"
      aria-label="Filter the grid"
      onChange={() => apply(true)}
      onSubmit={(e) => e.preventDefault()}
    >
      <label>
        Requirement{" "}
        <select name="requirement" defaultValue="" data-testid="filter-requirement">
          <option value="">All</option>
          {requirements.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Host{" "}
        <select name="host" defaultValue="" data-testid="filter-host">
          <option value="">All</option>
          {hosts.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
      </label>
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
        Showing all {total} cells
      </p>
    </form>
  );
}
