import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { asRecord } from "./wire";

/** One recorded request and what the server answered (`null`: it never answered). */
interface RecordedExchange {
  method: string;
  response:
    { result: unknown } | { error: { code: number; message: string; data?: unknown } } | null;
}

/** A recorded server, for peers that cannot run in a test (a published package, a silent server). */
export interface Transcript {
  /** Where the recording comes from, e.g. the package and version and how it was started. */
  source: string;
  /** `stdio` transcripts replay on a stdio-shaped transport, so the SDK applies stdio's rules. */
  transport: "stdio";
  exchanges: RecordedExchange[];
}

/**
 * A transport that plays a recorded server: each request is answered with the next unused
 * exchange recorded for its method, under the request's own id. It is stdio-shaped (it has
 * `stderr` and `pid`), so the SDK classifies it as stdio and probes in place: a silent probe
 * then times out into the legacy fallback, as NEG-6 says for stdio.
 */
export class ReplayTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly stderr = null;
  readonly pid = 0;
  /** Requests that had no recorded exchange left (a test can assert there were none). */
  readonly unexpected: string[] = [];
  private used = new Set<number>();

  constructor(private readonly transcript: Transcript) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const m = asRecord(message);
    if (typeof m?.method !== "string" || !("id" in m)) return; // notifications need no answer
    const index = this.transcript.exchanges.findIndex(
      (x, i) => !this.used.has(i) && x.method === m.method,
    );
    if (index < 0) {
      this.unexpected.push(m.method);
      this.reply({
        jsonrpc: "2.0",
        id: m.id,
        error: { code: -32601, message: "Method not found" },
      });
      return;
    }
    this.used.add(index);
    const response = this.transcript.exchanges[index]?.response;
    if (response) this.reply({ jsonrpc: "2.0", id: m.id, ...response });
  }

  private reply(message: unknown) {
    queueMicrotask(() => this.onmessage?.(message as JSONRPCMessage));
  }
}
