// Mistakes corpus (#37 item 2): a server on mcp-use 2.5.2, the fourth library, served over
// Streamable HTTP on the port given (mcp-use serves HTTP only). It plants the mistakes listed for
// "mcpuse" in ../mistakes.ts; the comments name them. Its views are primed as mcp-use's own build
// would leave them (an inline manifest entry), with no bundler. Run with plain `node`.
import { z } from "zod";

// mcp-use 2.5.2 collects anonymised usage by default and keeps an id in .mcp-use/usage.json under
// the working directory: a test fixture turns it off (the MCP_USE_ANONYMIZED_TELEMETRY switch its code reads) before loading it.
process.env.MCP_USE_ANONYMIZED_TELEMETRY = "false";
const { MCPServer, registerViews } = await import("mcp-use");

const port = Number(process.argv[2] ?? 3999);
const server = new MCPServer({ name: "corpus-mcp-use", version: "1.0.0" });
const text = (t) => ({ content: [{ type: "text", text: t }] });

// mcpuse-no-extension: the framework never advertises io.modelcontextprotocol/ui in
// server/discover (a fact of mcp-use 2.5.2, not of this file: no option of it was found).
// mcpuse-origin-set-in-script: the board view adds a CDN script from script, its origin in no
// csp list (mcp-use adds only the server's own origin).
server.tool(
  {
    name: "show_board",
    description: "Shows the task board",
    inputSchema: z.object({}),
    outputSchema: z.object({ tasks: z.number() }),
    annotations: { readOnlyHint: true },
    view: { name: "board", prefersBorder: true },
  },
  async () => ({ ...text("The board has 3 tasks."), structuredContent: { tasks: 3 } }),
);
// mcpuse-companion-no-visibility: the board's save, with no visibility at all.
server.tool(
  {
    name: "save_board_state",
    description: "Stores the board's column order",
    inputSchema: z.object({ order: z.string() }),
    annotations: { idempotentHint: true },
  },
  async () => text("saved"),
);
// mcpuse-internal-model-visible: says it is internal, yet the agent is offered it.
server.tool(
  {
    name: "reindex_tasks",
    description: "Internal use only: the board view calls it after a drag. Do not call.",
    inputSchema: z.object({}),
    annotations: { idempotentHint: true },
  },
  async () => text("reindexed"),
);

server[registerViews]({
  board: {
    kind: "inline",
    js: 'const s = document.createElement("script"); s.src = "https://cdn.boardkit.example/drag.js"; document.head.append(s); document.body.append("board");',
    css: "",
  },
});

await server.listen(port);
console.error(`listening ${port}`);
