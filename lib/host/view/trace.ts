import type { Transport } from "@modelcontextprotocol/client";
import { keptCopy, type Clipped } from "./kept-copy";

/** Which link a message crossed. Headless runs have no proxy: the view talks to the host directly. */
export type Channel = "host-server" | "host-proxy" | "proxy-view" | "host-view" | "instrumentation";

/** What became of a message: delivered, refused by a host gate, blocked by the browser, or rejected as invalid. */
export type TraceStatus =
  "delivered" | "refused" | "blocked" | "rejected" | "cache-hit" | "cache-miss";

export interface TraceEntry {
  seq: number;
  /** Milliseconds since the trace started. */
  at: number;
  channel: Channel;
  from: string;
  to: string;
  kind: "request" | "response" | "error" | "notification" | "event";
  method?: string;
  id?: string | number;
  status: TraceStatus;
  note?: string;
  /**
   * The message as the trace keeps it: whole, or with its longest strings cut (see `clipped`). Its
   * handler got it whole; kind, method and id above were read from the whole message.
   */
  message?: unknown;
  /** The strings of `message` the trace cut to their first KEPT_STRING_CHARS characters. */
  clipped?: Clipped;
}

/** Classifies a JSON-RPC message for the trace without trusting its shape. */
function describeMessage(message: unknown): Pick<TraceEntry, "kind" | "method" | "id"> {
  const m = (typeof message === "object" && message !== null ? message : {}) as Record<
    string,
    unknown
  >;
  const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined;
  const method = typeof m.method === "string" ? m.method : undefined;
  if (method) return { kind: id === undefined ? "notification" : "request", method, id };
  if ("error" in m) return { kind: "error", id };
  return { kind: "response", id };
}

/** Entries one run's trace keeps before it summarises the oldest. */
const DEFAULT_MAX_ENTRIES = 2000;

/**
 * An ordered record of every message and decision of one run. Responses are labelled with the
 * method of the request they answer, so a reader never has to match ids by hand.
 */
export class Trace {
  readonly entries: TraceEntry[] = [];
  private readonly start: number;
  private readonly pending = new Map<string, string>();
  private summarised = 0;
  private readonly summaryCounts = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    /**
     * The most entries one run keeps. Past it, the oldest are folded into one summary entry at the
     * top (how many, and of which status), so a flooding view cannot grow the trace without bound.
     */
    readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    this.start = now();
  }

  /** How many entries were folded into the summary. */
  get summarisedCount(): number {
    return this.summarised;
  }

  /** Records a message crossing `channel` from `from` to `to`. */
  message(
    channel: Channel,
    from: string,
    to: string,
    message: unknown,
    status: TraceStatus = "delivered",
    note?: string,
  ) {
    const d = describeMessage(message);
    let method = d.method;
    if (d.kind === "request" && d.id !== undefined)
      this.pending.set(`${channel}:${from}:${d.id}`, d.method!);
    if ((d.kind === "response" || d.kind === "error") && d.id !== undefined) {
      const reqKey = `${channel}:${to}:${d.id}`;
      method = this.pending.get(reqKey);
      this.pending.delete(reqKey);
    }
    return this.push({ channel, from, to, ...d, method, status, note, message });
  }

  /** Records a decision or browser event that is not itself a protocol message. */
  event(
    channel: Channel,
    from: string,
    to: string,
    note: string,
    status: TraceStatus = "delivered",
    message?: unknown,
  ) {
    return this.push({ channel, from, to, kind: "event", status, note, message });
  }

  private push(e: Omit<TraceEntry, "seq" | "at" | "clipped">): TraceEntry {
    // A bounded copy: a view logging 250 KiB messages must not have the page keep them whole.
    const kept = e.message === undefined ? undefined : keptCopy(e.message);
    const entry: TraceEntry = {
      seq: ++this.seq,
      at: Math.round((this.now() - this.start) * 10) / 10,
      ...e,
      ...(kept ? { message: kept.value } : {}),
      ...(kept?.clipped ? { clipped: kept.clipped } : {}),
    };
    this.entries.push(entry);
    if (this.entries.length > this.maxEntries) this.compact();
    return entry;
  }

  /** Folds the oldest tenth of the entries into the summary entry (kept first). */
  private compact() {
    const hasSummary = this.summarised > 0;
    const from = hasSummary ? 1 : 0;
    const removed = this.entries.splice(from, Math.max(1, Math.floor(this.maxEntries / 10)));
    for (const r of removed) {
      this.summarised++;
      this.summaryCounts.set(r.status, (this.summaryCounts.get(r.status) ?? 0) + 1);
    }
    const counts = [...this.summaryCounts].map(([k, n]) => `${n} ${k}`).join(", ");
    const summary: TraceEntry = {
      seq: 0,
      at: removed[removed.length - 1]?.at ?? 0,
      channel: "host-proxy",
      from: "host",
      to: "trace",
      kind: "event",
      status: "delivered",
      note: `${this.summarised} earlier entries summarised (${counts}): this trace keeps the latest ${this.maxEntries}`,
    };
    if (hasSummary) this.entries[0] = summary;
    else this.entries.unshift(summary);
  }
}

/** Wraps a transport so every message it sends is recorded on `channel` before it leaves. */
export function tracedTransport(
  t: Transport,
  trace: Trace,
  channel: Channel,
  from: string,
  to: string,
): Transport {
  const send = t.send.bind(t);
  t.send = (message, options) => {
    trace.message(channel, from, to, message);
    return send(message, options);
  };
  return t;
}
