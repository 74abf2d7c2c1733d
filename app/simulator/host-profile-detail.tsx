"use client";

import type { RuleInfo } from "@/lib/rules/info";
import { refusalLabel } from "@/lib/decide";
import { describeValue, FIELD_LABEL } from "@/lib/decide/host-fields";
import {
  PROFILE_FIELDS,
  type HostProfile,
  type ProfileEvidence,
  type ProfileFieldName,
} from "@/lib/decide/host-profile";
import type { FieldDeparture, HostDepartures, RowDeparture } from "@/lib/simulator/host-departures";
import { HostCompare } from "./host-compare";
import { RuleLink } from "./panels";

// What a chosen host does differently (issue 33): per row of the table, how it departs from the
// reference, whether that breaks a rule or uses room the spec leaves, and what it rests on; then
// what acts outside the table, what is unknown, and, for the conformance preset, the host's
// measured row. A chunk of its own: loaded once a host other than the reference is chosen.

export { hostDepartures } from "@/lib/simulator/host-departures";

const KIND_WORDS = {
  violation: "spec violation",
  variation: "allowed variation",
} as const;

/** One source, as the table shows it: kind, date, link, and why it may be out of date. */
function Source({ e, status }: { e: ProfileEvidence; status?: string }) {
  return (
    <span className="sim-evidence" data-evidence-kind={e.kind}>
      {e.kindLabel}, {e.date === "undated" ? "undated" : e.date}:{" "}
      {e.link.url ? (
        <a href={e.link.url} rel="noreferrer" target="_blank">
          {e.link.label}
        </a>
      ) : (
        e.link.label
      )}
      {status === "disputed" ? (
        <strong className="sim-disputed"> · disputed: sources disagree, the newer is used</strong>
      ) : null}
      {e.stale.length ? <span className="sim-stale-note"> · {e.stale.join("; ")}</span> : null}
    </span>
  );
}

function FieldLine({ f, ruleInfo }: { f: FieldDeparture; ruleInfo: RuleInfo }) {
  return (
    <li data-field={f.field} data-departure-kind={f.judgement.kind} data-status={f.status}>
      <span className={`sim-departure-kind sim-departure-${f.judgement.kind}`}>
        {KIND_WORDS[f.judgement.kind]}
      </span>{" "}
      ({FIELD_LABEL[f.field]}): it {f.judgement.how}{" "}
      {f.judgement.ruleIds.map((id) => (
        <RuleLink key={id} id={id} ruleInfo={ruleInfo} />
      ))}
      {f.evidence ? (
        <>
          <br />
          <Source e={f.evidence} status={f.status} />
        </>
      ) : null}
    </li>
  );
}

/**
 * Under a row's reason: how the chosen host departs there (or that it departs only because
 * another row does), with the reference's verdict for comparison, and the fields that could
 * change the row but are unknown for this host.
 */
