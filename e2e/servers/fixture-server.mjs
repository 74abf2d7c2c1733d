// What the e2e fixture servers share: an MCP App server on the 2.4 SDK that advertises the Apps
// extension and serves both eras on stdio, views that speak the handshake directly, and one call
// each to register a view resource or a tool. Each fixture says only what it plants.
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/server";
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
