// A stdio server for the `--render` e2e of #37 item 2: three views, each making one mistake only
// a rendered view shows. save_on_partial calls a tool as soon as partial arguments arrive (BRG-3:
// a view MUST NOT rely on partial arguments for critical operations); wrong_handshake sends the
// core MCP "initialize" instead of "ui/initialize" (BRG-2); early_mode asks for fullscreen before
// the host has answered its ui/initialize, declaring no modes (BRG-6). Run with plain `node`.
import { z } from "zod";
import { serve, text, tool, view } from "./fixture-server.mjs";

const page = (script) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body><p>view</p><script>${script}</script></body></html>`;
const send = (msg) => `parent.postMessage(${JSON.stringify({ jsonrpc: "2.0", ...msg })}, "*");`;
const initialize = send({
  id: 1,
  method: "ui/initialize",
  params: {
    protocolVersion: "2026-01-26",
    appInfo: { name: "fixture", version: "1" },
    appCapabilities: {},
  },
});
const initializedOnAnswer = `if (m && m.id === 1 && m.result) ${send({ method: "ui/notifications/initialized" })}`;

const SAVE_ON_PARTIAL = page(`addEventListener("message", (e) => {
  const m = e.data;
  ${initializedOnAnswer}
  if (m && m.method === "ui/notifications/tool-input-partial")
    ${send({ id: 2, method: "tools/call", params: { name: "save_note", arguments: {} } })}
});
${initialize}`);

const WRONG_HANDSHAKE = page(
  send({
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "fixture", version: "1" },
    },
  }),
);

const EARLY_MODE = page(`addEventListener("message", (e) => {
  const m = e.data;
  ${initializedOnAnswer}
});
${initialize}
${send({ id: 2, method: "ui/request-display-mode", params: { mode: "fullscreen" } })}`);

serve("render-view-mistakes", (server) => {
  view(server, "ui://mistakes/partial.html", SAVE_ON_PARTIAL);
  view(server, "ui://mistakes/handshake.html", WRONG_HANDSHAKE);
  view(server, "ui://mistakes/mode.html", EARLY_MODE);
  const none = z.object({});
  tool(server, "save_on_partial", {
    uri: "ui://mistakes/partial.html",
    inputSchema: z.object({ title: z.string(), body: z.string() }),
    run: async () => text("shown"),
  });
  tool(server, "wrong_handshake", {
    uri: "ui://mistakes/handshake.html",
    inputSchema: none,
    run: async () => text("shown"),
  });
  tool(server, "early_mode", {
    uri: "ui://mistakes/mode.html",
    inputSchema: none,
    run: async () => text("shown"),
  });
  server.registerTool(
    "save_note",
    { description: "Saves the note", inputSchema: none, _meta: { ui: { visibility: ["app"] } } },
    async () => text("saved"),
  );
});
