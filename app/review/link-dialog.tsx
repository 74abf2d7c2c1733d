"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { linkDestination } from "@/lib/review/link-destination";

/** A view's ui/open-link, put to the reader (consent prompts have their own dialog). */
interface Question {
  text: string;
  detail: string;
  resolve: (answer: "allow" | "deny") => void;
}

/** The links a view asks to open, one question at a time (BRG-4: this host asks first). */
export function useLinkQuestions() {
  const [questions, setQuestions] = useState<Question[]>([]);
  const ask = useCallback(
    (q: Omit<Question, "resolve">) =>
      new Promise<"allow" | "deny">((resolve) =>
        setQuestions((list) => [...list, { ...q, resolve }]),
      ),
    [],
  );
  const answer = useCallback((a: "allow" | "deny") => {
    setQuestions(([first, ...rest]) => {
      first?.resolve(a);
      return rest;
    });
  }, []);
  /** Every open question is declined (the view is going). */
  const declineAll = useCallback(() => {
    setQuestions((list) => {
      for (const q of list) q.resolve("deny");
      return [];
    });
  }, []);
  return { asking: questions[0], waiting: questions.length, ask, answer, declineAll };
}

/** The question about a link, with where it really leads; Escape declines. */
export function LinkDialog({ links }: { links: ReturnType<typeof useLinkQuestions> }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstButton = useRef<HTMLButtonElement>(null);
  const { asking, answer, waiting } = links;
  useEffect(() => {
    if (asking) {
      if (!dialog.current?.open) dialog.current?.showModal();
      firstButton.current?.focus();
    } else if (dialog.current?.open) dialog.current.close();
  }, [asking]);
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
    >
      <h2 id={`${id}-q`}>{asking?.text}</h2>
      {asking ? <LinkDetail url={asking.detail} /> : null}
      <p>
        <button type="button" ref={firstButton} onClick={() => answer("allow")}>
          Open the link
        </button>{" "}
        <button type="button" className="secondary" onClick={() => answer("deny")}>
          Don&apos;t open it
        </button>
        {waiting > 1 ? <span className="muted"> ({waiting - 1} more waiting)</span> : null}
      </p>
      <p className="muted">
        A host should open a view&apos;s link (BRG-4); this one asks you first. Escape declines.
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
