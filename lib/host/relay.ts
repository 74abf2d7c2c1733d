import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { StdioProcesses, stdioTransport } from "./stdio";
import { WireLog } from "./wire";

/**
 * A local relay: a stdio MCP server made reachable over Streamable HTTP, so a browser host (the
 * review page) can connect to it. Node only.
 *
 * Each legacy session (an `initialize` POST) gets a server process of its own, as a stdio host
 * would start one per connection, and an `Mcp-Session-Id`; DELETE ends it. Requests outside a
 * session (the 2026-07-28 era has no session) go to one shared process, started again if it
 * exits. Ids are rewritten on the way in, so two clients using the same ids cannot receive each
 * other's answers. Each request is answered as `application/json`; a notification gets 202.
 * The relay offers no event stream (GET is 405), so what the server sends on its own —
 * notifications, and requests to the client, which it answers with an error — goes nowhere:
 * the relay says so on stderr. Only `allowOrigin` may call it from a page (CORS), and it listens
 * on 127.0.0.1 only.
 */
/** The request headers the SDK's Streamable HTTP client sends, which a page's CORS must allow. */
export const MCP_ALLOW_HEADERS =
  "content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id";

export interface RelayOptions {
  command: string;
  /** 0 picks a free port. */
  port?: number;
  /** The page origin allowed to call the relay (CORS); others get no CORS headers. */
  allowOrigin: string;
  /** How long one request may wait for the server's answer. */
  requestTimeoutMs?: number;
  cwd?: string;
  onStderr?(text: string): void;
  /** What the relay did that a reader should know (a process started or ended, a drop). */
  onNote?(text: string): void;
}

export interface Relay {
  url: string;
  processes: StdioProcesses;
  close(): Promise<void>;
}

type Pending = { resolve(m: JSONRPCMessage): void; timer: NodeJS.Timeout };

/** One server process behind the relay, with the requests waiting for its answers. */
class Upstream {
  private transport?: Transport;
  private started?: Promise<void>;
  private readonly pending = new Map<string, Pending>();
  private next = 0;
  closed = false;

  constructor(
    private readonly make: () => Transport,
    private readonly note: (text: string) => void,
    readonly label: string,
  ) {}

  private start(): Promise<void> {
    if (this.started) return this.started;
    const t = this.make();
    this.transport = t;
    t.onmessage = (m) => this.receive(m);
    t.onclose = () => {
      this.closed = true;
      for (const [, p] of this.pending) {
        clearTimeout(p.timer);
        p.resolve(relayError(null, -32000, `the ${this.label} server process ended`));
      }
      this.pending.clear();
    };
    t.onerror = (e) => this.note(`${this.label}: ${e.message}`);
    this.started = t.start();
    return this.started;
  }

  private receive(m: JSONRPCMessage) {
    const r = m as { id?: string | number; method?: string };
    if (r.method !== undefined) {
      if (r.id !== undefined) {
        this.note(
          `${this.label}: the server asked the client ${r.method}; the relay cannot pass it`,
        );
        void this.transport?.send(
          relayError(r.id, -32601, "the relay passes no server-to-client requests"),
        );
      } else this.note(`${this.label}: dropped the server's ${r.method} (no event stream)`);
      return;
    }
    const key = String(r.id);
    const p = this.pending.get(key);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(key);
    p.resolve(m);
  }

  async notify(m: JSONRPCMessage): Promise<void> {
    await this.start();
    await this.transport!.send(m);
  }

  /** Sends `m` under an id of the relay's own and resolves with the answer under the original id. */
  async request(m: JSONRPCMessage & { id: string | number }, timeoutMs: number) {
    await this.start();
    const id = `relay-${++this.next}`;
    const answer = new Promise<JSONRPCMessage>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(
          relayError(
            null,
            -32001,
            `the ${this.label} server did not answer within ${timeoutMs} ms`,
          ),
        );
      }, timeoutMs);
      this.pending.set(id, { resolve, timer });
    });
    await this.transport!.send({ ...m, id } as JSONRPCMessage);
    const a = (await answer) as Record<string, unknown>;
    return { ...a, id: m.id } as JSONRPCMessage;
  }

  async close() {
    this.closed = true;
    await this.transport?.close();
  }
}

