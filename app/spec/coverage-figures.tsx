import type { FigureRow } from "@/lib/content/spec-coverage";
import { PARTY_LABEL } from "./party-labels";

/** One coverage table: a row per party (or keyword) with how many of its entries are covered how. */
export function CoverageFigures({
  rows,
  caption,
  id,
  by,
}: {
  rows: FigureRow[];
  caption: string;
  id: string;
  /** What each row is: the first column's heading (axe: a header cell needs text). */
  by: string;
}) {
  return (
    <>
      <h3 id={id} className="spec-figures-title">
        {caption}
      </h3>
      <div className="table-scroll spec-figures" role="region" aria-labelledby={id} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{by}</th>
              <th scope="col">Entries</th>
              <th scope="col">With a rule</th>
              <th scope="col">Taught</th>
              <th scope="col">Drilled</th>
              <th scope="col">Tested or reviewed</th>
              <th scope="col">Fully covered</th>
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((r) => r.entries > 0)
              .map((r) => (
                <tr key={r.label}>
                  <th scope="row">{PARTY_LABEL[r.label] ?? r.label}</th>
                  <td>{r.entries}</td>
                  <td>{r.withRule}</td>
                  <td>{r.withLesson}</td>
                  <td>{r.withQuestions}</td>
                  <td>{r.withCheck}</td>
                  <td>{r.complete}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
