"use client";

import type { HostProfile } from "@/lib/decide/host-profile";
import { REFERENCE_HOST } from "@/lib/simulator/share-host";

/**
 * The host the scenario is run in (issue 33): the reference, a host known from public sources,
 * an open-source host this project measured, or a profile of one's own loaded from a file. A
 * native select with its label, so it works with the keyboard and a screen reader as any other
 * field does; what the choice rests on is said under it and tied to it with aria-describedby.
 */
export function HostSelect({
  profiles,
  own,
  ownError,
  hostId,
  onHost,
  onOwnFile,
}: {
  profiles: readonly Pick<HostProfile, "id" | "name" | "version" | "basis" | "measured">[];
  /** A profile of one's own, once loaded (from a file or a link). */
  own?: Pick<HostProfile, "id" | "name" | "basis">;
  /** Why the last file chosen could not be used, naming the field. */
  ownError: string;
  hostId: string;
  onHost(id: string): void;
  onOwnFile(file: File): void;
}) {
  const chosen = own && own.id === hostId ? own : profiles.find((p) => p.id === hostId);
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
        {own ? (
          <optgroup label="Your profile">
            <option value={own.id}>{own.name}</option>
          </optgroup>
        ) : null}
      </select>
      {/* A profile in the schema of content/host-profiles, checked by the server as those are. */}
      <label htmlFor="sim-own-file" className="sim-own-load">
        or load your own profile (JSON)
      </label>
      <input
        id="sim-own-file"
        type="file"
        accept=".json,application/json"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onOwnFile(file);
          // The same file chosen again (edited meanwhile) is read again.
          e.target.value = "";
        }}
        data-testid="own-host-file"
      />
      {ownError ? (
        <p role="alert" className="sim-own-error" data-testid="own-host-error">
          {ownError}
        </p>
      ) : null}
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
