"use client";

import { useState, type FormEvent } from "react";
import { URL_FIELD_LABEL } from "@/lib/review/reach";
import { readRemembered } from "./remembered-token";

/** The time-out the form starts with, and the one an empty or unusable entry falls back to. */
export const DEFAULT_TIMEOUT_S = 20;

/** What the learner entered: the server's URL, its token, whether to remember it, the time-out. */
export interface ReviewFields {
  url: string;
  token: string;
  remember: boolean;
  /** Seconds, as typed. */
  timeoutS: string;
}

/**
 * The review's form: the server's URL, an optional bearer token (offered again when the URL names
 * the origin it was remembered for) and the time-out. `ids` prefixes its fields' ids; a URL the
 * review refused points at `${ids}-error`.
 */
export function ReviewForm({
  ids,
  running,
  urlError,
  onReview,
}: {
  ids: string;
  running: boolean;
  urlError: boolean;
  onReview(fields: ReviewFields): void;
}) {
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [remember, setRemember] = useState(false);
  const [timeoutS, setTimeoutS] = useState(String(DEFAULT_TIMEOUT_S));

  // Offer a remembered token once the URL names the origin it was remembered for.
  function onUrlChange(value: string) {
    setUrl(value);
    const saved = readRemembered();
    if (!saved) return;
    try {
      if (new URL(value.trim()).origin !== saved.origin) return;
    } catch {
      return;
    }
    setToken((t) => t || saved.token);
    setRemember(true);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    onReview({ url, token, remember, timeoutS });
  }

  return (
    <form className="review-form" onSubmit={onSubmit} aria-busy={running}>
      <div className="review-field">
        <label htmlFor={`${ids}-url`}>{URL_FIELD_LABEL}</label>
        <input
          id={`${ids}-url`}
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="http://localhost:3001/mcp"
          value={url}
          onChange={(e) => onUrlChange(e.target.value)}
          aria-invalid={urlError || undefined}
          aria-describedby={urlError ? `${ids}-error` : `${ids}-url-hint`}
        />
        <span id={`${ids}-url-hint`} className="muted review-hint">
          The server&apos;s Streamable HTTP endpoint, usually ending in <code>/mcp</code>.
        </span>
      </div>
      <div className="review-field">
        <label htmlFor={`${ids}-token`}>Bearer token (optional)</label>
        <input
          id={`${ids}-token`}
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby={`${ids}-token-hint`}
        />
        <span id={`${ids}-token-hint`} className="muted review-hint">
          Sent as <code>Authorization: Bearer …</code> to this server only, never in the URL.
        </span>
        <label className="review-check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />{" "}
          Remember the token in this browser for this server&apos;s origin
        </label>
      </div>
      <div className="review-field review-field-narrow">
        <label htmlFor={`${ids}-timeout`}>Time-out (seconds)</label>
        <input
          id={`${ids}-timeout`}
          name="timeout"
          type="number"
          min={1}
          max={300}
          value={timeoutS}
          onChange={(e) => setTimeoutS(e.target.value)}
        />
      </div>
      <div className="review-submit">
        <button type="submit" disabled={running}>
          {running ? "Reviewing…" : "Connect and review"}
        </button>
      </div>
    </form>
  );
}
