import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { Trace } from "./trace";
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
  /** Size and rate limits on what the proxy (and so the view) may send; see createLimits. */
  limits?: Limits;
  /**
   * Called once when more than MAX_BYPASSES messages reached the host past the proxy (see
   * ProxyTransport): the view is to be ended. Every such message is dropped unread either way.
   */
  onBypass?(why: string): void;
}

/** A message above this size is refused and traced, never parsed or stored (SBX-6). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/**
 * A view that sends more than this many messages above MAX_MESSAGE_BYTES is torn down. Our proxy
 * refuses them before relaying (public/sandbox/proxy.js) and sends a small notice instead, so the
 * host never deserializes them; a message that reaches the host anyway (posted from the proxy
 * document by script the view put there) still costs the host its deserialization, which is why
 * the host measures too (50 of 64 Mi characters froze the tab for 10–30 s).
 */
export const MAX_OVERSIZED = 3;
/** A view that sends more than this many messages within one second is torn down. */
const MAX_MESSAGES_PER_SECOND = 500;
/**
 * A view that sends more than this many bytes (as sizeUpTo measures them) within one second is
 * torn down, though each message is within MAX_MESSAGE_BYTES: 600 messages of 250 KiB, under
 * the message rate, kept the host page busy for over 10 s (issue #39).
 */
export const MAX_BYTES_PER_SECOND = 4 * 1024 * 1024;
/**
 * A view that gets more than this many messages to the host past its proxy (see ProxyTransport)
 * is torn down. Each is dropped unread; a few are let be, so that a lone one (the hostile view's
 * forged report) is traced and the run goes on, while a burst ends the view before it can keep
 * the host page busy receiving.
 */
export const MAX_BYPASSES = 3;
/** Messages from windows the host does not own: the first few are traced, the rest only counted. */
export const FOREIGN_TRACED = 20;
/** Instrumentation reports kept per run; later ones are counted only. */
const MAX_REPORTS = 2000;

export interface Limits {
  /**
   * Counts one message from the run's proxy, of `bytes` as sizeUpTo measured it; false when the
   * message rate or the byte rate was just exceeded.
   */
  count(now?: number, bytes?: number): boolean;
  /** Counts one message above the size cap; false once there were more than MAX_OVERSIZED. */
  oversized(): boolean;
  /** True once a limit was exceeded: the view's later messages are dropped unread. */
  readonly over: boolean;
  /** Counts one instrumentation report; true while it should be traced (at most MAX_REPORTS). */
  report(): boolean;
  /** Counts one message from a window the host does not own; true while it should be traced. */
  foreign(): boolean;
  /** How many foreign messages were counted. */
  readonly foreignCount: number;
  /** Called once when the message rate (or, given `why`, another limit) is exceeded. */
  exceeded(why?: string): void;
}

/**
 * Per-run limits: a rate of MAX_MESSAGES_PER_SECOND and of MAX_BYTES_PER_SECOND over a sliding
 * second, after which `onExceeded` tears the view down, and a counter for strangers' messages.
 */
