import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { Trace } from "../trace";
import { classifyInbound, type InboundEvent, type InstrumentationReport } from "./inbound";

export interface ProxyTransportOptions {
  /** The proxy iframe's window. */
  target: Window;
  /** The sandbox origin; every message is sent to it alone and accepted only from it. */
  origin: string;
  trace: Trace;
  onInstrumentation?(report: InstrumentationReport): void;
  /** Where to listen; the host page's window. */
  listenOn?: Window;
  /**
   * Messages the proxy posted before this transport existed (a spare proxy loaded ahead of the
   * run, see ProxyPool). They are checked and traced on start, before anything that arrives later.
   */
  early?: readonly InboundEvent[];
  /**
   * True for windows of the host's own that are not this run's proxy (the spare proxy being loaded
   * for the next run): their messages are left to their own listener, neither handled nor traced.
   */
  isOtherOwnFrame?: (source: unknown) => boolean;
}

/**
 * The host end of the bridge (BRG-1): JSON-RPC over postMessage to the sandbox proxy, never to the
 * view directly (SBX-2). Unlike a bare postMessage transport it checks `event.source` and origin
 * before parsing, posts only to the sandbox origin, and records every rejection in the trace.
 */
export class ProxyTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly listenOn: Window;
  private started = false;

  constructor(private readonly options: ProxyTransportOptions) {
    this.listenOn = options.listenOn ?? window;
  }

  private readonly listener = (event: InboundEvent) => {
    const { target, origin, trace } = this.options;
    if (event.source !== target && this.options.isOtherOwnFrame?.(event.source)) return;
    const result = classifyInbound(event, target, origin);
    switch (result.kind) {
      case "valid":
        trace.message("host-proxy", "proxy", "host", result.message);
        this.onmessage?.(result.message);
        return;
      case "instrumentation":
        trace.event(
          "instrumentation",
          "proxy",
          "host",
          `instrumentation (not MCP Apps): ${result.report.type}`,
          "delivered",
          result.report,
        );
        this.options.onInstrumentation?.(result.report);
        return;
      case "ignore":
        trace.event(
          "host-proxy",
          event.origin || "unknown",
          "host",
          result.reason,
          "rejected",
          safeCopy(event.data),
        );
        return;
      case "invalid":
        trace.event("host-proxy", "proxy", "host", result.reason, "rejected", safeCopy(event.data));
        return;
    }
  };

  async start(): Promise<void> {
    if (this.started) throw new Error("ProxyTransport already started");
    this.started = true;
    const early = this.options.early ?? [];
    if (early.length > 0) {
      this.options.trace.event(
        "host-proxy",
        "proxy",
        "host",
        `sandbox proxy loaded before this run: its ${early.length} earlier message(s) are handled now`,
        "delivered",
      );
    }
    // Synchronously, before any later message event can be dispatched: order is kept.
    for (const event of early) this.listener(event);
    this.listenOn.addEventListener("message", this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.options.trace.message("host-proxy", "host", "proxy", message);
    this.options.target.postMessage(message, this.options.origin);
  }

  async close(): Promise<void> {
    this.listenOn.removeEventListener("message", this.listener);
    this.onclose?.();
  }
}

/** A structured-clone-safe, size-bounded copy of untrusted data for the trace. */
function safeCopy(data: unknown): unknown {
  try {
    const text = JSON.stringify(data);
    if (text === undefined) return String(data);
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : JSON.parse(text);
  } catch {
    return String(data);
  }
}
