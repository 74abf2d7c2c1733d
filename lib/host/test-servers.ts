/**
 * Real SDK servers, in process, for each server era of NEG-6's matrix, over a stdio-shaped
 * in-memory pair or over Streamable HTTP answered by a fetch handler (no sockets). Test support:
 * the host itself never imports this file.
 */
import { InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  createMcpHandler,
  legacyStatelessFallback,
  type McpServer,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { TransportFactory } from "./connect";
import type { ServerEra } from "./era";
import { recordingFetch } from "./wire";

/** NEG-6: a server may speak the modern era only, the legacy era only, or both. */
export type TestServerEra = ServerEra | "dual";

export interface InProcessServer {
  transport: TransportFactory;
  /** HTTP servers only: the fetch handler itself, for transports built by the code under test. */
  handle?: (request: Request) => Promise<Response>;
  close(): Promise<void>;
}

/**
 * stdio-shaped: `serveStdio` with `legacy: "reject"` (modern only) or `"serve"` (dual); a bare
 * `McpServer.connect()` for legacy only (it answers `server/discover` with "Method not found").
 */
export function stdioServer(factory: () => McpServer, era: TestServerEra): InProcessServer {
  const closers: (() => Promise<void>)[] = [];
  return {
    transport: () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      if (era === "legacy") {
        const server = factory();
        void server.connect(serverSide);
        closers.push(() => server.close());
      } else {
        const handle = serveStdio(factory, {
          transport: serverSide,
          legacy: era === "modern" ? "reject" : "serve",
        });
        closers.push(() => handle.close());
      }
      return clientSide;
    },
    async close() {
      await Promise.all(closers.map((c) => c().catch(() => {})));
    },
  };
}

export const TEST_URL = "http://server.test/mcp";

/**
 * Streamable HTTP: `createMcpHandler` with `legacy: "reject"` (modern only) or `"stateless"`
 * (dual); `legacyStatelessFallback` alone for a legacy-only endpoint.
 */
export function httpServer(factory: () => McpServer, era: TestServerEra): InProcessServer {
  const modern =
    era === "legacy"
      ? undefined
      : createMcpHandler(factory, { legacy: era === "modern" ? "reject" : "stateless" });
  const legacy = era === "legacy" ? legacyStatelessFallback(factory) : undefined;
  const serve = (request: Request) => (modern ? modern.fetch(request) : legacy!(request));
  return {
    handle: serve,
    transport: (wire) =>
      new StreamableHTTPClientTransport(new URL(TEST_URL), {
        fetch: recordingFetch(wire, (input, init) =>
          serve(new Request(input instanceof URL ? input.href : input, init)),
        ),
      }),
    async close() {
      await modern?.close();
    },
  };
}
