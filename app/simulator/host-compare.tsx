import { useId, useState, type ChangeEvent } from "react";
import type { RuleInfo } from "@/lib/rules/info";
import type { HostProfile } from "@/lib/decide/host-profile";
import { compareHosts, type CompareSide } from "@/lib/simulator/host-compare";
import { loadOwnProfileFile } from "./own-profile";
import { RuleLink } from "./panels";

// Two hosts side by side (issue 33): the chosen host against any other, every behaviour a profile
// sets, each with its judgement and the source it rests on. Part of the host detail chunk
// (host-profile-detail.tsx, a client module loaded once a host is chosen), never the first load.

const KIND = { violation: "spec violation", variation: "allowed variation" } as const;

function Side({ s, ruleInfo }: { s: CompareSide; ruleInfo: RuleInfo }) {
  return (
    <td data-status={s.status}>
      {s.status === "unknown" ? (
        <>
          unknown <span className="muted">(the reference&apos;s {s.value} is used)</span>
        </>
      ) : (
        s.value
      )}
      {s.status === "disputed" ? <strong> (disputed)</strong> : null}
      {s.kind ? (
        <div>
          <span className={`sim-departure-kind sim-departure-${s.kind}`}>{KIND[s.kind]}</span>{" "}
          {s.ruleIds.map((id) => (
            <RuleLink key={id} id={id} ruleInfo={ruleInfo} />
          ))}
        </div>
      ) : null}
      {s.source ? (
        <div className="muted">
          {s.source.kindLabel}, {s.source.date}:{" "}
          {s.source.url ? (
            <a href={s.source.url} rel="noreferrer" target="_blank">
              {s.source.label}
            </a>
          ) : (
            s.source.label
          )}
        </div>
      ) : null}
    </td>
  );
}

export function HostCompare({
  profile,
  profiles,
  ruleInfo,
}: {
  profile: HostProfile;
  profiles: readonly HostProfile[];
  ruleInfo: RuleInfo;
}) {
  const id = useId();
  const [own, setOwn] = useState<HostProfile | null>(null);
  const [ownError, setOwnError] = useState("");
  // A file loaded here takes the place of one loaded beside the Host select under the same id.
  const pool = own ? [...profiles.filter((p) => p.id !== own.id), own] : profiles;
  const others = pool.filter((p) => p.id !== profile.id);
  const [otherId, setOtherId] = useState(others[0]?.id ?? "");
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setOwnError("");
    const loaded = await loadOwnProfileFile(file);
    if (!loaded.ok) {
      setOwnError(loaded.error);
      return;
    }
    setOwn(loaded.own.profile);
    setOtherId(loaded.own.profile.id);
  }
  const other = others.find((p) => p.id === otherId) ?? others[0];
  if (!other) return null;
  const rows = compareHosts(profile, other);
  const differing = rows.filter((r) => r.differs).length;
  return (
    <details className="sim-host-compare" data-testid="host-compare">
      <summary>Compare {profile.name} with another host</summary>
      <label htmlFor={`${id}-other`}>Compare with</label>{" "}
      <select
        id={`${id}-other`}
        value={other.id}
        onChange={(e) => setOtherId(e.target.value)}
        data-testid="host-compare-select"
      >
        {others.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <div className="sim-own-profile">
        <label htmlFor={`${id}-own`}>
          Or load a profile of your own: a JSON file in the schema of content/host-profiles
        </label>{" "}
        <input
          id={`${id}-own`}
          type="file"
          accept=".json,application/json"
          onChange={(e) => void onFile(e)}
          data-testid="own-profile-input"
        />
        {ownError ? (
          <p role="alert" className="sim-own-error" data-testid="own-profile-error">
            {ownError}
          </p>
        ) : null}
      </div>
      <p className="muted" data-testid="host-compare-count">
        {differing} of {rows.length} behaviours differ.
      </p>
      <div className="table-scroll" role="region" aria-label="Hosts compared" tabIndex={0}>
        <table>
          <caption className="visually-hidden">
            {profile.name} and {other.name}, behaviour by behaviour
          </caption>
          <thead>
            <tr>
              <th scope="col">Behaviour</th>
              <th scope="col">{profile.name}</th>
              <th scope="col">{other.name}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} data-field={r.field} data-differs={r.differs ? "true" : "false"}>
                <th scope="row">
                  {r.label}
                  {r.differs ? <strong className="sim-compare-differs"> · differs</strong> : null}
                </th>
                <Side s={r.a} ruleInfo={ruleInfo} />
                <Side s={r.b} ruleInfo={ruleInfo} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
