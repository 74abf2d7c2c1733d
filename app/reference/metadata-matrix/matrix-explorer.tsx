"use client";

import Link from "@/app/_components/link";
import { useId, useState } from "react";
import {
  filterMatrix,
  LOCATION_INFO,
  MATRIX_LOCATIONS,
  STABILITY_INFO,
  type MatrixField,
  type MatrixLocation,
} from "@/lib/lessons/matrix-fields";
import { InlineCode } from "../../_components/inline-code";
import { RuleRef } from "../../_components/rule-ref";
import { simulatorHref } from "../../_components/widgets/try-it";

export interface MatrixRow extends MatrixField {
  lessonTitle: string;
  sectionTitle: string;
}

/** The matrix fields as a table, filterable by location and searchable by any word or rule ID. */
export function MatrixExplorer({ rows }: { rows: readonly MatrixRow[] }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [locations, setLocations] = useState<ReadonlySet<MatrixLocation>>(
    () => new Set(MATRIX_LOCATIONS),
  );
  const shown = filterMatrix(rows, query, locations);
  const toggle = (loc: MatrixLocation, on: boolean) => {
    const next = new Set(locations);
    if (on) next.add(loc);
    else next.delete(loc);
    setLocations(next);
  };

  return (
    <section aria-label="Metadata fields" data-testid="matrix">
      <div className="matrix-filters">
        <label className="stacked" htmlFor={`${id}-q`}>
          Search fields
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            placeholder="e.g. connect, CSP-4, clipboard"
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <fieldset>
          <legend>Location</legend>
          {MATRIX_LOCATIONS.map((loc) => (
            <label key={loc}>
              <input
                type="checkbox"
                data-location={loc}
                checked={locations.has(loc)}
                onChange={(e) => toggle(loc, e.target.checked)}
              />{" "}
              {LOCATION_INFO[loc].label}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="muted" aria-live="polite" data-testid="matrix-count">
        Showing {shown.length} of {rows.length} fields.
      </p>
      <div className="table-scroll">
        <table className="matrix-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Location</th>
              <th scope="col">What it is</th>
              <th scope="col">Explained in</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr key={f.id} id={f.id} data-field={f.field}>
                <th scope="row">
                  <code>{f.field}</code>
                </th>
                <td>
                  <span className="location-badge" title={LOCATION_INFO[f.location].detail}>
                    {LOCATION_INFO[f.location].label}
                  </span>
                </td>
                <td>
                  <p>
                    <InlineCode text={f.meaning} />
                  </p>
                  <p>
                    <InlineCode text={f.notes} />
                  </p>
                  <p className="muted">{STABILITY_INFO[f.stability]}</p>
                </td>
                <td>
                  <p>
                    <Link href={`/lessons/${f.lesson}#${f.section}`}>
                      {f.lessonTitle}: {f.sectionTitle}
                    </Link>
                  </p>
                  <p>
                    {f.rules.map((r) => (
                      <span key={r}>
                        <RuleRef id={r} />{" "}
                      </span>
                    ))}
                  </p>
                  {f.scenario ? (
                    <p>
                      <Link href={simulatorHref(f.scenario)} prefetch={false}>
                        Simulate: {f.scenario}
                      </Link>
                    </p>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
