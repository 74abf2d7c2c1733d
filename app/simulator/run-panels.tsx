"use client";

import type { RuleInfo } from "@/lib/rules/info";
import type { ReactNode, RefObject } from "react";
import type { ConsentRequest } from "@/lib/host/view/consent-queue";
import type { PromptAnswer } from "../_components/consent-prompt";
import { lazyModule } from "../_components/lazy-module";
import { LoadFailed } from "../_components/load-failed";
import type { Decision } from "@/lib/decide";
import type { RowName } from "@/lib/decide/vocabulary";
import type { BrowserRun } from "@/lib/simulator/run-in-browser";
import type { Scenario } from "@/lib/simulator/scenario";
import type { TraceEntry } from "@/lib/host/view/trace";
import { DecisionTable, RunLabel, runAttributes, type RunTag } from "./panels";
import { AgentSide, RunOutcomeLine } from "./run-outcome";

/**
 * The run's detail panels (the sequence, the conversation, the CSP, the tool call, the consent
 * prompt) are a chunk of their own, out of the page's first load (issue 23). It is requested as
 * this module is evaluated, alongside the runner, which takes longer: the panels are in before
 * the first run has anything to show.
 */
const runDetail = lazyModule(() => import("./run-detail"), { eager: true });
type RunDetail = Awaited<ReturnType<typeof runDetail.load>>;

/** Renders `children` with the detail chunk once it is in; `waiting` (or nothing) until then. */
function WithDetail({
  children,
  waiting = null,
}: {
  children: (detail: RunDetail) => ReactNode;
  waiting?: ReactNode;
}) {
  const state = runDetail.useLoaded();
  return state.status === "ready" ? children(state.module) : waiting;
}

/** Said once, in the sequence's place, when the detail chunk did not load; nothing is lost. */
function DetailFailed() {
  return (
    <LoadFailed onRetry={runDetail.retry}>
      The run&rsquo;s panels did not load (is the connection down?). The run itself goes on; try
      again to see it.
    </LoadFailed>
  );
}

/** What every run panel is given: the run, the scenario it ran and its tag. */
export interface RunProps {
  run: BrowserRun | null;
  runFor: Scenario | null;
  tag: RunTag | null;
  /** While the learner predicts: results are not shown. */
  hidden: boolean;
  ruleInfo: RuleInfo;
}

/** The run's outcome line and the agent's side: they go with the decision table. */
export function RunResults({ run, tag, hidden, ruleInfo }: RunProps) {
  if (hidden) return null;
  return (
    <>
      {run && tag ? <RunOutcomeLine run={run} tag={tag} ruleInfo={ruleInfo} /> : null}
      <AgentSide run={run} tag={tag} ruleInfo={ruleInfo} />
    </>
  );
}

/**
 * The view: its container is where the run puts the proxy frame. It stays in the page while the
 * learner predicts (out of sight), so the run still has somewhere to render.
 */
export function ViewPanel({
  run,
  runFor,
  tag,
  hidden,
  ruleInfo,
  container,
}: RunProps & { container: RefObject<HTMLDivElement | null> }) {
  return (
    <section
      aria-labelledby="sim-view-heading"
      id="sim-view"
      className="sim-panel sim-anchor"
      data-testid="view-panel"
      hidden={hidden}
      {...(tag ? runAttributes(tag) : {})}
    >
      <div className="sim-panel-head">
        <h2 id="sim-view-heading">The view</h2>
        {tag ? <RunLabel tag={tag} /> : <p className="muted">Appears after the run.</p>}
      </div>
      {tag && !run?.proxyUrl ? <p className="muted">This run rendered no view.</p> : null}
      {run && tag && run.proxyUrl && runFor?.toolCall ? (
        <WithDetail>
          {(d) => <d.ToolCallPanel key={tag.n} run={run} ruleInfo={ruleInfo} />}
        </WithDetail>
      ) : null}
      <div ref={container} className="sim-view" data-testid="view-container" />
    </section>
  );
}

/** The conversation and the CSP: under the workbench (wide) or the view (narrow). */
export function MorePanels({ run, runFor, tag, hidden, ruleInfo }: RunProps) {
  if (hidden || !run) return null;
  return (
    <WithDetail>
      {(d) => (
        <>
          {run.conversation && run.proxyUrl ? (
            <d.ConversationPanel conversation={run.conversation} ruleInfo={ruleInfo} />
          ) : null}
          {runFor && tag ? (
            <d.CspPanel run={run} requested={runFor.resource.csp} tag={tag} />
          ) : null}
        </>
      )}
    </WithDetail>
  );
}

/** The message sequence, once a run has traced anything. */
export function SequencePanel({
  trace,
  tag,
  runCount,
  title,
  hidden,
  ruleInfo,
}: {
  trace: TraceEntry[];
  tag: RunTag | null;
  runCount: number;
  /** The scenario's caption, for a sequence drawn before the run has a tag. */
  title: string;
  hidden: boolean;
  ruleInfo: RuleInfo;
}) {
  const detail = runDetail.useLoaded();
  const placeholder = (text: string) => (
    <section aria-label="Message sequence" className="sim-panel">
      <p className="muted">{text}</p>
    </section>
  );
  if (hidden) return placeholder("The sequence is hidden while you predict.");
  if (!trace.length) return placeholder("The messages appear as it runs.");
  if (detail.status === "failed") return <DetailFailed />;
  return (
    <WithDetail waiting={placeholder("The messages appear as it runs.")}>
      {(d) => (
        <d.Sequence
          key={runCount}
          trace={trace}
          ruleInfo={ruleInfo}
          tag={tag ?? { n: runCount, title, stale: false }}
        />
      )}
    </WithDetail>
  );
}

/** The decision table: the instant preview, then the run's own; hidden while the learner predicts. */
export function TableSection({
  decision,
  pending,
  hidden,
  ruleInfo,
  hostName,
  ownHost = false,
  rowNote,
  children,
}: {
  decision: Decision;
  pending: boolean;
  hidden: boolean;
  ruleInfo: RuleInfo;
  /** The chosen host, when it is not the reference. */
  hostName?: string;
  /** The chosen host is a profile of one's own: it rests on what that profile says. */
  ownHost?: boolean;
  rowNote?: (row: RowName) => ReactNode;
  /** After the table: what the chosen host does beyond it. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="sim-table-heading" id="sim-table" className="sim-anchor">
      <h2 id="sim-table-heading">Decision table</h2>
      {hostName && !hidden ? (
        <p className="muted" data-testid="table-host">
          As {hostName} would decide it, on what{" "}
          {ownHost ? "its profile says" : "public sources and our measurements say"}.
        </p>
      ) : null}
      {!hidden ? (
        <>
          <DecisionTable
            decision={decision}
            pending={pending}
            ruleInfo={ruleInfo}
            rowNote={rowNote}
          />
          {children}
        </>
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
  ruleInfo,
}: {
  request: ConsentRequest | undefined;
  onAnswer(answer: PromptAnswer): void;
  ruleInfo: RuleInfo;
}) {
  // Until its chunk is in there is no dialog, and a request waits for it (or for Try again):
  // nothing answers on the learner's behalf.
  return (
    <WithDetail>
      {(d) => (
        <d.ConsentDialog
          request={request}
          onAnswer={onAnswer}
          note={
            <>
              The host asks before anything reaches the server (BRG-5: {ruleInfo["BRG-5"]?.title};
              asking is this host&apos;s policy).
            </>
          }
        />
      )}
    </WithDetail>
  );
}
