"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { WorksInHost } from "@/lib/review/works-in-hosts";
import { checkServerUrl } from "@/lib/review/reach";
import { ReachError } from "./reach-error";
import { saveRemembered } from "./remembered-token";
import type { Phase, ReviewTarget } from "./review-phase";
import { DEFAULT_TIMEOUT_S, ReviewForm, type ReviewFields } from "./review-form";
import { ReviewProgress } from "./review-progress";
import { ReviewResult } from "./review-result";

/** The review page: the server's URL, token and time-out, the progress, then the result or why not. */
export function ReviewApp({ hosts }: { hosts?: readonly WorksInHost[] }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorHeading = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => {
    if (phase.kind === "done") resultHeading.current?.focus();
    if (phase.kind === "failed") errorHeading.current?.focus();
  }, [phase.kind]);

  const running = phase.kind === "running";

  /** Checks the URL, then reviews the server in this browser, step by step. */
  async function review({ url, token, remember, timeoutS }: ReviewFields) {
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
      <ReviewForm
        ids={ids}
        running={running}
        urlError={urlError}
        onReview={(fields) => void review(fields)}
      />

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
