"use client";

import { useState } from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import { ScenarioError } from "@/lib/simulator/scenario-core";
import { locateJsonPath } from "@/lib/simulator/json-position";
import { loadScenarioModule } from "./lazy-modules";
import { ScenarioForm } from "./scenario-form";

/** Names each problem of the editor's text, with where it is: unknown keys first, as such. */
function describeEditorError(text: string, err: unknown): string {
  if (!(err instanceof ScenarioError)) return (err as Error).message;
  if (err.field === "JSON" || err.field === "version") return `${err.field}: ${err.detail}`;
  return err.issues
    .slice(0, 5)
    .map((i) => {
      // A missing field has no place of its own: point at the object that lacks it.
      const at =
        (i.path && locateJsonPath(text, i.path)) ??
        (i.path && locateJsonPath(text, i.path.slice(0, -1)));
      const where = at ? ` (line ${at.line}, column ${at.column})` : "";
      return i.unknownKey
        ? `${i.detail}${where}: the scenario format has no such key`
        : `${i.field}: ${i.detail}${where}`;
    })
    .join("\n");
}

/** The whole scenario as JSON, validated as you type; a valid edit replaces the scenario. */
function JsonEditor({
  scenario,
  onApply,
  onBlurApplied,
}: {
  scenario: Scenario;
  onApply: (s: Scenario) => void;
  onBlurApplied: () => void;
}) {
  const serialized = JSON.stringify(scenario, null, 2);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? serialized;
  return (
    <details className="sim-panel">
      <summary>Scenario as JSON</summary>
      <label htmlFor="sim-json" className="visually-hidden">
        Scenario JSON
      </label>
      <textarea
        id="sim-json"
        data-testid="json-editor"
        rows={18}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "sim-json-error" : undefined}
        onBlur={() => {
          // A valid edit is reformatted, and the form re-read, once the learner leaves the editor.
          if (!error && draft !== null) onBlurApplied();
        }}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          // In order: every edit waits for the same module, so the last edit is applied last.
          void loadScenarioModule().then((m) => {
            try {
              const s = m.parseScenario(text, "editor");
              setError(null);
              onApply(s);
            } catch (err) {
              setError(describeEditorError(text, err));
            }
          });
        }}
      />
      {error ? (
        <p id="sim-json-error" role="alert" className="sim-error" data-testid="json-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}

/** The scenario's two editors: the form, and the same scenario as JSON. */
export function ScenarioEditor({
  formKey,
  scenario,
  update,
  onApplyJson,
  onBlurApplied,
}: {
  /** Bumped when the scenario is replaced from outside: both editors read it afresh. */
  formKey: number;
  scenario: Scenario;
  update(fn: (s: Scenario) => Scenario): void;
  onApplyJson(s: Scenario): void;
  onBlurApplied(): void;
}) {
  return (
    <>
      <details open className="sim-panel">
        <summary>Scenario controls</summary>
        <ScenarioForm key={formKey} scenario={scenario} update={update} />
      </details>
      <JsonEditor
        key={formKey}
        scenario={scenario}
        onApply={onApplyJson}
        onBlurApplied={onBlurApplied}
      />
    </>
  );
}