export function createLimits(
  trace: Trace,
  onExceeded: (why: string) => void,
  perSecond = MAX_MESSAGES_PER_SECOND,
): Limits {
  const times: number[] = [];
  const sizes: number[] = [];
  let bytesInSecond = 0;
  let foreignCount = 0;
  let reports = 0;
  let oversized = 0;
  let over = false;
  return {
    get over() {
      return over;
    },
    oversized() {
      if (over) return false;
      oversized++;
      if (oversized > MAX_OVERSIZED) {
        over = true;
        const why = `the view sent more than ${MAX_OVERSIZED} messages above ${MAX_MESSAGE_BYTES / 1024} KiB, the host's size limit (a resource limit of this host, SBX-6)`;
        trace.event(
          "host-proxy",
          "host",
          "proxy",
          `limit: ${why}; the view is torn down`,
          "refused",
        );
        onExceeded(why);
        return false;
      }
      return true;
    },
    count(now = performance.now(), bytes = 0) {
      if (over) return false;
      times.push(now);
      sizes.push(bytes);
      bytesInSecond += bytes;
      while (times.length && times[0]! <= now - 1000) {
        times.shift();
        bytesInSecond -= sizes.shift()!;
      }
      if (times.length > perSecond) {
        over = true;
        this.exceeded();
        return false;
      }
      if (bytesInSecond > MAX_BYTES_PER_SECOND) {
        over = true;
        this.exceeded(
          `the view sent more than ${MAX_BYTES_PER_SECOND / 1024 / 1024} MiB within one second, in messages each within the ${MAX_MESSAGE_BYTES / 1024} KiB size limit (a resource limit of this host, SBX-6)`,
        );
        return false;
      }
      return true;
    },
    report() {
      reports++;
      if (reports === MAX_REPORTS + 1)
        trace.event(
          "instrumentation",
          "proxy",
          "host",
          `more than ${MAX_REPORTS} reports from the sandbox document: later ones are counted, not kept`,
          "rejected",
        );
      return reports <= MAX_REPORTS;
    },
    foreign() {
      foreignCount++;
      return foreignCount <= FOREIGN_TRACED;
    },
    get foreignCount() {
      return foreignCount;
    },
    exceeded(
      why = `the view sent more than ${perSecond} messages within one second (a resource limit of this host, SBX-6)`,
    ) {
      trace.event("host-proxy", "host", "proxy", `limit: ${why}; the view is torn down`, "refused");
      onExceeded(why);
    },
  };
}

/**
 * The size of `data` as JSON would measure it, counted only up to `cap` (so a 64 Mi-character
 * string costs nothing more than a small one): returns a number above `cap` as soon as it passes.
 * A value JSON cannot hold (a Map, a Set, a Date, a String object…) counts as above the cap: a
 * posted Map of 32 MiB has no own keys to count. The proxy's own measure (public/sandbox/proxy.js)
 * agrees with this one.
 */
export function sizeUpTo(data: unknown, cap: number): number {
  let size = 0;
  const stack: unknown[] = [data];
  let nodes = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++nodes > 100_000) return cap + 1;
    if (typeof v === "string") size += v.length + 2;
    else if (v === null || typeof v !== "object") size += 8;
    else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) size += v.byteLength;
    else if (Array.isArray(v)) {
      size += 2;
      for (const x of v) stack.push(x);
    } else if (Object.getPrototypeOf(v) !== Object.prototype) return cap + 1;
    else {
      size += 2;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        size += k.length + 4;
        stack.push(x);
      }
    }
    if (size > cap) return size;
  }
  return size;
}

/** Method of the one message that carries the host's port to our proxy (with the view's HTML). */
const RESOURCE_READY = "ui/notifications/sandbox-resource-ready";

/**
 * The host end of the bridge (BRG-1): JSON-RPC over postMessage to the sandbox proxy, never to the
 * view directly (SBX-2). Unlike a bare postMessage transport it checks `event.source` and origin
 * before parsing, posts only to the sandbox origin, and records every rejection in the trace.
 *
 * The channel (issue #39). The spec's proxy protocol is window postMessage, and a proxy that
 * follows it is served so. Our proxy offers to take a MessagePort (a `port-offer` report, sent
 * before its sandbox-proxy-ready, while no view exists): the host then sends
 * sandbox-resource-ready with a port transferred alongside, and from then on both directions use
 * that port. Reading a posted message's `data` is what makes the browser deserialize it, so once
 * the port is in place nothing posted to the host's window by the proxy's frame is read at all;
 * only script the view put in the proxy document (it shares that origin) posts there. In either
 * channel a message from a window inside the proxy (the view posting to `top`) is never read.
 * Both are the view posting past its proxy: dropped unread, traced, and `onBypass` ends the view.
 */
