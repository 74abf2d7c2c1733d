/**
 * Raw requests the SDK client would never send: a modern request naming a version no server
 * implements, or one missing a required per-request `_meta` key. The review sends them to check how
 * a modern server refuses them (core 2026-07-28: versioning line 50, basic/index line 380). They go
 * straight through a fresh transport from the same factory, recorded like any other connection.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import type { TransportFactory } from "./connect";
import { asRecord, tapTransport, WireLog } from "./wire";

/** How one raw request was answered: a JSON-RPC result or error, or why none came. */
export interface RawAnswer {
  /** The request as sent. */
  sent: Record<string, unknown>;
  /** The HTTP status of the exchange (HTTP only). */
  httpStatus?: number;
  result?: Record<string, unknown>;
  error?: { code?: unknown; message?: unknown; data?: unknown };
  /** No JSON-RPC answer: a timeout, a closed connection, an HTTP body that was not JSON-RPC. */
  failure?: string;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function answerFrom(message: unknown, id: unknown): Omit<RawAnswer, "sent"> | undefined {
  const m = asRecord(message);
  if (!m || "method" in m || m.id !== id) return undefined;
  const error = asRecord(m.error);
  return error ? { error } : { result: asRecord(m.result) ?? {} };
}

/**
 * Sends each request in turn on one fresh transport and waits for its answer. On HTTP a refusal
 * comes back as an error status whose body is the JSON-RPC error: it is read from the recorded
 * exchange. `protocolVersion` is what the transport puts in its MCP-Protocol-Version header.
 */
export async function rawRequests(
  factory: TransportFactory,
  requests: { message: Record<string, unknown>; protocolVersion: string }[],
  timeoutMs = 10_000,
): Promise<RawAnswer[]> {
  const wire = new WireLog();
  const transport = tapTransport(factory(wire), wire);
  let waiting: ((m: unknown) => void) | undefined;
  transport.onmessage = (m) => waiting?.(m);
  const out: RawAnswer[] = [];
  try {
    await transport.start();
    for (const { message, protocolVersion } of requests) {
      const id = message.id;
      const http = wire.http().length;
      (transport as { setProtocolVersion?: (v: string) => void }).setProtocolVersion?.(
        protocolVersion,
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = new Promise<Omit<RawAnswer, "sent">>((resolve) => {
        waiting = (m) => {
          const a = answerFrom(m, id);
          if (a) resolve(a);
        };
        timer = setTimeout(
          () => resolve({ failure: `no answer within ${timeoutMs} ms` }),
          timeoutMs,
        );
      });
      const sendFailed = transport.send(message as JSONRPCMessage).then(
        () => undefined,
        (e: unknown) => errorText(e),
      );
      const failed = await Promise.race([sendFailed, answered.then(() => undefined)]);
      let answer: Omit<RawAnswer, "sent">;
      const exchange = wire.http().slice(http).at(-1);
      if (failed !== undefined) {
        // HTTP: the transport throws on an error status; the body it quotes is the answer.
        let parsed: Omit<RawAnswer, "sent"> | undefined;
        try {
          parsed = answerFrom(JSON.parse(exchange?.errorBody ?? ""), id);
        } catch {
          parsed = undefined;
        }
        answer = parsed ?? { failure: failed };
      } else {
        answer = await answered;
      }
      clearTimeout(timer);
      const status = wire.http().slice(http).at(-1)?.status;
      out.push({
        sent: message,
        ...(typeof status === "number" ? { httpStatus: status } : {}),
        ...answer,
      });
    }
  } catch (e) {
    for (const { message } of requests.slice(out.length))
      out.push({ sent: message, failure: errorText(e) });
  } finally {
    await transport.close().catch(() => {});
  }
  return out;
}
