// A stdio server for the withdrawn-call e2e (issue #37): its view calls the app-visible tool
// save_note and, 1.5 s later, withdraws the call with notifications/cancelled, as a real ext-apps
// view did after 60 s of waiting for consent. save_note writes each call to the file given with
// --log <path>, so the test can tell whether anything reached the server. Run with plain `node`.
import { appendFileSync } from "node:fs";
import { z } from "zod";
import { handshakeView, serve, text, tool, view } from "./fixture-server.mjs";

const VIEW = handshakeView(`    parent.postMessage({ jsonrpc: "2.0", id: 7, method: "tools/call",
      params: { name: "save_note", arguments: { text: "hello" } } }, "*");
    setTimeout(() => parent.postMessage({ jsonrpc: "2.0", method: "notifications/cancelled",
      params: { requestId: 7, reason: "gave up waiting" } }, "*"), 1500);`);

const at = process.argv.indexOf("--log");
const log = at > 0 ? process.argv[at + 1] : undefined;

serve("withdrawn-call", (server) => {
  view(server, "ui://notes/view.html", VIEW);
  tool(server, "show_note", {
    uri: "ui://notes/view.html",
    inputSchema: z.object({}),
    run: async () => text("note"),
  });
  tool(server, "save_note", {
    uri: "ui://notes/view.html",
    inputSchema: z.object({ text: z.string() }),
    visibility: ["app"],
    readOnly: false,
    run: async ({ text: note }) => {
      if (log) appendFileSync(log, `save_note ${note}\n`);
      return text("saved");
    },
  });
});
