// Mistakes corpus (issue #21, item 8): a server built with MCP-UI (@mcp-ui/server, whose
// createUIResource makes the resource contents) on the 1.x SDK it depends on, legacy era only,
// planting the mistakes listed for "mcpui" in ./mistakes.ts. Run with plain `node`.
import { createUIResource } from "@mcp-ui/server";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

// mcpui-stdout-banner: a start-up line on stdout, which carries only JSON-RPC messages on stdio.
console.log("MCP-UI demo server ready");

const server = new McpServer({ name: "corpus-mcpui", version: "1.0.0" });
const text = (t) => ({ content: [{ type: "text", text: t }] });

const resources = {
  // mcpui-external-url: MCP-UI's externalUrl content, which puts a bare URL under the Apps type.
  "ui://mcpui/dashboard": createUIResource({
    uri: "ui://mcpui/dashboard",
    content: { type: "externalUrl", iframeUrl: "https://dashboard.example.com/embed" },
    encoding: "text",
  }),
  // mcpui-blob-cdn: rawHtml as a base64 blob, loading a script from a CDN with no csp declared.
  "ui://mcpui/gallery": createUIResource({
    uri: "ui://mcpui/gallery",
    content: {
      type: "rawHtml",
      htmlString: `<!doctype html><html><head><script src="https://unpkg.com/lit@3"></script></head><body></body></html>`,
    },
    encoding: "blob",
  }),
};
for (const [uri, r] of Object.entries(resources)) {
  server.registerResource(uri, uri, { mimeType: r.resource.mimeType }, async () => ({
    contents: [r.resource],
  }));
}

server.registerTool(
  "show_dashboard",
  {
    description: "Shows the dashboard",
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: "ui://mcpui/dashboard" } },
  },
  async () => text("dashboard shown"),
);
server.registerTool(
  // mcpui-tool-name-space: a space in a tool name.
  "show gallery",
  {
    description: "Shows the gallery",
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: "ui://mcpui/gallery" } },
  },
  // MCP-UI's older habit: the UI resource embedded in the result as well.
  async () => ({ content: [{ type: "text", text: "gallery" }, resources["ui://mcpui/gallery"]] }),
);

await server.connect(new StdioServerTransport());
