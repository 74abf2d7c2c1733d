"use client";

import type { ReactNode } from "react";
import type { MdxComponentName } from "@/lib/content/component-names";
import { RuleRef } from "./rule-ref";
import { CspBuilder } from "./widgets/csp-builder";
import { DecisionWalker } from "./widgets/decision-walker";
import { MimeChecker } from "./widgets/mime-checker";
import { PermissionsMapper } from "./widgets/permissions-mapper";
import { SelfCheck } from "./widgets/self-check";
import { TryIt } from "./widgets/try-it";
import { VisibilityMatrix } from "./widgets/visibility-matrix";

function Callout({ kind = "note", children }: { kind?: "note" | "pitfall"; children: ReactNode }) {
  return (
    <aside className="callout" data-kind={kind}>
      <strong>{kind === "pitfall" ? "Pitfall" : "Note"}</strong>
      {children}
    </aside>
  );
}

/**
 * The one registry of components a lesson may use. Its keys must equal MDX_COMPONENT_NAMES,
 * which the compiler checks tags against (a unit test keeps the two in step).
 */
export const mdxComponents = {
  Callout,
  CspBuilder,
  DecisionWalker,
  MimeChecker,
  PermissionsMapper,
  RuleRef,
  SelfCheck,
  TryIt,
  VisibilityMatrix,
} satisfies Record<MdxComponentName, unknown>;
