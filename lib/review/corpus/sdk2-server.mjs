// Mistakes corpus (issue #21, item 8): a server on the 2.4 server SDK and ext-apps' helpers,
// served dual-era on stdio, that plants the mistakes listed for "sdk2" in ./mistakes.ts. Each
// tool carries one or two of them; the comments name the mistake ids. Run with plain `node`.
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const MIME = "text/html;profile=mcp-app";
const doc = (body) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
const text = (t) => ({ content: [{ type: "text", text: t }] });
const hints = { ttlMs: 60000, cacheScope: "public" };

/** One view per tool: its HTML and the _meta.ui its read returns. */
const VIEWS = {
  // sdk2-cdn-no-csp: a script from a CDN with no csp declared.
  "ui://corpus/chart.html": {
    html: doc(`<div id="c"></div><script src="https://cdn.jsdelivr.net/npm/chart.js@4"></script>`),
    ui: { prefersBorder: true },
  },
  // sdk2-fetch-no-csp: fetches an API with no csp declared.
  "ui://corpus/quotes.html": {
    html: doc(
      `<script>fetch("https://api.quotes.example/v1/today").then((r) => r.json());</script>`,
    ),
    ui: { prefersBorder: true },
  },
  // sdk2-eval: the view builds code at run time.
  "ui://corpus/calc.html": {
    html: doc(`<script>const f = new Function("a", "b", "return a + b"); f(1, 2);</script>`),
    ui: { prefersBorder: true },
  },
  // sdk2-display-mode-unchecked: asks for fullscreen without reading availableDisplayModes.
  "ui://corpus/map.html": {
    html: doc(
      `<script>window.parent.postMessage({ jsonrpc: "2.0", id: 9, method: "ui/request-display-mode", params: { mode: "fullscreen" } }, "*");</script>`,
    ),
    ui: { prefersBorder: false },
  },
  // sdk2-csp-snake-case: connect_domains, as another platform spells it.
  "ui://corpus/weather.html": {
    html: doc(`<p>weather</p>`),
    ui: { prefersBorder: true, csp: { connect_domains: ["https://api.weather.example"] } },
  },
  // sdk2-csp-tld-wildcard + sdk2-connect-wildcard + sdk2-connect-http.
  "ui://corpus/news.html": {
    html: doc(`<p>news</p>`),
    ui: {
      prefersBorder: true,
      csp: {
        resourceDomains: ["https://*.com"],
        connectDomains: ["https://*.news.example", "http://feeds.news.example"],
      },
    },
  },
  // sdk2-csp-string: connectDomains as one string, not a list.
  "ui://corpus/ticker.html": {
    html: doc(`<p>ticker</p>`),
    ui: { prefersBorder: true, csp: { connectDomains: "https://api.ticker.example" } },
  },
  // sdk2-csp-missing-origin: csp declared, but the CDN the view loads is not in resourceDomains.
  "ui://corpus/forms.html": {
    html: doc(
      `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter"><script src="https://cdn.forms.example/forms.js"></script>`,
    ),
    ui: { prefersBorder: true, csp: { resourceDomains: ["https://fonts.googleapis.com"] } },
  },
  // sdk2-fetch-wrong-list: the API fetched is in resourceDomains, not connectDomains.
  "ui://corpus/stocks.html": {
    html: doc(`<script>fetch("https://api.stocks.example/q?s=ACME");</script>`),
    ui: { prefersBorder: true, csp: { resourceDomains: ["https://api.stocks.example"] } },
  },
  // sdk2-frame-no-frame-domains: embeds a video player with csp declared but no frameDomains.
  "ui://corpus/video.html": {
    html: doc(
      `<iframe src="https://www.youtube.com/embed/abc123" title="clip"></iframe><img src="https://img.video.example/poster.png" alt="">`,
    ),
    ui: { prefersBorder: true, csp: { resourceDomains: ["https://img.video.example"] } },
  },
  // sdk2-websocket-no-connect: opens a WebSocket with no connectDomains; a stylesheet imports a font.
  "ui://corpus/live.html": {
    html: doc(
      `<style>@import url("https://fonts.live.example/inter.css");</style><script>const ws = new WebSocket("wss://stream.live.example/feed");</script>`,
    ),
    ui: { prefersBorder: true, csp: {} },
  },
  // sdk2-connect-star: connectDomains ["*"], hoping to allow everything.
  "ui://corpus/any.html": {
    html: doc(`<p>any</p>`),
    ui: { prefersBorder: true, csp: { connectDomains: ["*"] } },
  },
  // sdk2-csp-keywords: CSP keywords ('self', 'unsafe-eval') where origins belong.
  "ui://corpus/keywords.html": {
    html: doc(`<p>keywords</p>`),
    ui: { prefersBorder: true, csp: { resourceDomains: ["'self'", "'unsafe-eval'"] } },
  },
  // sdk2-frame-path: a frameDomains entry with a path, not an origin.
  "ui://corpus/embed.html": {
    html: doc(`<p>embed</p>`),
    ui: { prefersBorder: true, csp: { frameDomains: ["https://player.example.com/embed/x"] } },
  },
  // sdk2-permission-misspelt: clipboard-write instead of clipboardWrite.
  "ui://corpus/notes.html": {
    html: doc(`<p>notes</p>`),
    ui: { prefersBorder: true, permissions: { "clipboard-write": {} } },
  },
  // sdk2-call-before-initialize: calls a tool before its ui/initialize is answered.
  "ui://corpus/early.html": {
    html: doc(
      `<script>window.parent.postMessage({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_items", arguments: {} } }, "*");</script>`,
    ),
    ui: { prefersBorder: true },
  },
  // sdk2-origin-set-in-script: a CDN script added from script, its origin in no csp list.
  "ui://corpus/loader.html": {
    html: doc(
      `<script>const s = document.createElement("script"); s.src = "https://cdn.loader.example/app.js"; document.head.append(s);</script>`,
    ),
    ui: { prefersBorder: true, csp: { connectDomains: [] } },
  },
  // sdk2-domain-not-string: domain given as a list.
  "ui://corpus/shop.html": {
    html: doc(`<p>shop</p>`),
    ui: { prefersBorder: true, domain: ["shop.example.com"] },
  },
};

