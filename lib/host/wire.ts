import type { Transport } from "@modelcontextprotocol/client";

/** One JSON-RPC message as it crossed the connection, or one HTTP exchange under it. */
export type WireEntry =
  | { seq: number; dir: "out" | "in"; message: unknown }
  | {
      seq: number;
      dir: "http";
      method: string;
      status: number | "network-error";
      /** Request headers the transport sent that matter for era detection (NEG-6). */
      headers: Record<string, string>;
      /** The response body when the status is an error (the SDK inspects a 400's body). */
      errorBody?: string;
      /**
       * The request was given up by this side (a timeout) before any response came: the server
       * may well have been reached. Only with status `network-error`.
       */
      aborted?: true;
    };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * What went over the wire on one connection, in order. The host's decision inputs are read from
 * here rather than from what the client meant to send, so a judged row always rests on evidence.
 */
export class WireLog {
  readonly entries: WireEntry[] = [];
  private seq = 0;

  /** A long-lived connection keeps only its latest `maxEntries` entries. */
  constructor(readonly maxEntries = 5000) {}

  add(entry: DistributiveOmit<WireEntry, "seq">): void {
    this.entries.push({ ...entry, seq: ++this.seq } as WireEntry);
    if (this.entries.length > this.maxEntries)
      this.entries.splice(0, this.entries.length - this.maxEntries);
  }

  /** Requests this side sent, optionally for one method, oldest first. */
  requests(method?: string): { id: unknown; method: string; params?: Record<string, unknown> }[] {
    const out: { id: unknown; method: string; params?: Record<string, unknown> }[] = [];
    for (const e of this.entries) {
      if (e.dir !== "out") continue;
      const m = asRecord(e.message);
      if (typeof m?.method !== "string" || !("id" in m)) continue;
      if (method && m.method !== method) continue;
      out.push({ id: m.id, method: m.method, params: asRecord(m.params) });
    }
    return out;
  }

  /** The response (result or error) that answered the request with this id. */
  responseTo(id: unknown): { result?: Record<string, unknown>; error?: unknown } | undefined {
    for (const e of this.entries) {
      if (e.dir !== "in") continue;
      const m = asRecord(e.message);
      if (!m || "method" in m || m.id !== id) continue;
      return "error" in m ? { error: m.error } : { result: asRecord(m.result) };
    }
    return undefined;
  }

  /** Every response that answered a request for `method`, oldest first (one per page for lists). */
  results(method: string): Record<string, unknown>[] {
    return this.requests(method)
      .map((r) => this.responseTo(r.id)?.result)
      .filter((r): r is Record<string, unknown> => r !== undefined);
  }

  http(): Extract<WireEntry, { dir: "http" }>[] {
    return this.entries.filter((e): e is Extract<WireEntry, { dir: "http" }> => e.dir === "http");
  }
}

export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

/**
 * Records every message on `transport` into `log`, in place: the object keeps its identity and
 * its own properties, so the SDK still recognises its stdio transport (it probes the era on a
 * sibling process only for the exact `StdioClientTransport`; that probe is not on this wire).
 */
export function tapTransport<T extends Transport>(transport: T, log: WireLog): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    log.add({ dir: "out", message: structuredClone(message) });
    return send(message, options);
  };
  let handler: Transport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (fn: Transport["onmessage"]) => {
      handler =
        fn &&
        ((message, extra) => {
          log.add({ dir: "in", message: structuredClone(message) });
          fn(message, extra);
        });
    },
  });
  return transport;
}

const ERA_HEADERS = ["mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id"];

/** A `fetch` that notes each HTTP exchange (status, era headers, an error's body) in `log`. */
export function recordingFetch(log: WireLog, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? "GET";
    const sent = new Headers(init?.headers);
    const headers: Record<string, string> = {};
    for (const h of ERA_HEADERS) {
      const v = sent.get(h);
      if (v !== null) headers[h] = v;
    }
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      const aborted =
        init?.signal?.aborted || (error instanceof Error && error.name === "AbortError");
      log.add({
        dir: "http",
        method,
        status: "network-error",
        headers,
        ...(aborted ? { aborted: true as const } : {}),
      });
      throw error;
    }
    let errorBody: string | undefined;
    if (response.status >= 400) {
      errorBody = (await response.clone().text()).slice(0, 2000);
    }
    log.add({ dir: "http", method, status: response.status, headers, errorBody });
    return response;
  };
}
