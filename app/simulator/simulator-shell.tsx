"use client";

import type { RuleInfo } from "@/lib/rules/info";
import { Suspense, useSyncExternalStore, type ReactNode } from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import type { HostProfile } from "@/lib/decide/host-profile";
import { SimulatorApp } from "./simulator-app";

const subscribe = () => () => {};

/**
 * Shows the server's instant preview until this page is interactive, then the simulator. The
 * controls never appear before they work (a click before hydration would be lost), while the
 * decision table is there at first paint.
 */
export function SimulatorShell({
  presets,
  ruleInfo,
  profiles,
  preview,
}: {
  presets: Scenario[];
  ruleInfo: RuleInfo;
  profiles: HostProfile[];
  preview: ReactNode;
}) {
  const interactive = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!interactive) return preview;
  return (
    <Suspense fallback={preview}>
      <SimulatorApp presets={presets} ruleInfo={ruleInfo} profiles={profiles} />
    </Suspense>
  );
}