export function DepartureNote({
  departure,
  unknown,
  hostName,
  ruleInfo,
}: {
  departure: RowDeparture | undefined;
  unknown: readonly ProfileFieldName[] | undefined;
  hostName: string;
  ruleInfo: RuleInfo;
}) {
  if (!departure && !unknown?.length) return null;
  const kinds = new Set(departure?.fields.map((f) => f.judgement.kind));
  return (
    <div
      className="sim-departure"
      data-departure-row={departure?.row}
      data-departure={
        departure
          ? kinds.has("violation")
            ? "violation"
            : kinds.size
              ? "variation"
              : "follows"
          : undefined
      }
    >
      {departure ? (
        <>
          <p>
            <strong>{hostName} departs from the reference here.</strong> The reference host:{" "}
            <em>{refusalLabel(departure.reference)}</em>.
            {departure.followsFrom ? (
              <>
                {" "}
                This row changes only because the <code>{departure.followsFrom}</code> row does.
              </>
            ) : null}
          </p>
          {departure.fields.length ? (
            <ul>
              {departure.fields.map((f) => (
                <FieldLine key={f.field} f={f} ruleInfo={ruleInfo} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {unknown?.length ? (
        <p className="muted" data-unknown={unknown.join(" ")}>
          Unknown for this host: {unknown.map((f) => FIELD_LABEL[f]).join(", ")}. The reference
          behaviour is used.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Below the table: what the chosen host does differently once the view is on screen (the bridge,
 * the conversation, the cache), every field no source speaks about, and what the profile rests on.
 */
export function HostBehaviourPanel({
  departures,
  profile,
  profiles,
  ruleInfo,
}: {
  departures: HostDepartures;
  profile: HostProfile;
  /** Every host, for comparing this one with another side by side. */
  profiles?: readonly HostProfile[];
  ruleInfo: RuleInfo;
}) {
  const unknown = PROFILE_FIELDS.filter((f) => profile.fields[f].status === "unknown");
  return (
    <section className="sim-panel" aria-labelledby="sim-host-heading" data-testid="host-behaviours">
      <h3 id="sim-host-heading">{profile.name}: beyond the table</h3>
      <p className="muted">{profile.basis}</p>
      {departures.outside.length ? (
        <>
          <p>Once the view is on screen, this host departs from the reference:</p>
          <ul>
            {departures.outside.map((f) => (
              <FieldLine key={f.field} f={f} ruleInfo={ruleInfo} />
            ))}
          </ul>
        </>
      ) : (
        <p>Once the view is on screen, nothing known about this host departs from the reference.</p>
      )}
      {unknown.length ? (
        <p className="muted" data-testid="host-unknown">
          Unknown for this host (the reference behaviour is used):{" "}
          {unknown.map((f) => FIELD_LABEL[f]).join(", ")}.
        </p>
      ) : null}
      <details>
        <summary>Every behaviour of this profile, with its sources</summary>
        <dl className="sim-host-fields">
          {PROFILE_FIELDS.filter((f) => profile.fields[f].status !== "unknown").map((f) => {
            const field = profile.fields[f];
            return (
              <div key={f}>
                <dt>{FIELD_LABEL[f]}</dt>
                <dd>
                  {describeValue(f, field.value)}
                  {field.status === "disputed" ? <strong> (disputed)</strong> : null}
                  <ul>
                    {field.evidence.map((e, i) => (
                      <li key={i} data-used={e.used ? "true" : "false"}>
                        {e.used ? "" : `Says ${describeValue(f, e.value)} instead: `}
                        {e.says} <Source e={e} />
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            );
          })}
        </dl>
      </details>
      {profiles ? <HostCompare profile={profile} profiles={profiles} ruleInfo={ruleInfo} /> : null}
    </section>
  );
}

/**
 * For the conformance preset: what the conformance server's probes found when this project ran
 * them in the chosen host, beside this run's own results in the view.
 */
export function MeasuredRowPanel({ profile }: { profile: HostProfile }) {
  const m = profile.measured;
  if (!m) {
    return (
      <p className="muted" data-testid="measured-row-none">
        {profile.name} has no measured row: this project has not run its conformance server in it.
      </p>
    );
  }
  const entries = Object.entries(m.cells).sort(([a], [b]) => (a < b ? -1 : 1));
  const count = (v: string) => entries.filter(([, x]) => x === v).length;
  return (
    <section
      className="sim-panel"
      aria-labelledby="sim-measured-heading"
      data-testid="measured-row"
      data-record={m.record}
    >
      <h3 id="sim-measured-heading">
        Measured in {profile.name}
        {m.version && m.version.length <= 12 ? ` ${m.version}` : ""} on {m.date}
      </h3>
      <p className="muted">
        The same conformance server, run in that host: {count("PASS")} pass, {count("FAIL")} fail,{" "}
        {count("NOT OBSERVABLE")} not observable. Compare the view&apos;s own table in this run.
      </p>
      <div
        className="table-scroll"
        role="region"
        aria-labelledby="sim-measured-heading"
        tabIndex={0}
      >
        <table>
          <caption className="visually-hidden">Measured conformance row of {profile.name}</caption>
          <thead>
            <tr>
              <th scope="col">Requirement</th>
              <th scope="col">Measured</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([id, v]) => (
              <tr key={id} data-entry={id} data-measured={v}>
                <th scope="row">
                  <code>{id}</code>
                </th>
                <td
                  className={
                    v === "PASS" ? "verdict-pass" : v === "FAIL" ? "verdict-fail" : "muted"
                  }
                >
                  {v}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
