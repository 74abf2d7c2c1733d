"use client";

import { useState, type ReactNode } from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import { ROWS } from "@/lib/simulator/constants";
import { loadShare } from "./lazy-modules";

export type PresetGroups = { row: (typeof ROWS)[number]; items: Scenario[] }[];

/** The presets by the decision row each is about. */
export const presetGroups = (presets: Scenario[]): PresetGroups =>
  ROWS.map((row) => ({ row, items: presets.filter((p) => p.row === row) }));

/** The preset choice, Run (again, or with a prediction), Reset and the share link. */
export function SimToolbar({
  groups,
  presetId,
  onPreset,
  runLabel,
  runDisabled,
  onRun,
  onReset,
  scenario,
  pathname,
  hostId,
  profileLink,
  hostSelect,
}: {
  groups: PresetGroups;
  presetId: string;
  onPreset(id: string): void;
  runLabel: string;
  runDisabled: boolean;
  onRun(): void;
  onReset(): void;
  scenario: Scenario;
  pathname: string;
  /** The chosen host: the share link carries it (issue 33). */
  hostId: string;
  /** The chosen host's `profile=` value, when it is a profile of one's own: the link carries it. */
  profileLink?: string;
  /** The host choice, beside the preset's. */
  hostSelect?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="sim-toolbar">
      <label>
        Preset{" "}
        <select
          value={presetId}
          onChange={(e) => onPreset(e.target.value)}
          data-testid="preset-select"
        >
          {groups.map((g) => (
            <optgroup key={g.row} label={g.row}>
              {g.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>{" "}
      {hostSelect}
      <button type="button" onClick={onRun} disabled={runDisabled} data-testid="run">
        {runLabel}
      </button>{" "}
      <button type="button" className="secondary" onClick={onReset}>
        Reset to preset
      </button>{" "}
      <button
        type="button"
        className="secondary"
        onClick={() => {
          void loadShare()
            .then((share) => share.encodeShareFragment(scenario, hostId, profileLink))
            .then((fragment) =>
              navigator.clipboard?.writeText(
                new URL(`${pathname}#${fragment}`, window.location.href).href,
              ),
            )
            .then(
              () => setCopied(true),
              () => setCopied(false),
            );
        }}
      >
        Copy share link
      </button>
      {copied ? <span role="status"> Link copied.</span> : null}
    </div>
  );
}

/** Every preset, grouped by the decision row it is about, each with its description. */
export function PresetList({
  groups,
  count,
  presetId,
  onPreset,
  predicting,
}: {
  groups: PresetGroups;
  count: number;
  presetId: string;
  onPreset(id: string): void;
  /** While the learner predicts, descriptions (which name the verdicts) are left out. */
  predicting: boolean;
}) {
  return (
    <details className="sim-panel" data-testid="preset-list">
      <summary>All presets, by decision row ({count})</summary>
      {groups.map((g) =>
        g.items.length ? (
          <section key={g.row} aria-label={`Presets about ${g.row}`}>
            <h3>
              <code>{g.row}</code>
            </h3>
            <ul className="sim-preset-list">
              {g.items.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="linklike"
                    aria-current={p.id === presetId ? "true" : undefined}
                    onClick={() => onPreset(p.id)}
                  >
                    {p.title}
                  </button>
                  {predicting ? null : <span className="muted"> — {p.description}</span>}
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </details>
  );
}

/**
 * Whether the scenario is still its preset (then the preset's description) or edited from it.
 * While the learner predicts, the description is held back: it names the verdicts to predict.
 */
export function PresetNote({
  preset,
  edited,
  predicting,
}: {
  preset: Scenario | undefined;
  edited: boolean;
  predicting: boolean;
}) {
  if (!preset) return null;
  if (edited) {
    return (
      <p className="muted" data-testid="edited-from">
        Edited from preset “{preset.title}”.
      </p>
    );
  }
  return predicting ? (
    <p className="muted" data-testid="preset-description" data-held="true">
      The preset&apos;s description is held back until your prediction is graded: it gives the
      answer.
    </p>
  ) : (
    <p className="muted" data-testid="preset-description">
      {preset.description}
    </p>
  );
}
