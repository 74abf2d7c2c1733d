"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { BLOCK_OFFER } from "@/lib/host/view/consent-queue";
import { linkDestination } from "@/lib/review/link-destination";

/** A view's ui/open-link, put to the reader (consent prompts have their own dialog). */
interface Question {
  text: string;
  detail: string;
  resolve: (answer: "allow" | "deny") => void;
}

/**
 * The links a view asks to open, one question at a time (BRG-4: this host asks first). A view can
 * ask at will, so the prompt has the consent prompt's defences (issue #39): once it has asked
 * BLOCK_OFFER.calls times within BLOCK_OFFER.withinMs it offers to block its further links, and a
 * blocked view's links are declined without a question until it goes.
 */
export function useLinkQuestions() {
  const [questions, setQuestions] = useState<Question[]>([]);
  const [offerBlock, setOfferBlock] = useState(false);
  const blocked = useRef(false);
  const asked = useRef<number[]>([]);
  const ask = useCallback((q: Omit<Question, "resolve">) => {
    if (blocked.current) return Promise.resolve<"allow" | "deny">("deny");
    const now = Date.now();
    asked.current = [...asked.current.filter((t) => now - t < BLOCK_OFFER.withinMs), now];
    if (asked.current.length >= BLOCK_OFFER.calls) setOfferBlock(true);
    return new Promise<"allow" | "deny">((resolve) =>
      setQuestions((list) => [...list, { ...q, resolve }]),
    );
  }, []);
  const answer = useCallback((a: "allow" | "deny") => {
    setQuestions(([first, ...rest]) => {
      first?.resolve(a);
      return rest;
    });
  }, []);
  const declineQueued = () =>
    setQuestions((list) => {
      for (const q of list) q.resolve("deny");
      return [];
    });
  /** Every open question is declined, and later ones too, until the view goes. */
  const block = useCallback(() => {
    blocked.current = true;
    declineQueued();
  }, []);
  /** Every open question is declined (the view is going); a next view starts unblocked. */
  const declineAll = useCallback(() => {
    declineQueued();
    blocked.current = false;
    asked.current = [];
    setOfferBlock(false);
  }, []);
  return {
    asking: questions[0],
    waiting: questions.length,
    offerBlock,
    ask,
    answer,
    block,
    declineAll,
  };
}

/**
 * The question about a link, with where it really leads. Focus goes to the question itself, not
 * to "Open the link", and Enter never opens (a click or Space does): a view can raise the prompt
 * at will, and a reflexive Enter opened a tab per press. Escape declines; declining and closing
 * the view is always one button away.
 */
export function LinkDialog({
  links,
  onCloseView,
}: {
  links: ReturnType<typeof useLinkQuestions>;
  onCloseView: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { asking, answer, waiting, offerBlock, block, declineAll } = links;
  useEffect(() => {
    if (asking) {
      if (!dialog.current?.open) dialog.current?.showModal();
      heading.current?.focus();
    } else if (dialog.current?.open) dialog.current.close();
  }, [asking]);
  const seconds = BLOCK_OFFER.withinMs / 1000;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-q`}
      className="runner-dialog"
      data-testid="link-dialog"
      onCancel={(e) => {
        e.preventDefault();
        answer("deny");
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.target as HTMLElement).dataset.open !== undefined)
          e.preventDefault();
      }}
    >
      <h2 id={`${id}-q`} ref={heading} tabIndex={-1}>
        {asking?.text}
      </h2>
      {asking ? <LinkDetail url={asking.detail} /> : null}
      <p>
        <button type="button" data-open="" onClick={() => answer("allow")}>
          Open the link
        </button>{" "}
        <button type="button" className="secondary" onClick={() => answer("deny")}>
          Don&apos;t open it
        </button>
        {waiting > 1 ? <span className="muted"> ({waiting - 1} more waiting)</span> : null}
      </p>
      {offerBlock ? (
        <p data-testid="link-block-offer">
          This view has asked to open at least {BLOCK_OFFER.calls} links within {seconds} s.{" "}
          <button type="button" className="secondary" onClick={block}>
            Block further links from this view
          </button>
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            declineAll();
            onCloseView();
          }}
        >
          Decline and close the view
        </button>
      </p>
      <p className="muted">
        A host should open a view&apos;s link (BRG-4); this one asks you first. Enter never opens
        it: click Open the link or press Space on it. Escape declines.
      </p>
    </dialog>
  );
}

/**
 * The URL a view asks to open, with what it really opens: user info before an `@` highlighted
 * (it reads like a site but is not one), the host name as the browser contacts it, and hidden
 * characters marked (issue #25: `https://accounts.example.com@evil…` looked like the real site).
 */
function LinkDetail({ url }: { url: string }) {
  const d = linkDestination(url);
  return (
    <>
      <p>
        <code data-testid="link-url">
          {d.parts.map((p, i) =>
            p.kind === "userinfo" ? (
              <mark key={i} data-testid="link-userinfo">
                {p.text}
              </mark>
            ) : p.kind === "host" ? (
              <strong key={i}>{p.text}</strong>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </code>
      </p>
      {d.host ? (
        <p data-testid="link-host">
          Opens <strong>{d.host}</strong>.
        </p>
      ) : null}
      {d.warnings.length ? (
        <ul className="runner-link-warnings" data-testid="link-warnings">
          {d.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
