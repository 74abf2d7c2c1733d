import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { KIND_LABEL, STALE_AFTER_DAYS, type GridHost } from "@/lib/content/host-grid";
import { EVIDENCE_KINDS } from "@/lib/content/hosts-schema";
import { Absent, Conflicts, Evidence, Finding, hostFacts, Reading } from "./cell-parts";
import { buildDay, loadHostGrid } from "./data";
import { HostsFilter } from "./hosts-filter";
import "./hosts.css";

export const metadata: Metadata = {
  title: "Real hosts",
  description:
    "How real MCP Apps hosts meet the spec's host requirements: measured here, or from dated public sources, each cell with its evidence, date and whether a failure is a violation or an allowed variation.",
};

const GRID_ID = "hosts-grid";

function HostsOverview({ hosts }: { hosts: readonly GridHost[] }) {
  return (
    <table className="hosts-overview" data-testid="hosts-overview">
      <thead>
        <tr>
          <th scope="col">Host</th>
          <th scope="col">How it was set up</th>
          <th scope="col">Cells</th>
          <th scope="col">Violations</th>
          <th scope="col">To treat with care</th>
        </tr>
      </thead>
      <tbody>
        {hosts.map((h) => (
          <tr key={h.id} data-host-row={h.id}>
            <th scope="row" data-label="Host">
              <Link href={`/hosts/${h.id}`}>{h.name}</Link>
              <span className="hosts-sub muted">{hostFacts(h)}</span>
            </th>
            <td data-label="How it was set up">
              {h.setup}
              {h.absent ? <Absent absent={h.absent} /> : null}
            </td>
            <td data-label="Cells">{h.cells}</td>
            <td data-label="Violations">{h.violations}</td>
            <td data-label="To treat with care">{h.flagged}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The host-directed requirements of the catalogue × the hosts we have records for
 * (`content/hosts/*.json`): each cell with its verdict, kind of evidence, date and source, whether
 * a failure breaks a MUST or is a variation the spec allows, and whether it is old, undated or
 * one user's word. Statically rendered on the build day; the filter is a small island.
 */
export default async function HostsPage() {
  const grid = await loadHostGrid(buildDay());
  const names = new Map(grid.hosts.map((h) => [h.id, h]));
  const total = grid.requirements.reduce((n, r) => n + r.cells.length, 0);
  const measured = grid.hosts.filter((h) => h.measured);
  const documented = grid.hosts.filter((h) => !h.measured);

  return (
    <>
      <h1>Real hosts</h1>
      <p className="hosts-intro">
        How real MCP Apps hosts meet what the spec asks of a host and its sandbox proxy. Two kinds
        of evidence, kept apart: hosts we installed and <strong>measured here</strong> with the{" "}
        <Link href="/hosts/authors">conformance kit</Link>, every FAIL confirmed from the wire; and
        hosts we cannot install, from <strong>public, dated sources</strong>, each fact in our own
        words with the kind of source it rests on. A cell is only as good as its date: ages are
        counted to <time dateTime={grid.today}>{grid.today}</time>, the day this page was built.
      </p>
      <ul className="hosts-actions">
        <li>
          <Link href="/hosts/authors">Run the kit in your host</Link>
        </li>
        <li>
          <a href="/hosts/grid.json" download="hosts-grid.json" data-testid="grid-download">
            Download the grid as JSON
          </a>
        </li>
        <li>
          <a href="#contribute">Contribute a record</a>
        </li>
      </ul>

      <h2 id="hosts">Hosts</h2>
      <p className="hosts-intro muted">
        {grid.hosts.length} hosts, {total} cells. Measured here ({measured.length}), then from
        public sources ({documented.length}). Each host&apos;s page lists its cells alone.
      </p>
      <HostsOverview hosts={grid.hosts} />

      <h2 id="reading">How to read a cell</h2>
      <dl className="hosts-legend">
        <dt>Finding</dt>
        <dd>
          Measured cells give the conformance server&apos;s verdict: PASS, FAIL, or NOT OBSERVABLE
          when a view cannot see the behaviour from inside its frame. Other cells describe the
          behaviour a source reports.
        </dd>
        <dt>Evidence</dt>
        <dd>
          One of: {EVIDENCE_KINDS.map((k) => KIND_LABEL[k]).join("; ")}. Then the date of the source
          (not the date the behaviour began) and the source itself. Where sources disagree, every
          one is shown with its own date; none is resolved away.
        </dd>
        <dt>For the spec</dt>
        <dd>
          A <strong>spec violation</strong> is a MUST or MUST NOT not met. An{" "}
          <strong>allowed variation</strong> is a SHOULD not followed, a choice under a MAY, or a
          behaviour the spec leaves open. &ldquo;Not settled&rdquo; means the evidence does not
          decide it.
        </dd>
        <dt>Treat with care</dt>
        <dd>
          Said in words on every cell older than {STALE_AFTER_DAYS} days, undated, or resting on a
          single user report. Hosts ship often: such a cell may no longer hold.
        </dd>
      </dl>

      <h2 id="grid">Requirements × hosts</h2>
      <p className="hosts-intro muted">
        {grid.requirements.length} of the catalogue&apos;s{" "}
        {grid.requirements.length + grid.unrecorded.length} host and sandbox-proxy requirements have
        at least one cell; <a href="#unrecorded">the rest</a> have none yet. Each requirement links
        to its entry on <Link href="/spec">the spec, mapped</Link>; each cell has a link of its own.
      </p>
      <details className="hosts-jump">
        <summary>Jump to a requirement ({grid.requirements.length})</summary>
        <ul>
          {grid.requirements.map((r) => (
            <li key={r.id}>
              <a href={`#${r.id}`}>{r.id}</a>
            </li>
          ))}
        </ul>
      </details>
      <HostsFilter
        gridId={GRID_ID}
        requirements={grid.requirements.map((r) => r.id)}
        hosts={grid.hosts.filter((h) => h.cells > 0).map((h) => ({ id: h.id, name: h.name }))}
        total={total}
      />
      <div id={GRID_ID}>
        {grid.requirements.map((r) => (
          <section key={r.id} id={r.id} data-entry={r.id} className="hosts-req">
            <h3>
              <code className="hosts-id">{r.id}</code>{" "}
              <span className="hosts-keyword">{r.keyword}</span>{" "}
              <span className="muted">{r.party === "host" ? "host" : "sandbox proxy"}</span>
            </h3>
            <p className="hosts-statement">
              {r.statement}{" "}
              <Link href={`/spec#${r.id}`} aria-label={`In the catalogue: ${r.id}`}>
                In the catalogue
              </Link>
            </p>
            <table className="hosts-cells">
              <thead>
                <tr>
                  <th scope="col">Host</th>
                  <th scope="col">Finding</th>
                  <th scope="col">Evidence</th>
                  <th scope="col">For the spec</th>
                </tr>
              </thead>
              <tbody>
                {r.cells.map((c) => {
                  const host = names.get(c.host)!;
                  return (
                    <tr
                      key={c.anchor}
                      id={c.anchor}
                      data-host={c.host}
                      data-cell={c.anchor}
                      data-judgement={c.judgement}
                    >
                      <th scope="row" data-label="Host">
                        <Link href={`/hosts/${host.id}`}>{host.name}</Link>
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
                        <a
                          className="hosts-anchor"
                          href={`#${c.anchor}`}
                          aria-label={`Link to this cell: ${host.name}, ${r.id}`}
                        >
                          #
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ))}
      </div>

      <h2 id="unrecorded">Requirements with no cell yet</h2>
      <ul className="hosts-unrecorded" data-testid="unrecorded">
        {grid.unrecorded.map((e) => (
          <li key={e.id}>
            <Link href={`/spec#${e.id}`}>
              <code>{e.id}</code>
            </Link>{" "}
            <span className="muted">{e.keyword}</span>
          </li>
        ))}
      </ul>

      <h2 id="contribute">Contribute a record</h2>
      <p className="hosts-intro">
        Every cell on this page comes from a file under <code>content/hosts/</code>, one per host,
        named by the host&apos;s id; the page, the host pages and the JSON download are built from
        those files and nothing else. To add a host, or a fact about one:
      </p>
      <ol className="hosts-steps">
        <li>
          If you can run the host, <Link href="/hosts/authors">run the kit in it</Link> and send the
          report it prints: that becomes measured cells, confirmed from the wire before they are
          published.
        </li>
        <li>
          If you cannot install it (a closed chat client, say), write what a public source says:
          copy an existing record such as <code>content/hosts/claude.json</code>, and give each fact
          a cell keyed by the catalogue id it bears on (a host or sandbox-proxy entry of{" "}
          <Link href="/spec">/spec</Link>).
        </li>
        <li>
          Each cell holds the behaviour in your own words (<code>value</code>), your reading of it
          against the requirement (<code>meets</code>, <code>falls-short</code>,{" "}
          <code>left-open</code> or <code>unsettled</code>), the kind of evidence, the source&apos;s
          date (or <code>undated</code>) and the source&apos;s URL. Sources that say the same go in{" "}
          <code>corroboration</code>; sources that disagree go in <code>conflicts</code>, never
          dropped.
        </li>
        <li>
          Run <code>npx vitest run lib/content/hosts.test.ts</code>: a malformed record, or a cell
          on an id the catalogue lacks, fails with the file and the field. Then open a pull request.
        </li>
      </ol>
    </>
  );
}
