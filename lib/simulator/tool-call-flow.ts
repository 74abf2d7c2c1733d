import type { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { agentArguments } from "./agent-arguments";
import { partialArguments } from "./partial-input";
import type { Scenario } from "./scenario";
import type { Channel, Trace } from "../host/view/trace";

/** The agent's call of the UI tool while the server works on it: see SimHost.agentTurn. */
export interface PendingToolCall {
  /** The result; undefined when the call was cancelled first. */
  done: Promise<CallToolResult | undefined>;
  /** Aborts the request (the client sends notifications/cancelled); false if it had already ended. */
  cancel(reason: string): boolean;
}

/**
 * "in-flight": the server is still working; "completed": it answered (tool-result follows or has
 * gone); "cancelled": it was cancelled (tool-cancelled follows or has gone); "failed": the
 * request itself failed, so there is no result to send.
 */
export type ToolCallState = "in-flight" | "completed" | "cancelled" | "failed";

export interface ToolCallReport {
  state: ToolCallState;
  /** How many tool-input-partial notifications the view was sent. */
  partials: number;
  /** Whether tool-input went out. */
  inputSent: boolean;
  /** The reason given in tool-cancelled. */
  reason?: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * What the host sends a view about the agent's call, once the view has said initialized (SBX-5):
 * BRG-3's order, kept by construction. The input in `toolCall.inputParts` parts: that many minus
 * one tool-input-partial, then tool-input, then never a partial again; then tool-result when the
 * call completes, or tool-cancelled when it is cancelled, for any reason, and nothing after that.
 * Shared by the headless run and the browser run.
 */
export class ToolCallFlow {
  private state: ToolCallState;
  private partials = 0;
  private inputSent = false;
  private reason?: string;
  private bridge?: AppBridge;
  /** True once tool-result or tool-cancelled went out (or the call failed): the view is told all. */
  private ended = false;
  private readonly result: Promise<CallToolResult | undefined>;
  private readonly finish = deferred();
  /** Settles once the view has been sent the call's end (tool-result or tool-cancelled). */
  readonly finished = this.finish.promise;

  constructor(
    private readonly scenario: Scenario,
    turn: {
      toolResult?: CallToolResult;
      call?: PendingToolCall;
      /** What the host makes of the result before the view gets it (a host profile's, OUT-2). */
      resultForView?: (result: CallToolResult) => CallToolResult;
    },
    private readonly trace: Trace,
    /** The channel the view is on ("host-proxy" in the browser, "host-view" headless). */
    private readonly channel: Channel,
    private readonly to: string,
    /** Called after every change of the report. */
    private readonly onChange: () => void = () => {},
  ) {
    this.pending = turn.call;
    this.resultForView = turn.resultForView ?? ((r) => r);
    this.state = turn.call ? "in-flight" : "completed";
    this.result = turn.call
      ? turn.call.done.then(
          (r) => {
            if (this.state === "in-flight" && r) this.set("completed");
            return r;
          },
          (error: unknown) => {
            if (this.state === "in-flight") {
              this.set("failed");
              this.note(`tools/call failed: ${(error as Error).message}; no tool-result to send`);
            }
            return undefined;
          },
        )
      : Promise.resolve(turn.toolResult ?? { content: [] });
  }

  private readonly pending?: PendingToolCall;
  private readonly resultForView: (result: CallToolResult) => CallToolResult;

  report(): ToolCallReport {
    return {
      state: this.state,
      partials: this.partials,
      inputSent: this.inputSent,
      ...(this.reason ? { reason: this.reason } : {}),
    };
  }

  /** A method, not a field test, so TypeScript does not narrow it across awaits. */
  private isCancelled(): boolean {
    return this.state === "cancelled";
  }

  private set(state: ToolCallState) {
    this.state = state;
    this.onChange();
  }

  private note(text: string) {
    this.trace.event(this.channel, "host", this.to, text);
  }

  /**
   * Sends the input (partials, then tool-input) and, when the call has already answered, its
   * result; resolves once tool-input is out, or once tool-cancelled is, when the call was
   * cancelled while the input streamed. A call still running ends later, through `finished`.
   * Call it after the view's ui/notifications/initialized, once.
   */
  async deliver(bridge: AppBridge): Promise<void> {
    this.bridge = bridge;
    if (this.isCancelled()) return this.sendCancelled();
    const s = this.scenario.toolCall;
    const args = agentArguments(this.scenario);
    const parts = partialArguments(args, s?.inputParts ?? 1);
    if (parts.length)
      this.note(
        `the agent's arguments arrive in ${parts.length + 1} parts: ${parts.length} tool-input-partial, then tool-input, and no partial after it (BRG-3)`,
      );
    for (const [i, partial] of parts.entries()) {
      if (i > 0 && s?.partIntervalMs) await sleep(s.partIntervalMs);
      if (this.isCancelled()) return;
      await bridge.sendToolInputPartial({ arguments: partial });
      this.partials++;
      this.onChange();
    }
    if (parts.length && s?.partIntervalMs) await sleep(s.partIntervalMs);
    if (this.isCancelled()) return;
    await bridge.sendToolInput({ arguments: args });
    this.inputSent = true;
    this.onChange();
    if (this.state === "in-flight" && s?.cancelAfterMs !== undefined) {
      const reason = s.cancelReason;
      setTimeout(() => void this.cancel(reason), s.cancelAfterMs);
    }
    const sendResult = this.result.then(async (result) => {
      if (this.ended || this.state === "cancelled") return;
      this.ended = true;
      // BRG-3: tool-result when the call completes, after tool-input.
      if (result) await bridge.sendToolResult(this.resultForView(result)).catch(() => undefined);
      this.finish.resolve();
    });
    // A call that has already answered is sent its result before this resolves, as before.
    if (!this.pending) await sendResult;
  }

  /**
   * Cancels a call still running: the request is aborted (notifications/cancelled to the server)
   * and, once the view is initialized, it is sent tool-cancelled instead of tool-result (BRG-3);
   * before that, tool-cancelled goes out as soon as `deliver` runs (and a view that never
   * initializes is sent nothing, SBX-5). False if nothing was running.
   */
  async cancel(reason: string): Promise<boolean> {
    if (this.state !== "in-flight") return false;
    this.reason = reason;
    this.set("cancelled");
    this.pending?.cancel(reason);
    this.note(
      `tool call cancelled (${reason}): the request is aborted and the view is sent ui/notifications/tool-cancelled, never tool-result (BRG-3)`,
    );
    // Before the view is initialized nothing is sent (SBX-5): `deliver` sends it first thing.
    if (this.bridge) await this.sendCancelled();
    return true;
  }

  private async sendCancelled() {
    if (this.ended) return;
    this.ended = true;
    await this.bridge!.sendToolCancelled({ reason: this.reason! }).catch(() => undefined);
    this.finish.resolve();
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
