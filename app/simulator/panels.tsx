"use client";

import { ruleHoverText, type RuleInfo } from "@/lib/rules/info";
import Link from "@/app/_components/link";
import type { ReactNode } from "react";
import type { Decision } from "@/lib/decide";
import type { RowName } from "@/lib/decide/vocabulary";
import { DecisionTable as SharedDecisionTable } from "@/app/_components/decision-table";

// The panels' light parts, in the page's first load: rule chips, the decision table, run labels.
// The heavier panels (the sequence, the CSP panel) come with the run's detail (run-detail.tsx).

/** A rule citation: opens the rule on /rules; its hover text names the lesson that teaches it. */
export function RuleLink({ id, ruleInfo }: { id: string; ruleInfo: RuleInfo }) {
  // Like every rule chip in the app, it opens the rule on /rules, which links the lessons citing
  // it; the hover text names the lesson that teaches it.
  return (
    <Link className="rule-ref" href={`/rules#${id}`} title={ruleHoverText(ruleInfo, id)}>
      {id}
    </Link>
  );
}

/** The shared decision table, each rule cited by a chip that opens it on /rules. */
export function DecisionTable({
  decision,
  pending,
  ruleInfo,
  rowNote,
}: {
  decision: Decision;
  pending: boolean;
  ruleInfo: RuleInfo;
  /** A chosen host's departure from the reference, under a row's reason. */
  rowNote?: (row: RowName) => ReactNode;
}) {
  return (
    <SharedDecisionTable
      decision={decision}
      pending={pending}
      rule={(id) => <RuleLink id={id} ruleInfo={ruleInfo} />}
      rowNote={rowNote}
    />
  );
}

/** Which run a panel shows, so a panel never passes off one run's result as another's. */
export interface RunTag {
  /** The run's number on this page (as in the run status). */
  n: number;
  /** The title of the scenario it ran. */
  title: string;
  /** True when the scenario has changed since: the panel is the previous scenario's. */
  stale: boolean;
}

/** The line under a panel's heading that names its run, and says so when it is out of date. */
export function RunLabel({ tag }: { tag: RunTag }) {
  return (
    <p className={tag.stale ? "sim-run-label sim-stale" : "sim-run-label muted"}>
      Run {tag.n} · {tag.title}
      {tag.stale ? " — from the previous scenario, not the one now in the controls" : ""}
    </p>
  );
}

/** Props every run panel carries: data-run and data-stale, read by tests and by the reader. */
export function runAttributes(tag: RunTag) {
  return { "data-run": tag.n, "data-stale": tag.stale ? "true" : "false" };
}
