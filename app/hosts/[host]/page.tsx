import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "@/app/_components/link";
import { loadHostRecords } from "@/lib/content/hosts";
import { Absent, Conflicts, Evidence, Finding, hostFacts, Reading } from "../cell-parts";
import { buildDay, loadHostGrid } from "../data";
import "../hosts.css";

type Params = { host: string };

// One page per record, built ahead; any other id is a 404.
export const dynamicParams = false;

export async function generateStaticParams(): Promise<Params[]> {
  return (await loadHostRecords()).map((r) => ({ host: r.id }));
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { host } = await params;
  const record = (await loadHostRecords()).find((r) => r.id === host);
  return { title: record ? `${record.name} · Real hosts` : "Real hosts" };
}

/**
 * One host's record: how it was set up and every cell it holds, each linking to the same cell on
 * /hosts. The no-script way to filter the grid by host.
 */
export default async function HostPage({ params }: { params: Promise<Params> }) {
  const { host: id } = await params;
  const grid = await loadHostGrid(buildDay());
  const host = grid.hosts.find((h) => h.id === id);
  if (!host) notFound();
  const cells = grid.requirements.flatMap((r) =>
    r.cells.filter((c) => c.host === id).map((c) => ({ requirement: r, cell: c })),
  );

  return (
    <>
      <p className="hosts-back">
        <Link href="/hosts">← Real hosts</Link>
      </p>
      <h1>{host.name}</h1>
      <p className="hosts-intro">
        <span data-testid="host-facts">{hostFacts(host)}</span>. {host.setup}
      </p>
      {host.note ? <p className="hosts-intro muted">{host.note}</p> : null}
      {host.absent ? <Absent absent={host.absent} /> : null}
      <p className="hosts-intro muted">
        {cells.length} cells, {host.violations} spec violations, {host.flagged} to treat with care
        (ages counted to <time dateTime={grid.today}>{grid.today}</time>). Record:{" "}
        <code>{host.file}</code>.
      </p>
      {cells.length > 0 ? (
        <table className="hosts-cells" data-testid="host-cells">
          <thead>
            <tr>
              <th scope="col">Requirement</th>
              <th scope="col">Finding</th>
              <th scope="col">Evidence</th>
              <th scope="col">For the spec</th>
            </tr>
          </thead>
          <tbody>
            {cells.map(({ requirement: r, cell: c }) => (
              <tr key={c.anchor} data-cell={c.anchor} data-judgement={c.judgement}>
                <th scope="row" data-label="Requirement">
                  <Link href={`/hosts#${c.anchor}`}>
                    <code className="hosts-id">{r.id}</code>
                  </Link>
                  <span className="hosts-keyword">{r.keyword}</span>
                  <span className="hosts-sub muted">{r.statement}</span>
                </th>
                <td data-label="Finding">
                  <Finding fact={c.fact} />
                  <Conflicts conflicts={c.conflicts} />
                </td>
                <td data-label="Evidence">
                  <Evidence cell={c} />
                </td>
                <td data-label="For the spec">
                  <Reading judgement={c.judgement} text={c.judgementText} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
