"use client";

import { useCallback, useRef, useState } from "react";
import type { ConsentAnswer, ConsentRequest } from "@/lib/host/view/consent-queue";

/** A prompt's answers: the queue's, and the review's "Allow this tool for this view". */
export type PromptAnswer = ConsentAnswer | "always";

/**
 * The page's one open consent prompt. The host's ConsentQueue puts one question at a time, so the
 * page holds one: a new one (from a newer run) answers any left open with "deny".
 */
export function useConsentPrompt() {
  type Pending = { request: ConsentRequest; resolve: (a: PromptAnswer) => void };
  const [pending, setPending] = useState<Pending | null>(null);
  const open = useRef<Pending | null>(null);
  // Said once a prompt closed because the view withdrew its call (issue #37).
  const [withdrawn, setWithdrawn] = useState<string | null>(null);
  const ask = useCallback(
    (request: ConsentRequest) =>
      new Promise<PromptAnswer>((resolve) => {
        open.current?.resolve("deny");
        const pending = { request, resolve };
        open.current = pending;
        setWithdrawn(null);
        setPending(pending);
        request.withdrawn?.addEventListener(
          "abort",
          () => {
            if (open.current !== pending) return;
            open.current = null;
            setPending(null);
            setWithdrawn(
              `The view withdrew its call to ${request.tool} before you answered; nothing was sent to the server.`,
            );
            resolve("deny");
          },
          { once: true },
        );
      }),
    [],
  );
  const answer = useCallback((a: PromptAnswer) => {
    const p = open.current;
    open.current = null;
    setPending(null);
    p?.resolve(a);
  }, []);
  return { request: pending?.request, ask, answer, withdrawn };
}
