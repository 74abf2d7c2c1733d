// A bench fixture, not part of the course: the "floor" that `npm run bench:simulator` measures
// the simulator against, in the same run. Served by app/bench/floor/route.ts only when the bench
// starts the server with ACADEMY_BENCH_FIXTURES=1; a 404 otherwise.
//
// The floor is the least any web host must do to show a view through a sandbox proxy: one page,
// no framework, that obtains a signed proxy URL for a fresh run id from the app's own token route
// (exactly as the simulator's runs do), loads the real proxy on that run's own sandbox origin
// (r-<id>.sandbox…) next to a warm frame like the simulator's, sends it a tiny view, answers one
// ui/initialize and delivers one tool result. It times the same span as a simulator run: from the
// proxy frame getting its URL to the view confirming its tool result.

/** The tiny view: one ui/initialize round trip, then it confirms the tool result. */
const FLOOR_VIEW_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor view</title></head>' +
  '<body><p id="s">starting</p><script>(function(){var p=window.parent;' +
  "addEventListener('message',function(e){if(e.source!==p)return;var m=e.data;" +
  "if(!m||m.jsonrpc!=='2.0')return;" +
  "if(m.id===1&&!m.method){p.postMessage({jsonrpc:'2.0',method:'ui/notifications/initialized',params:{}},'*');}" +
  "else if(m.method==='ui/notifications/tool-result'){document.getElementById('s').textContent='result received';" +
  "p.postMessage({jsonrpc:'2.0',method:'notifications/message',params:{level:'info',data:'tool-result received'}},'*');}});" +
  "p.postMessage({jsonrpc:'2.0',id:1,method:'ui/initialize',params:{protocolVersion:'2026-01-26'," +
  "appInfo:{name:'academy-floor-view',version:'1.0.0'},appCapabilities:{}}},'*');})();" +
  "</script></body></html>";

// The page's script. It follows lib/host/view/proxy-ticket.ts (tokenIssuer) and
// origins.ts (newRunId, runOrigin, prewarmSandbox): if it drifted, the token or proxy route would
// refuse it and every floor run would time out, loudly.
const FLOOR_SCRIPT = `
(function () {
  "use strict";
  var hostOrigin = location.origin;
  var sandbox = new URL(SANDBOX_ORIGIN);
  var views = document.getElementById("views");
  var warm = document.createElement("iframe");
  warm.setAttribute("sandbox", "allow-same-origin");
  warm.setAttribute("aria-hidden", "true");
  warm.tabIndex = -1;
  warm.title = "Sandbox warm-up (empty)";
  warm.style.display = "none";
  warm.src = new URL("/sandbox/warm", sandbox.origin).href;
  document.body.append(warm);
  function newRunId() {
    var bytes = crypto.getRandomValues(new Uint8Array(10));
    return Array.from(bytes, function (b) { return (b % 36).toString(36); }).join("") +
      Date.now().toString(36).slice(-4);
  }
  function runOrigin(id) {
    return sandbox.protocol + "//r-" + id + "." + sandbox.hostname + (sandbox.port ? ":" + sandbox.port : "");
  }
  async function ticket() {
    var run = newRunId();
    var r = await fetch("/sandbox/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ run: run, csp: null }),
      credentials: "same-origin",
      cache: "no-store",
    });
    if (!r.ok) throw new Error("token refused: " + r.status);
    var b = await r.json();
    var origin = runOrigin(run);
    var url = new URL("/sandbox/proxy", origin);
    url.searchParams.set("run", run);
    if (b.csp) url.searchParams.set("csp", b.csp);
    url.searchParams.set("exp", String(b.exp));
    url.searchParams.set("t", b.t);
    return { origin: origin, url: url.href };
  }
  /** One floor run: resolves with ms from the proxy getting its URL to the view's confirmation. */
  async function run(timeoutMs) {
    var t = await ticket();
    var iframe = document.createElement("iframe");
    iframe.title = "Sandbox proxy";
    iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
    views.append(iframe);
    var target = iframe.contentWindow;
    var post = function (msg) { target.postMessage(msg, t.origin); };
    return await new Promise(function (resolve, reject) {
      var t0 = 0;
      var done = function () {
        clearTimeout(timer);
        removeEventListener("message", onMessage);
        iframe.remove();
      };
      var timer = setTimeout(function () { done(); reject(new Error("floor run timed out")); }, timeoutMs || 4000);
      var onMessage = function (e) {
        if (e.source !== target || e.origin !== t.origin) return;
        var m = e.data;
        if (!m || m.jsonrpc !== "2.0") return;
        if (m.method === "ui/notifications/sandbox-proxy-ready") {
          post({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params: { html: FLOOR_VIEW } });
        } else if (m.method === "ui/initialize" && m.id !== undefined) {
          post({ jsonrpc: "2.0", id: m.id, result: {
            protocolVersion: "2026-01-26",
            hostInfo: { name: "academy-floor", version: "1.0.0" },
            hostCapabilities: {},
            hostContext: {},
          } });
        } else if (m.method === "ui/notifications/initialized") {
          post({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: {
            content: [{ type: "text", text: "Sunny, 21 °C" }],
          } });
        } else if (m.method === "notifications/message" && m.params && m.params.data === "tool-result received") {
          var ms = performance.now() - t0;
          done();
          resolve(ms);
        }
      };
      addEventListener("message", onMessage);
      t0 = performance.now();
      iframe.src = t.url;
    });
  }
  window.academyFloor = { run: run };
  // The cold floor (?cold=1): one run as the page loads; the time the view confirmed its result,
  // since navigation, goes on the root element for the bench to read.
  if (COLD) {
    run(4000).then(
      function () { document.documentElement.dataset.resultInView = String(performance.now()); },
      function (e) { document.documentElement.dataset.error = String(e && e.message); },
    );
  }
})();
`;

/**
 * The floor page for an app whose sandbox is at `sandboxOrigin`; with `cold`, it makes one run as
 * it loads.
 */
export function floorPageHtml(sandboxOrigin: string, { cold = false } = {}): string {
  const script = FLOOR_SCRIPT.replace("COLD", String(cold))
    .replace("SANDBOX_ORIGIN", JSON.stringify(new URL(sandboxOrigin).origin))
    .replace("FLOOR_VIEW", JSON.stringify(FLOOR_VIEW_HTML));
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="robots" content="noindex">' +
    "<title>Bench fixture: the floor</title></head><body>" +
    "<h1>Bench fixture: the floor</h1>" +
    "<p>Not part of the course. <code>npm run bench:simulator</code> measures the simulator against this page.</p>" +
    '<div id="views"></div>' +
    `<script>${script.replace(/<\/script/gi, "<\\/script")}</script></body></html>`
  );
}

declare global {
  interface Window {
    /** Set by the floor page (bench fixture) only. */
    academyFloor?: { run(timeoutMs?: number): Promise<number> };
  }
}
