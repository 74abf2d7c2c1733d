// The AppRenderer host page of `npm run hosts:grid` (bundled in .hosts-grid/apprenderer, where
// @mcp-ui/client 7.1.1 and its MCP SDK are installed; not part of the app). It connects to the MCP
// URL in its query, calls the UI tool, and renders AppRenderer as @mcp-ui/client's README shows:
// client, toolName, sandbox.url, toolInput, toolResult. With csp=1 it also reads the tool's
// resource and passes its declared csp as sandbox.csp. Close unmounts AppRenderer, as a page would.
import { AppRenderer } from "@mcp-ui/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

const query = new URLSearchParams(location.search);
const mcpUrl = query.get("mcp");
const sandboxUrl = new URL(query.get("sandbox"));
const toolName = query.get("tool") || "conformance_run";
const passCsp = query.get("csp") === "1";

async function connect() {
  const client = new Client({ name: "hosts-grid AppRenderer page", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const toolResult = await client.callTool({ name: toolName, arguments: {} });
  let csp;
  if (passCsp) {
    const { tools } = await client.listTools();
    const uri = tools.find((t) => t.name === toolName)?._meta?.ui?.resourceUri;
    const read = await client.readResource({ uri });
    csp = read.contents[0]?._meta?.ui?.csp;
  }
  return { client, toolResult, csp };
}

function Page() {
  const [state, setState] = useState(null);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    connect().then(setState, (e) => setState({ error: String(e) }));
  }, []);
  if (!state) return <p>Connecting…</p>;
  if (state.error) return <p role="alert">{state.error}</p>;
  return (
    <main>
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
      {open ? (
        <AppRenderer
          client={state.client}
          toolName={toolName}
          sandbox={state.csp ? { url: sandboxUrl, csp: state.csp } : { url: sandboxUrl }}
          toolInput={{}}
          toolResult={state.toolResult}
        />
      ) : (
        <p>Closed.</p>
      )}
    </main>
  );
}

createRoot(document.getElementById("root")).render(<Page />);
