"use client";

import { useMemo, type ReactNode } from "react";
import type { ResolvedSelfCheck } from "@/lib/lessons/self-check";
import { SelfCheckContext } from "./self-check-context";

/**
 * Supplies the questions the lesson page resolved at build time. The MDX body cannot read the
 * quiz banks, so `<SelfCheck>` (./self-check-list, loaded as an island
 * from ./lazy) looks its questions up here by the key of its own props.
 */
export function SelfCheckProvider({
  checks,
  children,
}: {
  checks: readonly ResolvedSelfCheck[];
  children: ReactNode;
}) {
  const byKey = useMemo(() => new Map(checks.map((c) => [c.key, c.questions])), [checks]);
  return <SelfCheckContext value={byKey}>{children}</SelfCheckContext>;
}
