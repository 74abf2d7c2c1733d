import { randomBytes, randomUUID } from "node:crypto";
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
 * the relay says so on stderr. It listens on 127.0.0.1 only.
 *
 * Who may use it (issue #39: any page could drive it before). The relay runs real tools, so it
 * answers only the academy page or a client that holds its secret:
 * - the URL's path carries a secret made at each start (`/<secret>/mcp`); any other path is 404;
 * - a POST must be `Content-Type: application/json`, which a browser sends cross-origin only after
 *   a CORS preflight (a no-cors fetch, a beacon or a form cannot), else 415;
 * - an `Origin` header, when present, must be `allowOrigin`, else 403 (a page cannot omit it);
 * - the `Host` header must name the relay's own address, else 421 (DNS rebinding);
 * - a body over 4 MiB gets 413; at most `maxProcesses` (8) server processes run at once, 503
 *   after that; a legacy session idle for `sessionIdleMs` (10 minutes) is ended.
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
  /** At most this many server processes at once (legacy sessions and the shared one); default 8. */
  maxProcesses?: number;
  /** A legacy session with no request for this long is ended; default 10 minutes. */
  sessionIdleMs?: number;
}

/** The largest request body the relay reads. */
const RELAY_MAX_BODY_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_PROCESSES = 8;
const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;

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
  /** When a request or notification last went through, for ending idle sessions. */
  lastUsed = Date.now();
  get busy() {
    return this.pending.size > 0;
  }

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
    this.lastUsed = Date.now();
    await this.start();
    await this.transport!.send(m);
  }

  /** Sends `m` under an id of the relay's own and resolves with the answer under the original id. */
  async request(m: JSONRPCMessage & { id: string | number }, timeoutMs: number) {
    this.lastUsed = Date.now();
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
    this.lastUsed = Date.now();
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

/** The body as text, or undefined once it grows past `limit` bytes (the rest is not read). */
async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The media type of a Content-Type header, without parameters, lower-cased. */
function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Why a request may not use the relay at all, before its body is read; undefined when it may. */
function refusal(
  req: IncomingMessage,
  o: { path: string; hosts: readonly string[]; allowOrigin: string },
): { status: number; message: string } | undefined {
  if ((req.url ?? "").split("?")[0] !== o.path)
    return { status: 404, message: "not found (the relay's URL holds a secret path)" };
  const host = (req.headers.host ?? "").toLowerCase();
  if (!o.hosts.includes(host))
    return {
      status: 421,
      message: `the relay answers only as ${o.hosts.join(" or ")}, not ${JSON.stringify(host)}`,
    };
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== o.allowOrigin)
    return {
      status: 403,
      message: `the relay answers pages on ${o.allowOrigin} only, not ${JSON.stringify(origin)}`,
    };
  if (req.method === "POST" && mediaType(req.headers["content-type"]) !== "application/json")
    return { status: 415, message: "the relay takes Content-Type: application/json only" };
  return undefined;
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
  const maxProcesses = o.maxProcesses ?? DEFAULT_MAX_PROCESSES;
  const idleMs = o.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const secret = randomBytes(24).toString("base64url");
  const path = `/${secret}/mcp`;
  let hosts: string[] = [];
  const sessions = new Map<string, Upstream>();
  let shared: Upstream | undefined;
  const live = () => {
    for (const [id, s] of sessions) if (s.closed) sessions.delete(id);
    return sessions.size + (shared && !shared.closed ? 1 : 0);
  };
  const full = () =>
    relayError(
      null,
      -32000,
      `the relay already runs ${maxProcesses} server processes; end a session (DELETE) or wait`,
    );
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) {
        if (s.busy || now - s.lastUsed < idleMs) continue;
        sessions.delete(id);
        void s.close();
        note(`session ${id} ended: idle for ${Math.round((now - s.lastUsed) / 1000)} s`);
      }
    },
    Math.max(50, Math.min(idleMs / 2, 60_000)),
  );
  sweep.unref();

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
    const refused = refusal(req, { path, hosts, allowOrigin: o.allowOrigin });
    if (refused) {
      res.writeHead(refused.status, { "content-type": "application/json", connection: "close" });
      return res.end(JSON.stringify(relayError(null, -32000, refused.message)));
    }
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
    const body = await readBody(req, RELAY_MAX_BODY_BYTES);
    if (body === undefined) {
      res.writeHead(413, { "content-type": "application/json", connection: "close", ...cors(req) });
      res.end(
        JSON.stringify(
          relayError(null, -32000, `the body is over ${RELAY_MAX_BODY_BYTES} bytes (4 MiB)`),
        ),
      );
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body);
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
      if (live() >= maxProcesses) return json(res, req, 503, full());
      const id = randomUUID();
      upstream = new Upstream(make, note, `session ${id.slice(0, 8)}`);
      sessions.set(id, upstream);
      headers["mcp-session-id"] = id;
      note(`session ${id} started a server process`);
    } else if (sid !== undefined) {
      const s = sessions.get(sid);
      if (!s || s.closed) return json(res, req, 404, relayError(null, -32000, `no session ${sid}`));
      upstream = s;
    } else {
      if (!shared || shared.closed) {
        if (live() >= maxProcesses) return json(res, req, 503, full());
        shared = new Upstream(make, note, "shared");
      }
      upstream = shared;
    }
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
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  return {
    url: `http://127.0.0.1:${port}${path}`,
    processes,
    async close() {
      clearInterval(sweep);
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      await Promise.all([...sessions.values(), ...(shared ? [shared] : [])].map((s) => s.close()));
      await processes.stopAll();
    },
  };
}
