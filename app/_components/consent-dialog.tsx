"use client";

import { useCallback, useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from "react";
import {
  BLOCK_OFFER,
  type ConsentQueueView,
  type ConsentRequest,
  type ConsentState,
} from "@/lib/host/view/consent-queue";
import { visibleText } from "@/lib/host/visible-text";
import type { PromptAnswer } from "./consent-prompt";
import "./consent-dialog.css";

// The prompt's state lives in consent-prompt.ts, which pages load with their first load; this
// dialog can come later, with the run that needs it (the simulator's run-detail chunk).
export { useConsentPrompt, type PromptAnswer } from "./consent-prompt";

const NO_QUEUE: ConsentQueueView = {
  state: { waiting: 0, asking: false, offerBlock: false, blocked: false, closed: false },
  subscribe: () => () => {},
};

/** The queue's state, followed while the prompt is on screen (more calls may arrive meanwhile). */
function useQueueState(queue: ConsentQueueView): ConsentState {
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const snapshot = () => queue.state;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

interface Props {
  /** The call being asked about; no dialog when undefined. */
  request: ConsentRequest | undefined;
  onAnswer(answer: PromptAnswer): void;
  /** Offer "Allow this tool for this view" (the review's live view remembers it for the view). */
  offerAlways?: boolean;
  /** Why the host asks: the rule, as the page cites rules. */
  note: ReactNode;
}

/**
 * BRG-5's consent prompt, the same in the simulator and the review. A view can raise it at will,
 * so it is built not to be answered by reflex or held open by the view:
 * - focus goes to the prompt's heading, not to Allow, and Enter never allows (Space or a click
 *   on Allow does); Escape denies;
 * - "Deny and close the view" is always there: it refuses this and every queued call and the host
 *   tears the view down;
 * - it says how many calls wait, and once the view has asked BLOCK_OFFER.calls times within
 *   BLOCK_OFFER.withinMs it offers to block the view's further calls for the run.
 */
export function ConsentDialog({ request, onAnswer, offerAlways = false, note }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const state = useQueueState(request?.queue ?? NO_QUEUE);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (request) {
      if (!d.open) d.showModal();
      // The prompt itself has focus, so no key press answers it by accident.
      heading.current?.focus();
    } else if (d.open) d.close();
  }, [request]);

  const more = Math.max(0, state.waiting - 1);
  const seconds = BLOCK_OFFER.withinMs / 1000;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      className="consent-dialog"
      data-testid="consent-dialog"
      onCancel={(e) => {
        // Escape denies; the dialog closes when no question is left.
        e.preventDefault();
        onAnswer("deny");
      }}
      onKeyDown={(e) => {
        // Enter never allows: a prompt the view raises at will must not be answered by reflex.
        if (e.key === "Enter" && (e.target as HTMLElement).dataset.allow !== undefined)
          e.preventDefault();
      }}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Allow this tool call?
      </h2>
      <p>
        The view wants to call{" "}
        <code data-testid="consent-tool">
          <bdi>{visibleText(request?.tool ?? "")}</bdi>
        </code>{" "}
        with these arguments:
      </p>
      <pre data-testid="consent-arguments" tabIndex={0}>
        {visibleText(JSON.stringify(request?.arguments ?? {}, null, 2)).replace(/⟨U\+000A⟩/g, "\n")}
      </pre>
      <p data-testid="consent-queued" data-waiting={more}>
        {more === 0
          ? "No other call from this view is waiting."
          : `${more} more ${more === 1 ? "call" : "calls"} from this view ${more === 1 ? "is" : "are"} waiting after this one.`}
      </p>
      <p className="consent-actions">
        <button type="button" data-allow onClick={() => onAnswer("allow")}>
          Allow
        </button>{" "}
        {offerAlways ? (
          <>
            <button
              type="button"
              className="secondary"
              data-allow
              data-testid="consent-always"
              onClick={() => onAnswer("always")}
            >
              Allow this tool for this view
            </button>{" "}
          </>
        ) : null}
        <button type="button" className="secondary" onClick={() => onAnswer("deny")}>
          Deny
        </button>{" "}
        <button type="button" className="secondary" onClick={() => onAnswer("close")}>
          Deny and close the view
        </button>
      </p>
      {state.offerBlock ? (
        <p data-testid="consent-block-offer">
          This view has asked for at least {BLOCK_OFFER.calls} calls within {seconds} s.{" "}
          <button type="button" className="secondary" onClick={() => onAnswer("block")}>
            Block further calls from this view
          </button>{" "}
          refuses this call and every later one without asking, until the view is closed.
        </p>
      ) : null}
      <p className="muted">
        {note} Enter never allows: click Allow or press Space on it. Escape denies. Deny and close
        the view refuses every waiting call and removes the view.
      </p>
    </dialog>
  );
}