export class ProxyTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly listenOn: Window;
  private started = false;
  /** True once the proxy offered to take a port (before the view's HTML was sent). */
  private portOffered = false;
  /** The host's end of the channel, once handed to the proxy. */
  private port?: MessagePort;
  private resourceSent = false;
  private bypasses = 0;

  constructor(private readonly options: ProxyTransportOptions) {
    this.listenOn = options.listenOn ?? window;
  }

  /** Everything posted to the host's window: only identities are read before `data` is. */
  private readonly listener = (event: InboundEvent) => {
    const { target, trace, limits } = this.options;
    if (event.source !== target) {
      if (this.options.isOtherOwnFrame?.(event.source)) return;
      if (isInside(event.source, target)) {
        this.bypassed(
          "a window inside the sandbox proxy (the view, or a frame it made) posted to the host page itself",
        );
        return;
      }
      // A window the host does not own: counted, never stored; only the first few are traced.
      if (limits && !limits.foreign()) return;
      trace.event(
        "host-proxy",
        event.origin || "unknown",
        "host",
        "message from a window that is not the sandbox proxy: ignored, its content not kept",
        "rejected",
      );
      return;
    }
    if (this.port) {
      this.bypassed(
        "the sandbox proxy's window posted to the host page after the proxy took the host's port, which our proxy never does: script the view put in the proxy document",
      );
      return;
    }
    this.handle(event);
  };

  /** What the proxy sends on the host's port: from the proxy by construction (it alone holds it). */
  private readonly portListener = (event: MessageEvent) => {
    this.handle({ source: this.options.target, origin: this.options.origin, data: event.data });
  };

  /** One message from the run's proxy, by window or by port. */
  private handle(event: InboundEvent): void {
    const { target, origin, trace, limits } = this.options;
    // A view over its limits is being torn down: its messages are dropped before `event.data` is
    // touched, since reading it is what makes the browser deserialize a posted message.
    if (limits?.over) return;
    // SBX-6: a message above the size cap is refused before it is parsed or stored.
    const size = sizeUpTo(event.data, MAX_MESSAGE_BYTES);
    if (size > MAX_MESSAGE_BYTES) {
      this.oversized(ownId(event.data), "not parsed, not kept");
      return;
    }
    const result = classifyInbound(event, target, origin);
    // Our proxy's notice of a message it refused for its size before relaying it: the same
    // refusal, taken one hop earlier. Counted before reports are bounded, so that many reports
    // cannot hide a burst. (The view could forge one; it would only count against itself.)
    if (result.kind === "instrumentation" && result.report.type === "oversized-message") {
      this.oversized(result.report.id, "refused by the sandbox proxy before relaying");
      return;
    }
    // Our proxy's offer of a port counts only before the view's HTML is sent: no view exists then.
    if (result.kind === "instrumentation" && result.report.type === "port-offer") {
      if (this.resourceSent) return;
      this.portOffered = true;
      trace.event(
        "host-proxy",
        "proxy",
        "host",
        "the sandbox proxy takes a MessagePort (not MCP Apps): the host hands it one with sandbox-resource-ready, and from then on reads nothing posted to its window from the proxy's frame",
        "delivered",
      );
      return;
    }
    // Reports from the sandbox document are bounded on their own (the proxy sends one per message
    // it rejects, so a stranger flooding the proxy must not get the view torn down); everything
    // else the view sends counts towards its rate.
    if (result.kind === "instrumentation") {
      if (limits && !limits.report()) return;
    } else if (limits && !limits.count(performance.now(), size)) return;
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
          `reported by the sandbox document (not MCP Apps; the view shares its origin and could forge it): ${result.report.type}`,
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
  }

  /**
   * A message that reached the host past the proxy: dropped without reading it, the first one
   * traced, and the view ended once there are more than MAX_BYPASSES (SBX-2: a web host talks to
   * the view only through its proxy; ending it is this host's policy).
   */
  private bypassed(how: string): void {
    this.bypasses++;
    const { trace } = this.options;
    if (this.bypasses === 1)
      trace.event(
        "host-proxy",
        "view",
        "host",
        `a message posted past the sandbox proxy: ${how}. Dropped unread (SBX-2: a web host talks to the view only through its proxy)`,
        "rejected",
      );
    if (this.bypasses !== MAX_BYPASSES + 1) return;
    const why = `the view posted more than ${MAX_BYPASSES} messages past its sandbox proxy (${how}), each dropped unread (SBX-2: a web host talks to the view only through its proxy; ending the view is this host's policy)`;
    trace.event("host-proxy", "view", "host", `limit: ${why}; the view is torn down`, "refused");
    this.options.onBypass?.(why);
  }

  /**
   * One message above the size cap (SBX-6): counted against the view, traced, and a request
   * answered with an error, echoing its id only when that is a number or a short string.
   */
  private oversized(id: unknown, how: string): void {
    const { trace, limits } = this.options;
    if (limits && !limits.oversized()) return;
    trace.event(
      "host-proxy",
      "proxy",
      "host",
      `rejected: a message of more than ${MAX_MESSAGE_BYTES / 1024} KiB, the host's size limit (SBX-6); ${how}`,
      "rejected",
    );
    if (typeof id === "number" || (typeof id === "string" && id.length < 100)) {
      void this.send({
        jsonrpc: "2.0",
        id,
        error: { code: -32600, message: "message too large for this host (SBX-6)" },
      });
    }
  }

  async start(): Promise<void> {
    if (this.started) throw new Error("ProxyTransport already started");
    this.started = true;
    // Given (even empty) when the run took a spare proxy loaded ahead of it.
    const early = this.options.early ?? [];
    if (this.options.early) {
      this.options.trace.event(
        "host-proxy",
        "proxy",
        "host",
        early.length > 0
          ? `sandbox proxy loaded before this run: its ${early.length} earlier message(s) are handled now`
          : "sandbox proxy loaded before this run: it is still loading, its messages are handled as they come",
        "delivered",
      );
    }
    // Synchronously, before any later message event can be dispatched: order is kept.
    for (const event of early) this.listener(event);
    this.listenOn.addEventListener("message", this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const { trace, target, origin } = this.options;
    trace.message("host-proxy", "host", "proxy", message);
    if (this.port) {
      this.port.postMessage(message);
      return;
    }
    if ("method" in message && message.method === RESOURCE_READY) {
      this.resourceSent = true;
      if (this.portOffered) {
        // The port goes with the view's HTML: the proxy has it before the view exists.
        const channel = new MessageChannel();
        this.port = channel.port1;
        this.port.addEventListener("message", this.portListener);
        this.port.start();
        target.postMessage(message, origin, [channel.port2]);
        return;
      }
    }
    target.postMessage(message, origin);
  }

  async close(): Promise<void> {
    this.listenOn.removeEventListener("message", this.listener);
    this.port?.removeEventListener("message", this.portListener);
    this.port?.close();
    const foreign = this.options.limits?.foreignCount ?? 0;
    if (foreign > FOREIGN_TRACED) {
      this.options.trace.event(
        "host-proxy",
        "unknown",
        "host",
        `${foreign - FOREIGN_TRACED} more messages from windows that are not the sandbox proxy were counted, not traced`,
        "rejected",
      );
    }
    if (this.bypasses > MAX_BYPASSES + 1)
      this.options.trace.event(
        "host-proxy",
        "view",
        "host",
        `${this.bypasses - MAX_BYPASSES - 1} more messages posted past the sandbox proxy were dropped unread after the view was ended`,
        "rejected",
      );
    this.onclose?.();
  }
}

/**
 * True when `source` is a window nested inside `proxy` (the view's, or one the view made): read
 * through `parent`, which a window of another origin still exposes.
 */
function isInside(source: unknown, proxy: Window): boolean {
  let w = source as Window | null | undefined;
  for (let depth = 0; depth < 16 && w; depth++) {
    let up: Window | null | undefined;
    try {
      up = w.parent;
    } catch {
      return false;
    }
    if (!up || up === w) return false;
    if (up === proxy) return true;
    w = up;
  }
  return false;
}

/** A message's own `id`, or undefined: nothing else of it is read. */
function ownId(data: unknown): unknown {
  return typeof data === "object" && data !== null && Object.hasOwn(data, "id")
    ? (data as { id?: unknown }).id
    : undefined;
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
