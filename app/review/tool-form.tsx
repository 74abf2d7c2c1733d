"use client";

import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { Tool } from "@modelcontextprotocol/client";
import {
  argumentsFrom,
  formFromSchema,
  initialValues,
  sampleValues,
  type RawValues,
} from "@/lib/review/input-form";
import { Field } from "./runner-field";

/** How long a view may take to finish its handshake: real views took up to 2.1 s. */
const DEFAULT_HANDSHAKE_S = 10;

/** The runner's own field, apart from the tool's arguments. */
const HANDSHAKE_FIELD = "(handshake time-out)";

/**
 * The tool's arguments, as a form built from its `inputSchema`, and the handshake time-out; each
 * error names its field and links to it. A valid submit runs the tool.
 */
export function ToolForm({
  name,
  tool,
  busy,
  shown,
  onRun,
  onClose,
}: {
  name: string;
  tool: Tool;
  busy: boolean;
  /** True while a view (or its last picture) is shown: Run again, and Close. */
  shown: boolean;
  /** `preview`: render the view with a sample result, calling nothing. */
  onRun(args: Record<string, unknown>, handshakeMs: number, preview: boolean): void;
  onClose(): void;
}) {
  const id = useId();
  const form = useMemo(() => formFromSchema(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<RawValues>(() => initialValues(form));
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  // Set when a preview filled required fields with samples: said beside the buttons.
  const [sampled, setSampled] = useState<string | null>(null);
  const [handshakeSeconds, setHandshakeSeconds] = useState(String(DEFAULT_HANDSHAKE_S));
  // A real call may change data on the server: asked first, once per tool on this page. A
  // readOnlyHint does not skip the question: annotations from a server the person has not vetted
  // are untrusted (core server/tools). Preview never asks: it calls nothing.
  const [confirming, setConfirming] = useState<{
    args: Record<string, unknown>;
    ms: number;
  } | null>(null);
  const confirmed = useRef(false);
  // Whether the shown view came from a real call: after a Preview alone, Run has not run yet.
  const [lastRun, setLastRun] = useState<"call" | "preview" | null>(null);
  const run = (args: Record<string, unknown>, ms: number, preview: boolean) => {
    setLastRun(preview ? "preview" : "call");
    onRun(args, ms, preview);
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (confirming && !d.open) {
      d.showModal();
      // Focus on Cancel, not on the call: Enter alone never calls a tool for real.
      cancel.current?.focus();
    } else if (!confirming && d.open) d.close();
  }, [confirming]);
  const answer = (choice: "call" | "preview" | "cancel") => {
    const pending = confirming;
    setConfirming(null);
    if (!pending || choice === "cancel") return;
    if (choice === "call") confirmed.current = true;
    run(pending.args, pending.ms, choice === "preview");
  };
  const fieldId = (field: string) => `${id}-f-${field.replace(/[^\w-]/g, "_")}`;
  const errorFor = (field: string) => errors.find((e) => e.field === field);

  const submit = (event: FormEvent | null, preview = false) => {
    event?.preventDefault();
    let parsed = argumentsFrom(form, values);
    setSampled(null);
    // A preview calls nothing and hands the arguments to the view only: required fields left
    // empty get sample values (said on the page), so every UI tool can be previewed.
    if (preview && !parsed.ok) {
      const withSamples = argumentsFrom(form, sampleValues(form, values));
      if (withSamples.ok) {
        const filled = form.fields
          .filter((f) => f.required && values[f.name] !== sampleValues(form, values)[f.name])
          .map((f) => f.name);
        setSampled(`Previewed with sample values for ${filled.join(", ")} (nothing was called).`);
        parsed = withSamples;
      }
    }
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    const seconds = Number(handshakeSeconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
      setErrors([
        { field: HANDSHAKE_FIELD, message: "The handshake time-out must be 1 to 120 seconds" },
      ]);
      return;
    }
    setErrors([]);
    if (!preview && !confirmed.current) {
      setConfirming({ args: parsed.arguments, ms: seconds * 1000 });
      return;
    }
    run(parsed.arguments, seconds * 1000, preview);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="tool-form">
      {form.fields.length === 0 ? (
        <p className="muted">This tool takes no arguments.</p>
      ) : (
        form.fields.map((f) => (
          <Field
            key={f.name}
            field={f}
            id={fieldId(f.name)}
            value={values[f.name]}
            error={errorFor(f.name)?.message}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          />
        ))
      )}
      <div className="runner-field runner-narrow">
        <label htmlFor={fieldId(HANDSHAKE_FIELD)}>Handshake time-out (seconds)</label>
        <input
          id={fieldId(HANDSHAKE_FIELD)}
          type="number"
          min={1}
          max={120}
          value={handshakeSeconds}
          onChange={(e) => setHandshakeSeconds(e.target.value)}
          aria-invalid={errorFor(HANDSHAKE_FIELD) ? true : undefined}
          aria-describedby={`${fieldId(HANDSHAKE_FIELD)}-hint`}
          data-testid="handshake-timeout"
        />
        <span id={`${fieldId(HANDSHAKE_FIELD)}-hint`} className="muted runner-hint">
          How long the view may take to send ui/notifications/initialized before the host reports it
          as never initialized.
        </span>
      </div>
      {errors.length ? (
        <div role="alert" className="runner-errors" data-testid="form-errors">
          <ul>
            {errors.map((e) => (
              <li key={e.field}>
                <a href={`#${fieldId(e.field)}`}>{e.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sampled ? (
        <p className="muted" role="status" data-testid="preview-sampled">
          {sampled}
        </p>
      ) : null}
      <p>
        <button type="submit" disabled={busy} data-testid="run-tool">
          {busy ? "Running…" : shown && lastRun === "call" ? `Run ${name} again` : `Run ${name}`}
        </button>{" "}
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => submit(null, true)}
          data-testid="preview-tool"
        >
          Preview the view without calling
        </button>{" "}
        {shown ? (
          <button type="button" className="secondary" onClick={onClose}>
            Close the view
          </button>
        ) : null}
      </p>
      <dialog
        ref={dialog}
        className="consent-dialog"
        aria-labelledby={`${id}-confirm-h`}
        data-testid="confirm-call"
        onCancel={(e) => {
          e.preventDefault();
          answer("cancel");
        }}
      >
        <h2 id={`${id}-confirm-h`}>Call {name} on the server for real?</h2>
        <p>
          {tool.annotations?.readOnlyHint === true ? (
            <>
              The tool says it is read-only (<code>readOnlyHint: true</code>), but that is the
              server&apos;s own claim: hints from a server you have not vetted are not to be
              trusted, so the call may still change data on the server.
            </>
          ) : (
            <>
              The tool does not say it is read-only (no <code>readOnlyHint: true</code>), so the
              call may change data on the server.
            </>
          )}{" "}
          Preview renders the view with a sample result and calls nothing.
        </p>
        <p>
          <button type="button" ref={cancel} onClick={() => answer("cancel")}>
            Cancel
          </button>{" "}
          <button type="button" className="secondary" onClick={() => answer("preview")}>
            Preview instead
          </button>{" "}
          <button type="button" className="secondary" onClick={() => answer("call")}>
            Call it
          </button>
        </p>
      </dialog>
    </form>
  );
}
