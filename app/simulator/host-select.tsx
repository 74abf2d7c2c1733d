"use client";

import type { HostProfile } from "@/lib/decide/host-profile";
import { REFERENCE_HOST } from "@/lib/simulator/share-host";

/**
 * The host the scenario is run in (issue 33): the reference, a host known from public sources,
 * or an open-source host this project measured. A native select with its label, so it works
 * with the keyboard and a screen reader as any other field does; what the choice rests on is
 * said under it and tied to it with aria-describedby.
 */
export function HostSelect({
  profiles,
  hostId,
  onHost,
}: {
  profiles: readonly Pick<HostProfile, "id" | "name" | "version" | "basis" | "measured">[];
  hostId: string;
  onHost(id: string): void;
}) {
  const chosen = profiles.find((p) => p.id === hostId);
  const documented = profiles.filter((p) => p.id !== REFERENCE_HOST && !p.measured);
  const measured = profiles.filter((p) => p.id !== REFERENCE_HOST && p.measured);
  const label = (p: Pick<HostProfile, "name" | "version">) =>
    p.version && p.version.length <= 12 ? `${p.name} ${p.version}` : p.name;
  return (
    <div className="sim-host">
      <label htmlFor="sim-host-select">Host</label>
      <select
        id="sim-host-select"
        value={hostId}
        onChange={(e) => onHost(e.target.value)}
        aria-describedby="sim-host-basis"
        data-testid="host-select"
      >
        <option value={REFERENCE_HOST}>Reference (the spec)</option>
        <optgroup label="From public sources">
          {documented.map((p) => (
            <option key={p.id} value={p.id}>
              {label(p)}
            </option>
          ))}
        </optgroup>
        <optgroup label="Measured here">
          {measured.map((p) => (
            <option key={p.id} value={p.id}>
              {label(p)}
            </option>
          ))}
        </optgroup>
      </select>
      {/* The reference needs no line on screen (the workbench keeps its controls in one screen at
          1366 × 800); a screen reader still hears it through aria-describedby. */}
      <p
        id="sim-host-basis"
        className={hostId === REFERENCE_HOST ? "visually-hidden" : "muted"}
        data-testid="host-basis"
      >
        {hostId === REFERENCE_HOST
          ? "The host the spec describes, where it leaves a choice this simulator's own: rows that depart from it are marked when you pick another host."
          : (chosen?.basis ?? "")}
      </p>
    </div>
  );
}
