"use client";

import { useEffect, useRef, useState } from "react";
import type { Tool } from "@modelcontextprotocol/client";
import { ConsentDialog, useConsentPrompt } from "@/app/_components/consent-dialog";
import { GrantedPermissions, PermissionDialog, usePermissionQuestion } from "./permission-dialog";
import type { ReportItem } from "@/lib/review/report";
import { visibleText } from "@/lib/host/visible-text";
import { ReportItems } from "./report-items";
import { ViewChecks } from "./view-checks";
import { LinkDialog, useLinkQuestions } from "./link-dialog";
import { AppCalls, CALL_STATUS, MessageLog, Status, ViewRecords } from "./runner-records";
import { ToolForm } from "./tool-form";
import { useLiveRunner, type RunnerTarget } from "./use-live-runner";
import "./tool-runner.css";

interface Props {
  target: RunnerTarget;
  /** The era the review found; the runner's connection opens in it (NEG-6). */
  era?: "modern" | "legacy";
  /** The UI tool as the review found it. */
  tool: { name: string; tool: Tool };
  /**
   * The rendered view's own checks and the last real call's judged result, each time they change
   * (the review's report takes them, as the CLI's --render and --call put them in its report).
   */
  onViewChecks?: (items: ReportItem[]) => void;
  /** The tools the view has called so far (app-initiated, refused ones too), for "Works in". */
  onAppCalls?: (names: string[]) => void;
}

/**
 * One UI tool of a real server: a form from its `inputSchema`, the real call, and the real view
 * in the sandbox proxy with a bridge that serves it (lib/review/live-view, loaded on Run).
 */
export function ToolRunner({ target, era, tool, onViewChecks, onAppCalls }: Props) {
  // BRG-5: the live view's ConsentQueue asks one question at a time; the page shows it.
  const consent = useConsentPrompt();
  const permissions = usePermissionQuestion();
  const links = useLinkQuestions();
  const { busy, problem, snapshot, fullscreen, frame, start, closeView, leaveFullscreen, observe } =
    useLiveRunner(target, era, tool.tool, {
      askPerson: consent.ask,
      answerPerson: consent.answer,
      askPermissions: permissions.ask,
      cancelPermissions: permissions.cancel,
      askLink: links.ask,
      declineLinks: links.declineAll,
    });

  // A real Run's judged result settles the report's "useful text content" (and adds the call's
  // items), as --call does; a later Preview calls nothing, so it keeps the last call's verdicts.
  const [viewItems, setViewItems] = useState<ReportItem[]>([]);
  const lastCall = useRef<ReportItem[]>([]);
  const judged = snapshot?.callItems;
  const tell = useRef(onViewChecks);
  useEffect(() => {
    tell.current = onViewChecks;
  });
  useEffect(() => {
    if (judged?.length) lastCall.current = judged;
    if (viewItems.length || lastCall.current.length)
      tell.current?.([...viewItems, ...lastCall.current]);
  }, [viewItems, judged]);

  // The tools the view called, told once per new name: "Works in" puts each through every host.
  const called = [
    ...new Set(
      (snapshot?.appCalls ?? []).filter((c) => c.method === "tools/call").map((c) => c.target),
    ),
  ].join("\n");
  const tellCalls = useRef(onAppCalls);
  useEffect(() => {
    tellCalls.current = onAppCalls;
  });
  useEffect(() => {
    if (called) tellCalls.current?.(called.split("\n"));
  }, [called]);

  // Once the view is in its frame, the frame is scrolled into sight: the person wants to see it,
  // and Chromium gives an off-screen cross-origin frame no animation frames, so an ext-apps view
  // below the fold would never measure and report its size.
  const viewShown = snapshot?.state === "loading" || snapshot?.state === "initialized";
  useEffect(() => {
    if (viewShown) frame.current?.scrollIntoView({ block: "nearest" });
  }, [viewShown, frame]);

  return (
    <section className="tool-runner" data-testid="tool-runner" aria-label={`Run ${tool.name}`}>
      <h3>Run it</h3>
      <ToolForm
        name={tool.name}
        tool={tool.tool}
        busy={busy}
        shown={!!snapshot}
        onRun={(args, handshakeMs, preview) => void start(args, handshakeMs, preview)}
        onClose={closeView}
      />
      {problem ? (
        <p role="alert" className="notice" data-testid="runner-problem">
          {problem}
        </p>
      ) : null}
      {snapshot ? <Status s={snapshot} /> : null}
      <GrantedPermissions grant={snapshot?.permissions} />
      <div
        ref={frame}
        className={fullscreen ? "runner-frame fullscreen" : "runner-frame"}
        data-testid="review-view"
        data-state={snapshot?.state ?? "idle"}
      >
        {fullscreen ? (
          <button type="button" className="secondary runner-exit" onClick={leaveFullscreen}>
            Leave full screen (Escape)
          </button>
        ) : null}
      </div>
      {/* After the view, not above it: a view pushed below the fold gets no animation frames from
          Chromium (off-screen cross-origin frame), so an ext-apps view could not report its size
          or finish work that waits for a frame until the person scrolled to it. */}
      {snapshot?.callItems?.length ? (
        <ReportItems
          items={snapshot.callItems}
          caption="The result, judged as the review's --call judges it"
          captionShown
          testId="call-items"
          statusLabel={CALL_STATUS}
        />
      ) : null}
      {snapshot && snapshot.state !== "calling" && snapshot.state !== "text" ? (
        <ViewChecks
          tool={tool.name}
          log={snapshot.log}
          state={snapshot.state}
          failures={snapshot.failures}
          startedAt={snapshot.startedAt}
          {...(snapshot.initMs !== undefined ? { initMs: snapshot.initMs } : {})}
          onItems={setViewItems}
        />
      ) : null}
      {snapshot ? (
        <>
          <AppCalls s={snapshot} observe={observe} />
          <ViewRecords s={snapshot} />
          <MessageLog log={snapshot.log} />
        </>
      ) : null}
      <PermissionDialog asking={permissions.asking} onAnswer={permissions.answer} />
      <LinkDialog links={links} onCloseView={closeView} />
      {consent.withdrawn ? (
        <p role="status" className="notice" data-testid="consent-withdrawn">
          {visibleText(consent.withdrawn)}
        </p>
      ) : null}
      <ConsentDialog
        request={consent.request}
        onAnswer={consent.answer}
        offerAlways
        note="Nothing reaches the server unless you allow it (BRG-5; asking is this host's policy)."
      />
    </section>
  );
}
