"use client";

import type { RefObject } from "react";
import { getRule } from "@/lib/rules";
import type { ConsentRequest } from "@/lib/simulator/consent-queue";
import { ConsentDialog, type PromptAnswer } from "../_components/consent-dialog";
import type { Decision } from "@/lib/decide";
import type { BrowserRun } from "@/lib/simulator/browser/run-in-browser";
import type { Scenario } from "@/lib/simulator/scenario";
import type { TraceEntry } from "@/lib/simulator/trace";
import { ConversationPanel } from "./conversation-panel";
import { CspPanel, DecisionTable, RunLabel, runAttributes, Sequence, type RunTag } from "./panels";
import { AgentSide, RunOutcomeLine, RunStatus } from "./run-outcome";
import { ToolCallPanel } from "./tool-call-panel";
import type { Status } from "./use-view-run";

/**
 * What a run shows: its status and outcome, the agent's side, the view (its container is where
 * the run puts the proxy frame), the conversation, the CSP and the sequence. `hidden` while the
 * learner predicts (the view's container stays in the page, out of sight).
 */
export function RunPanels({
  run,
  runFor,
  tag,
  status,
  runCount,
  error,
  trace,
  hidden,
  lessonFor,
  container,
  title,
}: {
  run: BrowserRun | null;
  runFor: Scenario | null;
  tag: RunTag | null;
  status: Status;
  runCount: number;
  error: string | null;
  trace: TraceEntry[];
  hidden: boolean;
  lessonFor: Record<string, string>;
  container: RefObject<HTMLDivElement | null>;
  /** The scenario's title, for a sequence drawn before the run has a tag. */
  title: string;
}) {
  return (
    <>
      <RunStatus status={status} runCount={runCount} run={run} error={error} hidden={hidden} />
      {run && tag && !hidden ? <RunOutcomeLine run={run} tag={tag} lessonFor={lessonFor} /> : null}
      {!hidden ? <AgentSide run={run} tag={tag} lessonFor={lessonFor} /> : null}
      <section
        aria-labelledby="sim-view-heading"
        id="sim-view"
        className="sim-panel sim-anchor"
        data-testid="view-panel"
        hidden={hidden}
        {...(tag ? runAttributes(tag) : {})}
      >
        <h2 id="sim-view-heading">The view</h2>
        {tag ? <RunLabel tag={tag} /> : null}
        {tag && !run?.proxyUrl ? <p className="muted">This run rendered no view.</p> : null}
        {run && tag && run.proxyUrl && runFor?.toolCall ? (
          <ToolCallPanel key={tag.n} run={run} lessonFor={lessonFor} />
        ) : null}
        <div ref={container} className="sim-view" data-testid="view-container" />
      </section>
      {run?.conversation && run.proxyUrl && !hidden ? (
        <ConversationPanel conversation={run.conversation} lessonFor={lessonFor} />
      ) : null}
      {run && runFor && tag && !hidden ? (
        <CspPanel run={run} requested={runFor.resource.csp} tag={tag} />
      ) : null}
      {trace.length && !hidden ? (
        <Sequence
          key={runCount}
          trace={trace}
          lessonFor={lessonFor}
          tag={tag ?? { n: runCount, title: title, stale: false }}
        />
      ) : null}
    </>
  );
}

/** The decision table: the instant preview, then the run's own; hidden while the learner predicts. */
export function TableSection({
  decision,
  pending,
  hidden,
  lessonFor,
}: {
  decision: Decision;
  pending: boolean;
  hidden: boolean;
  lessonFor: Record<string, string>;
}) {
  return (
    <section aria-labelledby="sim-table-heading" id="sim-table" className="sim-anchor">
      <h2 id="sim-table-heading">Decision table</h2>
      {!hidden ? (
        <DecisionTable decision={decision} pending={pending} lessonFor={lessonFor} />
      ) : (
        <p className="muted">
          The table, and every result of the run, is hidden while you predict. Make your choices,
          then run.
        </p>
      )}
    </section>
  );
}

/** BRG-5: the host's ConsentQueue asks one question at a time; the page shows it. */
export function HostConsentDialog({
  request,
  onAnswer,
}: {
  request: ConsentRequest | undefined;
  onAnswer(answer: PromptAnswer): void;
}) {
  return (
    <ConsentDialog
      request={request}
      onAnswer={onAnswer}
      note={
        <>
          The host asks before anything reaches the server (BRG-5: {getRule("BRG-5").title}; asking
          is this host&apos;s policy).
        </>
      }
    />
  );
}
