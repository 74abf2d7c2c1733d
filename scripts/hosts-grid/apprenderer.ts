/**
 * The AppRenderer host of `npm run hosts:grid`: our page (apprenderer-page.jsx, bundled with
 * esbuild from the install folder, where @mcp-ui/client and React are) on http://localhost:<page
 * port>, and a minimal sandbox proxy on http://127.0.0.1:<proxy port>, another origin (Apps
 * 2026-01-26 lines 472–487). ext-apps' reference proxy is not published on npm, so this one is
 * written from the spec: it sends sandbox-proxy-ready, loads the HTML of sandbox-resource-ready
 * unmodified in an inner frame (srcdoc, which inherits the proxy document's CSP), forwards every
 * other message both ways and sends nothing of its own. Its CSP header is built from the `csp`
 * query AppRenderer adds when given sandbox.csp (CSP-2), the restrictive default without it (CSP-4).
 */
import { copyFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { build } from "esbuild";
import { buildCspHeader, DEFAULT_CSP_HEADER, parseOrigin } from "../../lib/decide/csp";

const LISTS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

/** The proxy's CSP: the declared lists' valid origins (CSP-2), or CSP-4's default. */
export function proxyCsp(query: string | null): string {
  if (query === null) return DEFAULT_CSP_HEADER;
  let declared: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(query);
    if (parsed && typeof parsed === "object") declared = parsed as Record<string, unknown>;
  } catch {
    return DEFAULT_CSP_HEADER;
  }
  const valid = (list: unknown) =>
    (Array.isArray(list) ? list : []).flatMap((o) => {
      const p = typeof o === "string" ? parseOrigin(o) : undefined;
      return p?.ok ? [p.origin] : [];
    });
  return buildCspHeader(
    Object.fromEntries(LISTS.map((k) => [k, valid(declared[k])])) as Parameters<
      typeof buildCspHeader
    >[0],
  );
}

/** The proxy document; `hostOrigin` is the only window it talks to. */
function proxyDocument(hostOrigin: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head><body><script>
(function () {
  var HOST = ${JSON.stringify(hostOrigin)};
  var inner = null;
  var own = function (m) { return m && typeof m.method === "string" && m.method.indexOf("ui/notifications/sandbox-") === 0; };
  window.addEventListener("message", function (e) {
    var m = e.data;
    if (e.source === window.parent && e.origin === HOST) {
      if (m && m.method === "ui/notifications/sandbox-resource-ready") return load(m.params || {});
      if (!own(m) && inner && inner.contentWindow) inner.contentWindow.postMessage(m, "*");
    } else if (inner && e.source === inner.contentWindow && !own(m)) {
      window.parent.postMessage(m, HOST);
    }
  });
  function load(p) {
    if (inner || typeof p.html !== "string") return;
    inner = document.createElement("iframe");
    inner.setAttribute("sandbox", typeof p.sandbox === "string" ? p.sandbox : "allow-scripts allow-same-origin");
    inner.srcdoc = p.html;
    document.body.appendChild(inner);
  }
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, HOST);
})();
</script></body></html>`;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
}

/** Bundles the page in the install folder and serves it and the proxy. */
export async function startAppRendererHost(o: {
  /** The install folder, where @mcp-ui/client and React are. */
  dir: string;
  mcpUrl: string;
  /** The page's port, then the proxy's. */
  ports: [number, number];
  passCsp: boolean;
}): Promise<{ pageUrl: string; stop(): void }> {
  const entry = path.join(o.dir, "page.jsx");
  copyFileSync(path.join(import.meta.dirname, "apprenderer-page.jsx"), entry);
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    jsx: "automatic",
    platform: "browser",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]!.text;
  const [pagePort, proxyPort] = o.ports;
  const pageOrigin = `http://localhost:${pagePort}`;
  const page = createServer((req, res) => {
    const url = new URL(req.url ?? "/", pageOrigin);
    if (url.pathname === "/page.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      return void res.end(script);
    }
    if (url.pathname !== "/") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AppRenderer host</title></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`,
    );
  });
  const proxy = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${proxyPort}`);
    if (url.pathname !== "/sandbox") return void res.writeHead(404).end();
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": proxyCsp(url.searchParams.get("csp")),
      "cache-control": "no-store",
    });
    res.end(proxyDocument(pageOrigin));
  });
  await listen(page, pagePort, "127.0.0.1");
  await listen(proxy, proxyPort, "127.0.0.1");
  const query = new URLSearchParams({
    mcp: o.mcpUrl,
    sandbox: `http://127.0.0.1:${proxyPort}/sandbox`,
    ...(o.passCsp ? { csp: "1" } : {}),
  });
  return {
    pageUrl: `${pageOrigin}/?${query}`,
    stop: () => {
      for (const s of [page, proxy]) {
        s.closeAllConnections();
        s.close();
      }
    },
  };
}
