// A stdio server for the `--render` e2e (issue #37): one UI tool with a required argument, whose
// view completes the handshake, and one whose view is served as plain text/html, which a host
// must show as text. Before the fix, the first stopped --render at the page's form ("room is
// required") and the second waited for a zero-height frame to become visible; either lost the
// whole report. Run with plain `node`.
import { z } from "zod";
import { handshakeView, serve, text, tool, view } from "./fixture-server.mjs";

const VIEW = handshakeView(
  `    document.getElementById("room").textContent = String(m.params.arguments.room);`,
);

serve("render-fixture", (server) => {
  view(server, "ui://rooms/book.html", VIEW);
  // Plain text/html is not the MCP App profile (RES-2): the host falls back to text.
  view(server, "ui://rooms/plain.html", VIEW, "text/html");
  tool(server, "book_room", {
    uri: "ui://rooms/book.html",
    inputSchema: z.object({ room: z.string().describe("the room to book") }),
    run: async ({ room }) => text(`booked ${room}`),
  });
  tool(server, "show_plain", {
    uri: "ui://rooms/plain.html",
    inputSchema: z.object({}),
    run: async () => text("plain"),
  });
});