function relayError(id: string | number | null, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startRelay(o: RelayOptions): Promise<Relay> {
  const processes = new StdioProcesses();
  const note = o.onNote ?? (() => {});
  const factory = stdioTransport(o.command, {
    processes,
    ...(o.cwd ? { cwd: o.cwd } : {}),
    onStderr: (t) => o.onStderr?.(t),
  });
  // The relay keeps no wire log of its own: what crosses it is logged by the client that called it.
  const make = () => factory(new WireLog());
  const timeoutMs = o.requestTimeoutMs ?? 60_000;
  const sessions = new Map<string, Upstream>();
  let shared: Upstream | undefined;
  const sharedUpstream = () => {
    if (!shared || shared.closed) shared = new Upstream(make, note, "shared");
    return shared;
  };

  const cors = (req: IncomingMessage): Record<string, string> =>
    req.headers.origin === o.allowOrigin
      ? {
          "access-control-allow-origin": o.allowOrigin,
          "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
          "access-control-allow-headers": MCP_ALLOW_HEADERS,
          "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
          vary: "origin",
        }
      : { vary: "origin" };

  const json = (
    res: ServerResponse,
    req: IncomingMessage,
    status: number,
    body: unknown,
    extra = {},
  ) => {
    res.writeHead(status, { "content-type": "application/json", ...cors(req), ...extra });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors(req));
      return res.end();
    }
    const sessionId = req.headers["mcp-session-id"];
    const sid = typeof sessionId === "string" ? sessionId : undefined;
    if (req.method === "DELETE") {
      const s = sid ? sessions.get(sid) : undefined;
      if (!s) return json(res, req, 404, relayError(null, -32000, "no such session"));
      sessions.delete(sid!);
      await s.close();
      note(`session ${sid} ended by the client`);
      res.writeHead(204, cors(req));
      return res.end();
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST, DELETE, OPTIONS", ...cors(req) });
      return res.end();
    }
    let message: unknown;
    try {
      message = JSON.parse(await readBody(req));
    } catch {
      return json(res, req, 400, relayError(null, -32700, "the body is not JSON"));
    }
    const m = message as { id?: string | number; method?: string };
    if (typeof m !== "object" || m === null || Array.isArray(m)) {
      return json(
        res,
        req,
        400,
        relayError(null, -32600, "the relay takes one JSON-RPC message per POST"),
      );
    }
    let upstream: Upstream;
    const headers: Record<string, string> = {};
    if (m.method === "initialize") {
      const id = randomUUID();
      upstream = new Upstream(make, note, `session ${id.slice(0, 8)}`);
      sessions.set(id, upstream);
      headers["mcp-session-id"] = id;
      note(`session ${id} started a server process`);
    } else if (sid !== undefined) {
      const s = sessions.get(sid);
      if (!s || s.closed) return json(res, req, 404, relayError(null, -32000, `no session ${sid}`));
      upstream = s;
    } else upstream = sharedUpstream();
    try {
      if (m.id === undefined || m.method === undefined) {
        // A notification (or a stray response): passed on, nothing to wait for.
        await upstream.notify(m as JSONRPCMessage);
        res.writeHead(202, cors(req));
        return res.end();
      }
      const answer = await upstream.request(
        m as JSONRPCMessage & { id: string | number },
        timeoutMs,
      );
      return json(res, req, 200, answer, headers);
    } catch (e) {
      return json(
        res,
        req,
        502,
        relayError(m.id ?? null, -32000, `relay: ${(e as Error).message}`),
      );
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, req, 500, relayError(null, -32603, String(e)));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    processes,
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      await Promise.all([...sessions.values(), ...(shared ? [shared] : [])].map((s) => s.close()));
      await processes.stopAll();
    },
  };
}
