"use client";

import { useId, useState } from "react";
import { PROFILE_MIME } from "@/lib/simulator/constants";
import { decideMime } from "@/lib/decide/mime";
import { VerdictLine } from "./verdict";

/** Real values seen in servers and guides; only the first is an MCP App. */
const SAMPLES = [
  PROFILE_MIME,
  "text/html",
  "text/html;charset=utf-8",
  "text/html+mcp",
  "text/html; profile=mcp-app",
  "TEXT/HTML;profile=mcp-app",
];

/**
 * Type a content item's `mimeType` and see the host's mime row, decided by the simulator's
 * `decideMime`: only the exact profile type, with a body, makes the resource an app.
 */
export function MimeChecker() {
  const id = useId();
  const [mimeType, setMimeType] = useState(PROFILE_MIME);
  const [hasBody, setHasBody] = useState(true);
  const [found, setFound] = useState(true);
  const decision = decideMime(
    found ? { ok: true, mimeType, hasBody } : { ok: false, error: "Resource not found" },
  );
  return (
    <section className="widget" aria-label="Mime type checker" data-widget="mime-checker">
      <label className="stacked" htmlFor={`${id}-mime`}>
        <span>
          <code>mimeType</code> of the content item that <code>resources/read</code> returns
        </span>
      </label>
      <input
        id={`${id}-mime`}
        type="text"
        className="wide"
        spellCheck={false}
        autoComplete="off"
        value={mimeType}
        disabled={!found}
        onChange={(e) => setMimeType(e.target.value)}
      />
      <p className="chips" role="group" aria-label="Sample values">
        {SAMPLES.map((s) => (
          <button
            key={s}
            type="button"
            className="secondary chip"
            aria-pressed={s === mimeType}
            disabled={!found}
            onClick={() => setMimeType(s)}
          >
            <code>{JSON.stringify(s)}</code>
          </button>
        ))}
      </p>
      <fieldset>
        <legend>The read</legend>
        <label>
          <input type="checkbox" checked={found} onChange={(e) => setFound(e.target.checked)} /> the{" "}
          <code>ui://</code> resource exists
        </label>
        <label>
          <input
            type="checkbox"
            checked={hasBody}
            disabled={!found}
            onChange={(e) => setHasBody(e.target.checked)}
          />{" "}
          the item has a body (<code>text</code> or <code>blob</code>)
        </label>
      </fieldset>
      <div aria-live="polite">
        <VerdictLine decision={decision} testId="mime-verdict" />
        <p data-testid="mime-outcome">
          {decision.verdict === "pass"
            ? "The host goes on to the view's security policy and renders it."
            : "Not an app: the host does not render a view for this tool."}
        </p>
      </div>
    </section>
  );
}
