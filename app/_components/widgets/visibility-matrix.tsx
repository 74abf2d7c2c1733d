"use client";

import { useId, useState } from "react";
import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import { decideVisibility, type Caller } from "@/lib/decide/visibility";
import { RuleRef } from "../rule-ref";

const CHOICES: { key: string; label: string; value: McpUiToolVisibility[] | undefined }[] = [
  { key: "omitted", label: "omitted", value: undefined },
  { key: "both", label: '["model", "app"]', value: ["model", "app"] },
  { key: "model", label: '["model"]', value: ["model"] },
  { key: "app", label: '["app"]', value: ["app"] },
  { key: "empty", label: "[]", value: [] },
];

const CALLERS: { key: string; label: string; caller: Caller }[] = [
  { key: "agent", label: "Agent lists and calls it", caller: { kind: "model" } },
  {
    key: "same",
    label: "View of the same server calls it",
    caller: { kind: "app", sameServer: true },
  },
  {
    key: "other",
    label: "View of another server calls it",
    caller: { kind: "app", sameServer: false },
  },
];

/** Toggle a tool's `_meta.ui.visibility` and see which caller the host lets through, and why. */
export function VisibilityMatrix({ initial = "omitted" }: { initial?: string }) {
  const [choice, setChoice] = useState(
    CHOICES.some((c) => c.key === initial) ? initial : "omitted",
  );
  const name = useId();
  const value = CHOICES.find((c) => c.key === choice)?.value;
  return (
    <section className="widget" aria-label="Visibility matrix" data-widget="visibility-matrix">
      <fieldset>
        <legend>
          <code>_meta.ui.visibility</code>
        </legend>
        {CHOICES.map((c) => (
          <label key={c.key}>
            <input
              type="radio"
              name={name}
              value={c.key}
              checked={choice === c.key}
              onChange={() => setChoice(c.key)}
            />{" "}
            <code>{c.label}</code>
          </label>
        ))}
      </fieldset>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Caller</th>
              <th scope="col">Host decision</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {CALLERS.map((row) => {
              const d = decideVisibility(value, row.caller);
              return (
                <tr key={row.key} data-caller={row.key}>
                  <th scope="row">{row.label}</th>
                  <td data-verdict={d.allowed ? "allowed" : "refused"}>
                    {d.allowed ? "allowed" : "refused"}
                  </td>
                  <td>
                    {d.reason}{" "}
                    {d.ruleIds.map((id) => (
                      <RuleRef key={id} id={id} />
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Whatever the host decides, the server still decides every call it receives{" "}
        <RuleRef id="TOOL-6" />.
      </p>
    </section>
  );
}
