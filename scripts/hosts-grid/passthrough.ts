/**
 * The logging pass-through between a host and its conformance server: every request the host
 * sends is forwarded unchanged (method, path, headers with Origin, body) and its JSON-RPC messages
 * are appended to a log file, so what reached the server is known independently of the view (the
 * view can only say what it was answered). Node only; listens on an ephemeral 127.0.0.1 port.
 */
import { appendFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface PassThrough {
  /** The URL hosts are given: the pass-through's own /mcp. */
  url: string;
  /** The tools/call names that went through, in order. */
  toolCalls(): string[];
  close(): void;
}

interface Message {
  method?: string;
  params?: { name?: unknown };
}

function messagesOf(body: string): Message[] {
  try {
    const parsed = JSON.parse(body) as Message | Message[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

/** Starts a pass-through to `target` (http://127.0.0.1:PORT), logging to `logFile`. */
export async function startPassThrough(target: string, logFile: string): Promise<PassThrough> {
  const upstream = new URL(target);
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const text = body.toString("utf8");
      for (const m of messagesOf(text)) {
        if (m.method === "tools/call" && typeof m.params?.name === "string")
          calls.push(m.params.name);
      }
      appendFileSync(
        logFile,
        `${JSON.stringify({ at: new Date().toISOString(), method: req.method, url: req.url, origin: req.headers.origin, body: text || undefined })}\n`,
      );
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on("error", (e) => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end(`pass-through: ${e.message}`);
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    toolCalls: () => [...calls],
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
