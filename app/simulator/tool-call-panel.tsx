"use client";

import type { RuleInfo } from "@/lib/rules/info";
import { useState } from "react";
import type { BrowserRun } from "@/lib/simulator/run-in-browser";
import { RuleLink } from "./panels";

const STATE_TEXT = {
  "in-flight": "still running on the server",
  completed: "answered: the view is sent tool-result",
  cancelled: "cancelled: the view is sent tool-cancelled, and no tool-result",
  failed: "failed: the request itself got an error, so there is no result to send",
} as const;

/**
 * BRG-3: the agent's call of the UI tool as the view is told it: how many partial inputs went
 * before tool-input, whether the call is still running, and a Cancel button while it is. Shown
 * only for a scenario whose call streams or takes time (scenario `toolCall`).
 */
export function ToolCallPanel({ run, ruleInfo }: { run: BrowserRun; ruleInfo: RuleInfo }) {
  const [cancelling, setCancelling] = useState(false);
  const call = run.toolCall;
  if (!call) return null;
  const running = call.state === "in-flight";
  return (
    <div
      className="sim-tool-call"
      data-testid="tool-call"
      data-tool-call={call.state}
      data-input-partials={call.partials}
    >
      <p>
        The agent&apos;s call: <strong>{STATE_TEXT[call.state]}</strong>
        {call.reason ? <> (reason given: &ldquo;{call.reason}&rdquo;)</> : null}.{" "}
        {call.partials
          ? `Its input reached the view in ${call.partials} partial notification${call.partials === 1 ? "" : "s"}${call.inputSent ? ", then whole in tool-input; no partial follows tool-input" : " so far"}.`
          : call.inputSent
            ? "Its input reached the view whole, in tool-input."
            : "The view has not been sent its input yet."}{" "}
        <RuleLink id="BRG-3" ruleInfo={ruleInfo} />
      </p>
      {running ? (
        <button
          type="button"
          disabled={cancelling}
          onClick={() => {
            setCancelling(true);
            void run.cancelToolCall?.("The user pressed Cancel.");
          }}
        >
          Cancel the tool call
        </button>
      ) : null}
    </div>
  );
}
