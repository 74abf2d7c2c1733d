// BRG-4: what the view's ui/message and ui/update-model-context do to the conversation. The
// simulator has no model: it keeps the transcript a chat host would show and the context it would
// hand the model on its next turn, so both can be seen.

/** One content block as the bridge carries it; only text is shown as text. */
interface Block {
  type: string;
  text?: string;
}

export interface TranscriptEntry {
  /** "agent": the agent's own call of the UI tool; "view": a ui/message the host added. */
  from: "agent" | "view";
  /** The role the message claims (`ui/message` params.role). */
  role?: string;
  text: string;
  /** A host that drafts ui/message into the chat input put it there, unsent (a host profile's). */
  draft?: true;
}

export interface ModelContext {
  /** The text blocks of the latest update, joined; the structured part as JSON. */
  text: string;
  structured?: string;
  /** How many updates the view has sent; only the last counts (BRG-4). */
  updates: number;
}

export interface ConversationSnapshot {
  transcript: TranscriptEntry[];
  modelContext?: ModelContext;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return (content as Block[])
    .map((b) => (b && b.type === "text" && typeof b.text === "string" ? b.text : `[${b?.type}]`))
    .join("\n");
}

/** The simulated conversation one run adds to. */
export class Conversation {
  private transcript: TranscriptEntry[] = [];
  private context?: ModelContext;
  private readonly listeners = new Set<() => void>();

  constructor(toolName: string) {
    this.transcript.push({ from: "agent", text: `The agent called ${toolName}.` });
  }

  /** BRG-4: the host SHOULD add ui/message to the conversation; here it is added as sent. */
  addMessage(params: { role?: unknown; content?: unknown }, how: { draft?: boolean } = {}): void {
    this.transcript.push({
      from: "view",
      role: typeof params.role === "string" ? params.role : undefined,
      text: textOf(params.content),
      ...(how.draft ? { draft: true as const } : {}),
    });
    this.changed();
  }

  /**
   * BRG-4: each update replaces the one before; the model's next turn sees only the latest.
   */
  updateModelContext(params: { content?: unknown; structuredContent?: unknown }): void {
    this.context = {
      text: textOf(params.content),
      ...(params.structuredContent !== undefined
        ? { structured: JSON.stringify(params.structuredContent) }
        : {}),
      updates: (this.context?.updates ?? 0) + 1,
    };
    this.changed();
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  snapshot(): ConversationSnapshot {
    return {
      transcript: [...this.transcript],
      ...(this.context ? { modelContext: { ...this.context } } : {}),
    };
  }
}
