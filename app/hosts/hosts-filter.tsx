"use client";

import { SelectFilter } from "@/app/_components/select-filter";

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
  return (
    <SelectFilter
      className="hosts-filter"
      label="Filter the grid"
      unit="cells"
      total={total}
      fields={[
        {
          key: "requirement",
          label: "Requirement",
          options: requirements.map((id) => ({ value: id, label: id })),
        },
        { key: "host", label: "Host", options: hosts.map((h) => ({ value: h.id, label: h.name })) },
      ]}
      show={(wanted) => {
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
        return shown;
      }}
    />
  );
}