/**
 * sdk2-result-level-meta: _meta.ui on the resources/read result itself, as ext-apps'
 * McpUiReadResourceResult type allows, instead of on the content item where hosts read it.
 */
function registerResultLevelMeta(server) {
  const uri = "ui://corpus/status.html";
  registerAppResource(server, uri, uri, { mimeType: MIME }, async () => ({
    contents: [
      {
        uri,
        mimeType: MIME,
        text: doc(`<script>fetch("https://api.status.example/now");</script>`),
      },
    ],
    _meta: { ui: { prefersBorder: true, csp: { connectDomains: ["https://api.status.example"] } } },
  }));
  return uri;
}

function factory() {
  // sdk2-no-extension: no capabilities.extensions["io.modelcontextprotocol/ui"], so server/discover
  // never advertises the extension.
  const server = new McpServer({ name: "corpus-sdk2", version: "1.0.0" });
  for (const [uri, v] of Object.entries(VIEWS)) {
    registerAppResource(server, uri, uri, { mimeType: MIME }, async () => ({
      contents: [{ uri, mimeType: MIME, text: v.html, _meta: { ui: v.ui } }],
      _meta: hints,
    }));
  }
  const app = (name, uri, extra = {}) =>
    registerAppTool(
      server,
      name,
      {
        description: `${name} (corpus)`,
        inputSchema: z.object({}),
        annotations: { readOnlyHint: true },
        ...extra,
        _meta: { ui: { resourceUri: uri, ...extra.ui } },
      },
      async () => text(`${name} done`),
    );
  app("show_chart", "ui://corpus/chart.html");
  app("show_quotes", "ui://corpus/quotes.html");
  app("show_calc", "ui://corpus/calc.html");
  app("show_map", "ui://corpus/map.html");
  app("show_weather", "ui://corpus/weather.html");
  app("show_news", "ui://corpus/news.html");
  app("show_notes", "ui://corpus/notes.html");
  app("show_shop", "ui://corpus/shop.html");
  app("show_early", "ui://corpus/early.html");
  app("show_ticker", "ui://corpus/ticker.html");
  app("show_forms", "ui://corpus/forms.html");
  app("show_stocks", "ui://corpus/stocks.html");
  app("show_video", "ui://corpus/video.html");
  app("show_status", registerResultLevelMeta(server));
  app("show_any", "ui://corpus/any.html");
  app("show_keywords", "ui://corpus/keywords.html");
  app("show_embed", "ui://corpus/embed.html");
  // sdk2-csp-on-tool: the csp (and prefersBorder) put on the tool's _meta.ui, not the resource's.
  app("show_feed", "ui://corpus/quotes.html", {
    ui: { csp: { connectDomains: ["https://api.quotes.example"] }, prefersBorder: true },
  });
  // sdk2-visibility-empty: visibility [], so neither the agent nor a view can call it.
  app("show_hidden", "ui://corpus/chart.html", { ui: { visibility: [] } });
  app("show_live", "ui://corpus/live.html");
  app("show_loader", "ui://corpus/loader.html");
  // sdk2-annotation-string: readOnlyHint "true", a string, not a boolean.
  server.registerTool(
    "count_items",
    {
      description: "Counts items",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: "true" },
    },
    async () => text("3"),
  );
  // sdk2-visibility-unknown: "apps" for "app".
  app("show_board", "ui://corpus/chart.html", { ui: { visibility: ["model", "apps"] } });
  // sdk2-visibility-string: an app-only helper whose visibility is the string "app".
  server.registerTool(
    "refresh_board",
    {
      description: "Called by the board view only",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
      _meta: { ui: { visibility: "app" } },
    },
    async () => text("refreshed"),
  );
  // sdk2-annotation-misspelt: readonlyHint.
  server.registerTool(
    "list_items",
    {
      description: "Lists items",
      inputSchema: z.object({}),
      annotations: { readonlyHint: true },
    },
    async () => text("3 items"),
  );
  // sdk2-resource-uri-typo: resourceURI, so no view is linked.
  server.registerTool(
    "show_cart",
    {
      description: "Shows the cart",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceURI: "ui://corpus/shop.html" } },
    },
    async () => text("cart"),
  );
  // sdk2-visibility-flat-key: the app-only visibility written as a flat key, which no host reads.
  server.registerTool(
    "sync_notes",
    {
      description: "Saves the notes the view edits",
      inputSchema: z.object({}),
      annotations: { idempotentHint: true },
      _meta: { "ui/visibility": ["app"] },
    },
    async () => text("synced"),
  );
  // sdk2-internal-model-visible: says it is internal, yet the agent is offered it.
  server.registerTool(
    "rebuild_index",
    {
      description: "Internal: do not call. The board view uses it to rebuild its search index.",
      inputSchema: z.object({}),
      annotations: { idempotentHint: true },
    },
    async () => text("rebuilt"),
  );
  // sdk2-companion-no-visibility: the board view's save, with no visibility at all.
  server.registerTool(
    "save_board_state",
    {
      description: "Stores the board's layout",
      inputSchema: z.object({ layout: z.string() }),
      annotations: { idempotentHint: true },
    },
    async () => text("saved"),
  );
  return server;
}

serveStdio(factory, { legacy: "serve" });
