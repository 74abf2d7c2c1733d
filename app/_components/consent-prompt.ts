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
  const ask = useCallback(
    (request: ConsentRequest) =>
      new Promise<PromptAnswer>((resolve) => {
        open.current?.resolve("deny");
        open.current = { request, resolve };
        setPending(open.current);
      }),
    [],
  );
  const answer = useCallback((a: PromptAnswer) => {
    const p = open.current;
    open.current = null;
    setPending(null);
    p?.resolve(a);
  }, []);
  return { request: pending?.request, ask, answer };
}
