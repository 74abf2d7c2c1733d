// A stdio server for the withdrawn-call e2e (issue #37): its view calls the app-visible tool
// save_note and, 1.5 s later, withdraws the call with notifications/cancelled, as a real ext-apps
// view did after 60 s of waiting for consent. save_note writes each call to the file given with
// --log <path>, so the test can tell whether anything reached the server. Run with plain `node`.
import { appendFileSync } from "node:fs";
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
    parent.postMessage({ jsonrpc: "2.0", id: 7, method: "tools/call",
      params: { name: "save_note", arguments: { text: "hello" } } }, "*");
    setTimeout(() => parent.postMessage({ jsonrpc: "2.0", method: "notifications/cancelled",
      params: { requestId: 7, reason: "gave up waiting" } }, "*"), 1500);
  }
});
parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {
  protocolVersion: "2026-01-26", appInfo: { name: "rooms", version: "1" }, appCapabilities: {} } }, "*");
</script></body></html>`;

const at = process.argv.indexOf("--log");
const log = at > 0 ? process.argv[at + 1] : undefined;

function factory() {
  const server = new McpServer(
    { name: "withdrawn-call", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": {} } } },
  );
  registerAppResource(
    server,
    "ui://notes/view.html",
    "ui://notes/view.html",
    { mimeType: MIME },
    async () => ({
      contents: [
        {
          uri: "ui://notes/view.html",
          mimeType: MIME,
          text: VIEW,
          _meta: { ui: { prefersBorder: true } },
        },
      ],
      _meta: hints,
    }),
  );
  registerAppTool(
    server,
    "show_note",
    {
      description: "Shows a note",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: "ui://notes/view.html" } },
    },
    async () => ({ content: [{ type: "text", text: "note" }] }),
  );
  registerAppTool(
    server,
    "save_note",
    {
      description: "Saves a note (called by the view)",
      inputSchema: z.object({ text: z.string() }),
      _meta: { ui: { resourceUri: "ui://notes/view.html", visibility: ["app"] } },
    },
    async ({ text }) => {
      if (log) appendFileSync(log, `save_note ${text}\n`);
      return { content: [{ type: "text", text: "saved" }] };
    },
  );
  return server;
}

serveStdio(factory, { legacy: "serve" });
