import type { ReactNode } from "react";
import type { MdxComponentName } from "@/lib/content/component-names";
import { HostFact } from "./host-fact";
import { RuleCitation } from "./rule-citation";
import { SpecRef } from "./spec-ref";
import {
  CspBuilder,
  DecisionWalker,
  MimeChecker,
  PermissionsMapper,
  SelfCheck,
  VisibilityMatrix,
} from "./widgets/lazy";
import { TryIt } from "./widgets/try-it";

function Callout({ kind = "note", children }: { kind?: "note" | "pitfall"; children: ReactNode }) {
  return (
    <aside className="callout" data-kind={kind}>
      <strong>{kind === "pitfall" ? "Pitfall" : "Note"}</strong>
      {children}
    </aside>
  );
}

/**
 * The one registry of components a lesson may use. It is read on the server: Callout, RuleRef and
 * TryIt render to HTML there, and each widget is a client component that ships its own code. Its keys must equal MDX_COMPONENT_NAMES,
 * which the compiler checks tags against (a unit test keeps the two in step).
 */
export const mdxComponents = {
  Callout,
  CspBuilder,
  DecisionWalker,
  HostFact,
  MimeChecker,
  PermissionsMapper,
  RuleRef: RuleCitation,
  SelfCheck,
  SpecRef,
  TryIt,
  VisibilityMatrix,
} satisfies Record<MdxComponentName, unknown>;
