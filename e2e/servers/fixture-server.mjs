// What the e2e fixture servers share: an MCP App server on the 2.4 SDK that advertises the Apps
// extension and serves both eras on stdio (or over HTTP, serveHttp), views that speak the
// handshake directly, and one call each to register a view resource or a tool. Each fixture says
// only what it plants.
import { createServer } from "node:http";
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

export const MIME = "text/html;profile=mcp-app";
const hints = { ttlMs: 60000, cacheScope: "public" };

/**
 * A view that sends ui/initialize, then initialized once the host answers; `onToolInput` is the
 * script run (with the notification as `m`) when its tool-input arrives.
 */
export function handshakeView(onToolInput) {
  return `<!doctype html><html><head><meta charset="utf-8"></head><body><p id="room">…</p><script>
addEventListener("message", (e) => {
  const m = e.data;
  if (m && m.id === 1 && m.result) {
    parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/initialized" }, "*");
  }
  if (m && m.method === "ui/notifications/tool-input") {
${onToolInput}
  }
});
parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {
  protocolVersion: "2026-01-26", appInfo: { name: "fixture", version: "1" }, appCapabilities: {} } }, "*");
</script></body></html>`;
}

/** A view resource at `uri`; `mimeType` is the content item's (the listing always has the profile). */
export function view(server, uri, html, mimeType = MIME) {
  registerAppResource(server, uri, uri, { mimeType: MIME }, async () => ({
    contents: [{ uri, mimeType, text: html, _meta: { ui: { prefersBorder: true } } }],
    _meta: hints,
  }));
}

/** A tool whose `_meta.ui` points at `uri`, with the given schema, visibility and handler. */
export function tool(server, name, { uri, inputSchema, visibility, readOnly = true, run }) {
  registerAppTool(
    server,
    name,
    {
      description: name,
      inputSchema,
      ...(readOnly ? { annotations: { readOnlyHint: true } } : {}),
      _meta: { ui: { resourceUri: uri, ...(visibility ? { visibility } : {}) } },
    },
    run,
  );
}

/** Serves `build(server)` on stdio, both eras, one server per connection. */
export function serve(name, build) {
  serveStdio(
    () => {
      const server = new McpServer(
        { name, version: "1.0.0" },
        { capabilities: { extensions: { "io.modelcontextprotocol/ui": {} } } },
      );
      build(server);
      return server;
    },
    { legacy: "serve" },
  );
}

export const text = (t) => ({ content: [{ type: "text", text: t }] });

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-allow-headers":
    "content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id",
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
};

/**
 * Serves `factory` over Streamable HTTP on localhost:`port` (both eras, CORS for any origin, so
 * /review can reach it from the app's page), and says `<label> listening on <url>` on stderr
 * once it does: the specs wait for that line.
 */
export function serveHttp(port, factory, label) {
  const handler = createMcpHandler(factory, { legacy: "stateless" });
  createServer(async (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await handler.fetch(
      new Request(`http://localhost:${port}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  }).listen(port, () => console.error(`${label} listening on http://localhost:${port}/mcp`));
}
