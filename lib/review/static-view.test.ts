import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceAllows, undeclaredLoads } from "./declared-csp";
import { analyzeView } from "./static-view";

const VIEW = `<!doctype html>
<html>
<head>
  <script src="https://cdn.jsdelivr.net/npm/three@0.160/build/three.min.js"></script>
  <link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">
  <link rel="preconnect" href="https://fonts.gstatic.com">
  <style>
    @import "https://styles.example.org/base.css";
    body { background: url('https://img.example.org/bg.png'); }
  </style>
  <!-- <script src="https://commented.example.com/x.js"></script> -->
</head>
<body>
  <img src="https://img.example.org/logo.png" srcset="https://img2.example.org/a.png 2x">
  <img src="/local.png">
  <iframe src="https://www.youtube.com/embed/x"></iframe>
  <script type="module">
    const r = await fetch("https://api.weather.example/v1/forecast?city=" + city);
    const s = new WebSocket(\`wss://live.weather.example/\${room}\`);
    const e = new EventSource('https://events.example.net/stream');
    const x = new XMLHttpRequest(); x.open("GET", "https://xhr.example.net/data");
    fetch("/relative/path");
    const f = new Function("a", "return a");
    const y = eval("1 + 1");
    app.requestDisplayMode({ mode: "fullscreen" });
  </script>
</body>
</html>`;

describe("analyzeView: what a view loads, found in its HTML and inline scripts", () => {
  const { loads, evals, displayModes } = analyzeView(VIEW);
  const seen = loads.map((l) => `${l.list} ${l.origin} ${l.via} line ${l.line}`);

  it("names every absolute origin with the CSP list that governs it, how it is loaded and the line", () => {
    expect(seen).toEqual(
      expect.arrayContaining([
        "resourceDomains https://cdn.jsdelivr.net <script src> line 4",
        'resourceDomains https://fonts.googleapis.com <link rel="stylesheet" href> line 5',
        "resourceDomains https://styles.example.org CSS @import line 8",
        "resourceDomains https://img.example.org CSS url() line 9",
        "resourceDomains https://img.example.org <img src> line 14",
        "resourceDomains https://img2.example.org <img srcset> line 14",
        "frameDomains https://www.youtube.com <iframe src> line 16",
        "connectDomains https://api.weather.example fetch() line 18",
        "connectDomains wss://live.weather.example new WebSocket() line 19",
        "connectDomains https://events.example.net new EventSource() line 20",
        "connectDomains https://xhr.example.net XMLHttpRequest.open() line 21",
      ]),
    );
  });

  it("skips relative URLs, preconnect hints and commented-out markup", () => {
    expect(loads).toHaveLength(11);
    expect(seen.join("\n")).not.toMatch(/gstatic|commented|relative|local\.png/);
  });

  it("finds eval( and new Function( in inline scripts, with line and excerpt", () => {
    expect(evals.map((e) => `${e.what} line ${e.line}`)).toEqual([
      "new Function( line 23",
      "eval( line 24",
    ]);
    expect(evals[0]!.excerpt).toContain('new Function("a", "return a")');
    expect(evals.map((e) => e.probe)).toEqual([false, false]);
  });

  it("tells a library's feature test (an empty new Function in a try, as zod runs) from code that needs it", () => {
    // The shape found in server-pdf 2.0.4's bundle, minified.
    const probe = `<script>function Hf(){try{return new Function(""),!0}catch{return!1}}</script>`;
    expect(analyzeView(probe).evals.map((e) => e.probe)).toEqual([true]);
    // An empty body outside a try, or a body inside one, is not a probe.
    const bare = `<script>const f = new Function("");</script>`;
    const body = `<script>try { run(new Function("return 1")) } catch {}</script>`;
    expect(analyzeView(bare).evals.map((e) => e.probe)).toEqual([false]);
    expect(analyzeView(body).evals.map((e) => e.probe)).toEqual([false]);
  });

  it("sees a display-mode request and no read of availableDisplayModes", () => {
    expect(displayModes).toEqual({ requests: [25], reads: [] });
  });
});

describe("display modes (heuristic)", () => {
  it("counts a read of the host's availableDisplayModes, not a declaration of the view's own", () => {
    const declares = analyzeView(
      `<script>app.connect({ appCapabilities: { availableDisplayModes: ["inline"] } });
      app.requestDisplayMode({ mode: "fullscreen" });</script>`,
    );
    expect(declares.displayModes).toEqual({ requests: [2], reads: [] });
    const checks = analyzeView(
      `<script>if (app.getHostContext()?.availableDisplayModes?.includes("fullscreen"))
        app.requestDisplayMode({ mode: "fullscreen" });</script>`,
    );
    expect(checks.displayModes).toEqual({ requests: [2], reads: [1] });
  });

  it("a hand-built ui/request-display-mode request counts; the bundled SDK's own method does not", () => {
    const hand = analyzeView(
      `<script>parent.postMessage({ jsonrpc: "2.0", id: 3, method: "ui/request-display-mode", params: { mode: "pip" } }, "*");</script>`,
    );
    expect(hand.displayModes.requests).toEqual([1]);
    // The published example views bundle the ext-apps App class (which defines requestDisplayMode
    // and names the method) and never call it.
    for (const pkg of ["server-basic-vanillajs", "server-system-monitor"]) {
      const html = readFileSync(
        `node_modules/@modelcontextprotocol/${pkg}/dist/mcp-app.html`,
        "utf8",
      );
      const found = analyzeView(html);
      expect(found.displayModes.requests, pkg).toEqual([]);
      expect(found.evals, pkg).toEqual([]);
    }
  });
});

