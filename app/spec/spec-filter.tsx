"use client";

import { SelectFilter } from "@/app/_components/select-filter";

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
  return (
    <SelectFilter
      className="spec-filter"
      label="Filter the requirements"
      unit="requirements"
      total={total}
      fields={KEYS.map((k) => ({
        key: k,
        label: LABELS[k],
        options: options[k].map((v) => ({ value: v, label: v })),
      }))}
      show={(wanted) => {
        let shown = 0;
        for (const row of document.querySelectorAll<HTMLTableRowElement>(
          `#${tableId} tbody tr[data-entry]`,
        )) {
          const match = KEYS.every((k) => !wanted[k] || row.dataset[k] === wanted[k]);
          row.hidden = !match;
          if (match) shown++;
        }
        return shown;
      }}
    />
  );
}
