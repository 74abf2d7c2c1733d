// Mistakes corpus (issue #21, item 8): a server on the 1.x SDK (@modelcontextprotocol/sdk), legacy
// era only, that plants the mistakes listed for "sdk1" in ./mistakes.ts; the comments name them.
// It registers every tool for every client, whatever the client declared. Run with plain `node`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const MIME = "text/html;profile=mcp-app";
const DOC = `<!doctype html><html><head><meta charset="utf-8"></head><body><p>view</p></body></html>`;
const text = (t) => ({ content: [{ type: "text", text: t }] });

const server = new McpServer({ name: "corpus-sdk1", version: "1.0.0" });

/** A view resource: what its read returns, and the listing's config. */
function view(name, uri, content, listing = { mimeType: MIME }) {
  server.registerResource(name, uri, listing, async () => ({
    contents: [
      { uri, mimeType: MIME, text: DOC, _meta: { ui: { prefersBorder: true } }, ...content },
    ],
  }));
}
const tool = (name, meta, result = text(`${name} done`), extra = {}) =>
  server.registerTool(
    name,
    { description: `${name} (corpus)`, annotations: { readOnlyHint: true }, _meta: meta, ...extra },
    async () => result,
  );

// sdk1-flat-key-only: only the deprecated flat key names the view.
view("flat", "ui://c1/flat.html", {});
tool("show_flat", { "ui/resourceUri": "ui://c1/flat.html" });

// sdk1-uri-conflict: the nested and the flat key name different views.
view("a", "ui://c1/a.html", {});
view("b", "ui://c1/b.html", {});
tool("show_conflict", {
  ui: { resourceUri: "ui://c1/a.html" },
  "ui/resourceUri": "ui://c1/b.html",
});

// sdk1-bare-url: the content is a URL, not an HTML document.
view("url", "ui://c1/url.html", { text: "https://app.example.com/widget" });
tool("show_url", { ui: { resourceUri: "ui://c1/url.html" } });

// sdk1-fragment: an HTML fragment without a doctype.
view("frag", "ui://c1/frag.html", {
  text: `<div id="app"></div><script>app.textContent = "hi"</script>`,
});
tool("show_fragment", { ui: { resourceUri: "ui://c1/frag.html" } });

// sdk1-content-uri: the content item names another URI than the one read.
view("moved", "ui://c1/moved.html", { uri: "ui://c1/old-name.html" });
tool("show_moved", { ui: { resourceUri: "ui://c1/moved.html" } });

// sdk1-wrong-mime: plain text/html in the read.
view("plain", "ui://c1/plain.html", { mimeType: "text/html" });
tool("show_plain", { ui: { resourceUri: "ui://c1/plain.html" } });

// sdk1-listing-mime: listed as text/html, read with the profile type.
view("listed", "ui://c1/listed.html", {}, { mimeType: "text/html" });
tool("show_listed", { ui: { resourceUri: "ui://c1/listed.html" } });

// sdk1-not-ui-scheme: the view's URI is an https URL.
view("web", "https://c1.example/view.html", {});
tool("show_web", { ui: { resourceUri: "https://c1.example/view.html" } });

// sdk1-unreadable: the tool names a view no resource serves.
tool("show_missing", { ui: { resourceUri: "ui://c1/missing.html" } });

// sdk1-listing-meta-hidden: csp on the listing, a different _meta.ui on the content, which wins.
view(
  "split",
  "ui://c1/split.html",
  {},
  { mimeType: MIME, _meta: { ui: { csp: { connectDomains: ["https://api.c1.example"] } } } },
);
tool("show_split", { ui: { resourceUri: "ui://c1/split.html" } });

// sdk1-prefers-border-string: "yes" is not a boolean.
view("border", "ui://c1/border.html", { _meta: { ui: { prefersBorder: "yes" } } });
tool("show_border", { ui: { resourceUri: "ui://c1/border.html" } });

// sdk1-ui-key-misspelt: prefersborder.
view("keys", "ui://c1/keys.html", { _meta: { ui: { prefersborder: true } } });
tool("show_keys", { ui: { resourceUri: "ui://c1/keys.html" } });

// sdk1-permissions-list: permissions as a list of names instead of an object of flags.
view("cam", "ui://c1/cam.html", {
  _meta: { ui: { prefersBorder: true, permissions: ["camera"] } },
});
tool("show_camera", { ui: { resourceUri: "ui://c1/cam.html" } });

// sdk1-app-only-everyone: an app-only tool registered for clients that declared no Apps.
tool("save_layout", { ui: { visibility: ["app"] } });

// sdk1-no-text: a UI tool whose result carries no text content, only structuredContent.
view("stats", "ui://c1/stats.html", {});
tool(
  "show_stats",
  { ui: { resourceUri: "ui://c1/stats.html" } },
  { content: [], structuredContent: { visits: 3 } },
);

// sdk1-read-empty: the view's read answers with no content item at all.
server.registerResource("empty", "ui://c1/empty.html", { mimeType: MIME }, async () => ({
  contents: [],
}));
tool("show_empty", { ui: { resourceUri: "ui://c1/empty.html" } });

// sdk1-listing-size-string: a listing's size sent as a string, which the SDK client refuses
// (resources/list as a whole).
view("sized", "ui://c1/sized.html", {}, { mimeType: MIME, size: "2 KB" });
tool("show_sized", { ui: { resourceUri: "ui://c1/sized.html" } });

// sdk1-content-no-body: the content item carries html (a made-up key), neither text nor blob.
server.registerResource("nobody", "ui://c1/nobody.html", { mimeType: MIME }, async () => ({
  contents: [{ uri: "ui://c1/nobody.html", mimeType: MIME, html: DOC }],
}));
tool("show_nobody", { ui: { resourceUri: "ui://c1/nobody.html" } });

await server.connect(new StdioServerTransport());
