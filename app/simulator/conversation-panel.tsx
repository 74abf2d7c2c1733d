"use client";

import type { RuleInfo } from "@/lib/rules/info";
import type { ConversationSnapshot } from "@/lib/simulator/conversation";
import { RuleLink } from "./panels";

/**
 * BRG-4: the conversation a chat host would show. A view's ui/message joins the transcript; its
 * ui/update-model-context is not a message but what the model will be given on its next turn, and
 * each update replaces the one before.
 */
export function ConversationPanel({
  conversation,
  ruleInfo,
}: {
  conversation: ConversationSnapshot;
  ruleInfo: RuleInfo;
}) {
  const context = conversation.modelContext;
  return (
    <section
      aria-labelledby="sim-conversation-heading"
      className="sim-panel"
      data-testid="conversation"
    >
      <h2 id="sim-conversation-heading">The conversation</h2>
      <p className="muted">
        A simulated transcript: the simulator has no model. The view&apos;s <code>ui/message</code>{" "}
        joins it <RuleLink id="BRG-4" ruleInfo={ruleInfo} />.
      </p>
      <ol data-testid="transcript" className="sim-transcript">
        {conversation.transcript.map((m, i) => (
          <li key={i} data-from={m.from} data-draft={m.draft ? "true" : undefined}>
            <strong>
              {m.from === "agent"
                ? "Agent"
                : m.draft
                  ? `Drafted in the chat input, not sent (${m.role ?? "no role"})`
                  : `From the view (${m.role ?? "no role"})`}
              :
            </strong>{" "}
            {m.text || <span className="muted">(no text content)</span>}
          </li>
        ))}
      </ol>
      <h3>What the model will see on its next turn</h3>
      {context ? (
        <div data-testid="model-context" data-updates={context.updates}>
          <pre tabIndex={0}>{context.text || "(no text content)"}</pre>
          {context.structured ? <pre tabIndex={0}>{context.structured}</pre> : null}
          <p className="muted">
            The latest of {context.updates} <code>ui/update-model-context</code> update
            {context.updates === 1 ? "" : "s"}: each replaces the one before, and only the last is
            passed on <RuleLink id="BRG-4" ruleInfo={ruleInfo} />.
          </p>
        </div>
      ) : (
        <p className="muted" data-testid="model-context-empty">
          Nothing yet: the view has sent no <code>ui/update-model-context</code>.
        </p>
      )}
    </section>
  );
}
