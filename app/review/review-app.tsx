"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { WorksInHost } from "@/lib/review/works-in-hosts";
import { checkServerUrl, URL_FIELD_LABEL, type ReachProblem } from "@/lib/review/reach";
import { COLLECT_STEP_LABELS, COLLECT_STEPS, type CollectStep } from "@/lib/review/steps";
import { readRemembered, saveRemembered } from "./remembered-token";
import type { Phase, ReviewTarget } from "./review-phase";
import { ReviewResult } from "./review-result";

const DEFAULT_TIMEOUT_S = 20;

/** The review page: the server's URL, token and time-out, the progress, then the result or why not. */
export function ReviewApp({ hosts }: { hosts?: readonly WorksInHost[] }) {
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [remember, setRemember] = useState(false);
  const [timeoutS, setTimeoutS] = useState(String(DEFAULT_TIMEOUT_S));
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorHeading = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => {
    if (phase.kind === "done") resultHeading.current?.focus();
    if (phase.kind === "failed") errorHeading.current?.focus();
  }, [phase.kind]);

  const running = phase.kind === "running";

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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (running) return;
    const checked = checkServerUrl(url);
    if (!checked.ok) {
      setPhase({ kind: "failed", problem: checked.problem });
      return;
    }
    const target: ReviewTarget = {
      url: checked.url.href,
      ...(token.trim() ? { token: token.trim() } : {}),
    };
    saveRemembered(checked.url.origin, remember ? target.token : undefined);
    setPhase({ kind: "running", step: "load" });
    let reviewInBrowser: (typeof import("@/lib/review/browser"))["reviewInBrowser"];
    try {
      ({ reviewInBrowser } = await import("@/lib/review/browser"));
    } catch (e) {
      setPhase({
        kind: "failed",
        problem: {
          kind: "other",
          title: "The review code did not load",
          message: `${e instanceof Error ? e.message : String(e)}. Check the connection to this site and reload the page.`,
          fixes: [],
        },
      });
      return;
    }
    const result = await reviewInBrowser({
      url: target.url,
      ...(target.token ? { token: target.token } : {}),
      // An empty or unusable entry falls back to the default rather than blocking the review.
      timeoutMs:
        (Number(timeoutS) > 0 ? Math.min(Number(timeoutS), 300) : DEFAULT_TIMEOUT_S) * 1000,
      appOrigin: window.location.origin,
      ...(hosts ? { hosts } : {}),
      onStep: (step) => setPhase({ kind: "running", step }),
    });
    setPhase(
      result.ok ? { kind: "done", target, result } : { kind: "failed", problem: result.problem },
    );
  }

  const urlError = phase.kind === "failed" && phase.problem.field === "url";
  return (
    <div className="review" data-testid="review-app">
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

      <ReviewProgress phase={phase} />

      {phase.kind === "failed" ? (
        <ReachError problem={phase.problem} id={`${ids}-error`} headingRef={errorHeading} />
      ) : null}
      {phase.kind === "done" ? (
        <ReviewResult target={phase.target} result={phase.result} headingRef={resultHeading} />
      ) : null}
    </div>
  );
}

function ReviewProgress({ phase }: { phase: Phase }) {
  const current = phase.kind === "running" ? phase.step : undefined;
  const steps: (CollectStep | "load")[] = ["load", ...COLLECT_STEPS];
  const at = current ? steps.indexOf(current) : -1;
  return (
    <div role="status" aria-live="polite" className="review-progress" data-testid="review-progress">
      {current ? (
        <>
          <p>
            Step {at + 1} of {steps.length}:{" "}
            <span data-testid="review-step" data-step={current}>
              {current === "load"
                ? "Loading the host and the checklist"
                : COLLECT_STEP_LABELS[current]}
            </span>
            …
          </p>
          <div className="progress-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(((at + 0.5) / steps.length) * 100)}%` }} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function ReachError({
  problem,
  id,
  headingRef,
}: {
  problem: ReachProblem;
  id: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      className="review-error"
      id={id}
      data-testid="review-error"
      data-kind={problem.kind}
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} tabIndex={-1} ref={headingRef}>
        {problem.title}
      </h2>
      <p>{problem.message}</p>
      {problem.fixes.length ? (
        <ul>
          {problem.fixes.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {problem.cli ? (
        <p>
          From a terminal (no CORS there): <code data-testid="review-cli">{problem.cli}</code>
        </p>
      ) : null}
    </section>
  );
}
