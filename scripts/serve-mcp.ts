// Node only: serves an MCP server factory over stdio, or over Streamable HTTP at /mcp on
// 127.0.0.1, in the protocol era asked for (NEG-6): modern only, dual (both) or legacy only. Shared by scripts/serve-scenario.ts and scripts/conformance-server.ts, so both
// answer a browser page the same way. `cors` adds the headers a page on another origin needs: for
// any origin, or for an allow-list (the conformance server's --allow-origin).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMcpHandler,
  legacyStatelessFallback,
  type McpServer,
} from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { MCP_ALLOW_HEADERS } from "../lib/host/relay";

export type ServeEra = "modern" | "dual" | "legacy";

/**
 * The command line both MCP servers here share (serve-scenario, conformance-server): `--help`
 * prints `usage` and exits 0; `--era` (checked, `defaultEra` when absent) and `--http PORT` are
 * read; `fail()` prints the usage and exits 2, for whatever else a caller finds wrong.
 */
export function readServeArgs(usage: string, defaultEra: ServeEra, args = process.argv.slice(2)) {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    process.exit(0);
  }
  const fail = (): never => {
    console.error(usage);
    process.exit(2);
  };
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const era = (flag("--era") ?? defaultEra) as ServeEra;
  if (!["modern", "dual", "legacy"].includes(era)) fail();
  return { args, flag, era, port: flag("--http"), fail };
}

/** What a browser needs to call this server from another origin (the SDK's request headers). */
const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-allow-headers": MCP_ALLOW_HEADERS,
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
  "access-control-max-age": "600",
};

/**
 * stdio: `serveStdio` answers `server/discover` (modern, or dual with `legacy: "serve"`); a legacy-only
 * server is a bare `McpServer.connect()`, which answers discover with "Method not found".
 */
export async function serveMcpStdio(factory: () => McpServer, era: ServeEra): Promise<void> {
  if (era === "legacy") await factory().connect(new StdioServerTransport());
  else serveStdio(factory, { legacy: era === "modern" ? "reject" : "serve" });
}

export interface McpHttpOptions {
  factory: () => McpServer;
  era: ServeEra;
  /** 0 picks a free port (the resolved server's address says which). */
  port: number;
  /**
   * true: CORS for any origin (serve-scenario's --cors). An allow-list: CORS for those origins
   * only, and a request whose Origin is another gets 403 before the MCP handler sees it, so no
   * page elsewhere can call a tool (a browser sends Origin on every cross-origin request and a
   * page cannot remove it; a client that is not a browser sends none and is served).
   */
  cors: boolean | { allowOrigins: readonly string[] };
  /** Answers a request itself (returns true) before it reaches the MCP handler. */
  other?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** Starts listening; resolves with the server once it is. */
export function serveMcpHttp(o: McpHttpOptions): Promise<Server> {
  const modern =
    o.era === "legacy"
      ? undefined
      : createMcpHandler(o.factory, { legacy: o.era === "modern" ? "reject" : "stateless" });
  const legacy = o.era === "legacy" ? legacyStatelessFallback(o.factory) : undefined;
  const allowList = typeof o.cors === "object" ? o.cors.allowOrigins : undefined;
  const server = createServer(async (req, res) => {
    const origin = req.headers.origin;
    if (allowList && origin !== undefined && !allowList.includes(origin)) {
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8", vary: "Origin" });
      res.end(`origin ${origin} is not allowed (--allow-origin)\n`);
      return;
    }
    if (o.other?.(req, res)) return;
    const cors: Record<string, string> =
      o.cors === true
        ? CORS_HEADERS
        : allowList && origin !== undefined
          ? { ...CORS_HEADERS, "access-control-allow-origin": origin, vary: "Origin" }
          : {};
    if (o.cors && req.method === "OPTIONS") {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body =
      chunks.length && req.method !== "GET" && req.method !== "HEAD"
        ? Buffer.concat(chunks)
        : undefined;
    const request = new Request(`http://127.0.0.1:${port()}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body,
    });
    const response = modern ? await modern.fetch(request) : await legacy!(request);
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...cors });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      res.write(chunk.value);
    }
    res.end();
  });
  const port = () => (server.address() as AddressInfo | null)?.port ?? o.port;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, "127.0.0.1", () => resolve(server));
  });
}