describe("sourceAllows: matching an origin against a declared CSP source", () => {
  it("matches exact origins, wildcard subdomains, ws/wss as http/https, and default ports", () => {
    expect(sourceAllows("https://api.example.com", "https://api.example.com")).toBe(true);
    expect(sourceAllows("https://api.example.com", "https://evil.example.com")).toBe(false);
    expect(sourceAllows("https://*.example.com", "https://a.b.example.com")).toBe(true);
    expect(sourceAllows("https://*.example.com", "https://example.com")).toBe(false);
    expect(sourceAllows("https://live.example.com", "wss://live.example.com")).toBe(true);
    expect(sourceAllows("http://api.example.com", "https://api.example.com")).toBe(true);
    expect(sourceAllows("https://api.example.com", "http://api.example.com")).toBe(false);
    expect(sourceAllows("https://api.example.com:8443", "https://api.example.com")).toBe(false);
    expect(sourceAllows("http://localhost:3000", "http://localhost:3000")).toBe(true);
    expect(sourceAllows("not a url at all", "https://x.com")).toBe(false);
  });
});

describe("undeclaredLoads: what the declared CSP would block", () => {
  const { loads } = analyzeView(VIEW);
  it("with no csp at all (CSP-4), every other origin is blocked", () => {
    const blocked = undeclaredLoads(loads, false, undefined);
    expect(blocked).toHaveLength(loads.length);
    expect(blocked[0]!.reason).toMatch(/no csp declared/);
  });

  it("with a csp, each load must be in the list for its kind: connect for fetch, resource for scripts", () => {
    const blocked = undeclaredLoads(loads, true, {
      // Declared in the wrong list: a fetch needs connectDomains, a script resourceDomains.
      resourceDomains: [
        "https://api.weather.example",
        "https://*.example.org",
        "https://fonts.googleapis.com",
      ],
      connectDomains: [
        "https://cdn.jsdelivr.net",
        "https://live.weather.example",
        "https://*.example.net",
      ],
      frameDomains: ["https://www.youtube.com"],
    });
    expect(blocked.map((b) => `${b.origin} ${b.reason}`)).toEqual([
      "https://cdn.jsdelivr.net not in csp.resourceDomains",
      "https://api.weather.example not in csp.connectDomains",
    ]);
  });
});

describe("one pass over the document (issue #39, item 3): what the patterns it replaced found", () => {
  const origins = (html: string) => analyzeView(html).loads.map((l) => `${l.origin} ${l.via}`);

  it("a lazy loader's data-src counts as the src it becomes; uppercase tags and attributes too", () => {
    expect(origins(`<img data-src="https://lazy.example/a.png"><IMG SRC='//b.example/y'>`)).toEqual(
      ["https://lazy.example <img src>", "https://b.example <img src>"],
    );
  });

  it("markup written from a script's strings is read; a tag inside another tag's attributes is not", () => {
    expect(
      origins(
        `<script>el.innerHTML = '<img src="https://js.example/i.png">'; el.style = "background:url(https://css.example/b.png)";</script>`,
      ),
    ).toEqual(["https://js.example <img src>", "https://css.example CSS url()"]);
    expect(origins(`<img alt="x" <base href="https://inside.example/">`)).toEqual([]);
  });

  it("an unclosed comment hides nothing, as before; an unclosed script runs to the end, as in a browser", () => {
    expect(origins(`<!-- never closed <img src="https://after.example/a.png">`)).toEqual([
      "https://after.example <img src>",
    ]);
    expect(origins(`<script>fetch("https://api.example/v1")`)).toEqual([
      "https://api.example fetch()",
    ]);
  });

  it("counts lines across the document, comments included", () => {
    const loads = analyzeView(
      `<!--\n\n-->\n<img src="https://a.example/x">\n\n<script>\nfetch("https://b.example")</script>`,
    ).loads;
    expect(loads.map((l) => l.line)).toEqual([4, 7]);
  });
});

describe("origins set in script (#37)", () => {
  const view = `<script>
const s = document.createElement("script");
s.src = "https://cdn.example.com/lib.js";
const f = document.createElement('iframe');
f.src = 'https://player.example.com/embed';
const l = document.createElement("link"); l.rel = "stylesheet";
l.href = "https://styles.example.com/a.css";
img.setAttribute("src", "https://img.example.com/p.png");
const a = document.createElement("a");
a.href = "https://docs.example.com/help";
location.href = "https://elsewhere.example.com/";
if (s.src == "https://never.example.com/x") {}
el.srcset = "x"; el.srcObject = stream;
</script>`;
  const seen = analyzeView(view).loads.map((l) => `${l.list} ${l.origin} ${l.via}`);

  it("reads a URL literal assigned to src or href like a fetch literal, in the list the element's kind names", () => {
    expect(seen).toEqual([
      "resourceDomains https://cdn.example.com script .src =",
      "frameDomains https://player.example.com script .src =",
      "resourceDomains https://styles.example.com script .href =",
      "resourceDomains https://img.example.com script setAttribute(src)",
    ]);
  });

  it("leaves out a link's or the page's href (a navigation, not a load) and a comparison", () => {
    expect(seen.join("\n")).not.toMatch(/docs\.example|elsewhere\.example|never\.example/);
  });
});
