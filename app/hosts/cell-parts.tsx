import {
  KIND_LABEL,
  sourceParts,
  type GridCell,
  type GridConflict,
  type GridHost,
  type Judgement,
} from "@/lib/content/host-grid";
import type { HostCell } from "@/lib/content/hosts-schema";

// The parts of one cell of the hosts grid, shared by /hosts and each host's page. Server
// components only: every word comes from the record's cell or from lib/content/host-grid.ts.

/** A source as a link with a short label, or as text when it names a record, not a URL. */
function Source({ source }: { source: string }) {
  const { url, label, remark } = sourceParts(source);
  return (
    <>
      {url ? <a href={url}>{label}</a> : <span>{label}</span>}
      {remark ? <span className="muted"> ({remark})</span> : null}
    </>
  );
}

/** What was seen: a measured verdict in capitals, or the behaviour in our words, and the note. */
export function Finding({ fact }: { fact: Pick<HostCell, "kind" | "value" | "note"> }) {
  return (
    <>
      {fact.kind === "measured" ? (
        <strong className="hosts-verdict" data-verdict-word={fact.value}>
          {fact.value}
        </strong>
      ) : (
        <span>{fact.value}</span>
      )}
      {fact.note ? <p className="hosts-note muted">{fact.note}</p> : null}
    </>
  );
}

/** How we know, when, from where, and what makes it doubtful: said in words, not only colour. */
export function Evidence({ cell }: { cell: GridCell | GridConflict }) {
  const fact = cell.fact;
  const more = "corroboration" in fact ? (fact.corroboration ?? []) : [];
  return (
    <>
      <p className="hosts-line">
        <span data-kind={fact.kind}>{KIND_LABEL[fact.kind]}</span>,{" "}
        {fact.date === "undated" ? (
          <span data-date="undated">undated</span>
        ) : (
          <time dateTime={fact.date} data-date={fact.date}>
            {fact.date}
          </time>
        )}
        {fact.version ? <span className="muted">, version {fact.version}</span> : null}
      </p>
      <p className="hosts-line" data-source>
        Source: <Source source={fact.source} />
      </p>
      {more.length ? (
        <div className="hosts-line">
          Also said by:
          <ul>
            {more.map((s) => (
              <li key={s}>
                <Source source={s} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {cell.stalenessText.length ? (
        <p
          className="hosts-flag"
          data-testid="stale-flag"
          data-flags={cell.staleness.flags.join(" ")}
        >
          <span aria-hidden="true">⚠ </span>Treat with care: {cell.stalenessText.join("; ")}.
        </p>
      ) : null}
    </>
  );
}

/** Violation, allowed variation, conformance or unsettled, in words. */
export function Reading({ judgement, text }: { judgement: Judgement; text: string }) {
  return (
    <span className="hosts-judgement" data-judgement={judgement}>
      {text}
    </span>
  );
}

/** Sources that disagree with the cell's fact, each with its own evidence and reading. */
export function Conflicts({ conflicts }: { conflicts: readonly GridConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <div className="hosts-conflicts" data-testid="conflicts">
      <p className="hosts-line">
        <strong>
          {conflicts.length === 1 ? "A source disagrees:" : `${conflicts.length} sources disagree:`}
        </strong>
      </p>
      <ul>
        {conflicts.map((c) => (
          <li key={`${c.fact.source} ${c.fact.date}`}>
            <Finding fact={c.fact} />
            <Evidence cell={c} />
            <p className="hosts-line">
              <Reading judgement={c.judgement} text={c.judgementText} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One line about a host: its version and whether its code is open. */
export function hostFacts(h: Pick<GridHost, "version" | "openSource">): string {
  const version = h.version ? `version ${h.version}` : "version not pinned";
  return `${version}, ${h.openSource ? "open source" : "closed source"}`;
}

/** Why a host has no cells (not run, or no MCP Apps at all), with the evidence for it. */
export function Absent({ absent }: { absent: NonNullable<GridHost["absent"]> }) {
  return (
    <p className="hosts-note" data-testid="absent">
      <strong>No cells:</strong> {absent.value}{" "}
      <span className="muted">
        ({KIND_LABEL[absent.kind]}, {absent.date}; source: <Source source={absent.source} />)
      </span>
      {absent.note ? <span className="muted"> {absent.note}</span> : null}
    </p>
  );
}
