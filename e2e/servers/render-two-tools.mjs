// A stdio server for the `--render` e2e (issue #37): one UI tool with a required argument, whose
// view completes the handshake, and one whose view is served as plain text/html, which a host
// must show as text. Before the fix, the first stopped --render at the page's form ("room is
// required") and the second waited for a zero-height frame to become visible; either lost the
// whole report. Run with plain `node`.
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const MIME = "text/html;profile=mcp-app";
const hints = { ttlMs: 60000, cacheScope: "public" };
// The handshake spoken directly: ui/initialize, then initialized once the host answers.
const VIEW = `<!doctype html><html><head><meta charset="utf-8"></head><body><p id="room">…</p><script>
addEventListener("message", (e) => {
  const m = e.data;
  if (m && m.id === 1 && m.result) {
    parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/initialized" }, "*");
  }
  if (m && m.method === "ui/notifications/tool-input") {
    document.getElementById("room").textContent = String(m.params.arguments.room);
  }
});
parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {
  protocolVersion: "2026-01-26", appInfo: { name: "rooms", version: "1" }, appCapabilities: {} } }, "*");
</script></body></html>`;

function factory() {
  const server = new McpServer(
    { name: "render-fixture", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": {} } } },
  );
  registerAppResource(
    server,
    "ui://rooms/book.html",
    "ui://rooms/book.html",
    { mimeType: MIME },
    async () => ({
      contents: [
        {
          uri: "ui://rooms/book.html",
          mimeType: MIME,
          text: VIEW,
          _meta: { ui: { prefersBorder: true } },
        },
      ],
      _meta: hints,
    }),
  );
  // Plain text/html is not the MCP App profile (RES-2): the host falls back to text.
  registerAppResource(
    server,
    "ui://rooms/plain.html",
    "ui://rooms/plain.html",
    { mimeType: MIME },
    async () => ({
      contents: [
        {
          uri: "ui://rooms/plain.html",
          mimeType: "text/html",
          text: VIEW,
          _meta: { ui: { prefersBorder: true } },
        },
      ],
      _meta: hints,
    }),
  );
  registerAppTool(
    server,
    "book_room",
    {
      description: "Books a room",
      inputSchema: z.object({ room: z.string().describe("the room to book") }),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: "ui://rooms/book.html" } },
    },
    async ({ room }) => ({ content: [{ type: "text", text: `booked ${room}` }] }),
  );
  registerAppTool(
    server,
    "show_plain",
    {
      description: "Shows a plain page",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: "ui://rooms/plain.html" } },
    },
    async () => ({ content: [{ type: "text", text: "plain" }] }),
  );
  return server;
}

serveStdio(factory, { legacy: "serve" });
