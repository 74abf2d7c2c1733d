/**
 * Static checks of a view's HTML, without a browser: which origins it loads or fetches, compared
 * with the CSP it declares; whether it needs `eval`; whether it asks for a display mode without
 * reading which ones the host offers. Framework-free and browser-safe: text in, findings out.
 *
 * What is read: `<script src>`, `<link href>` (stylesheets, preloads, icons), `<img src/srcset>`,
 * `<video|audio|source|track src>`, `<iframe src>`, `<base href>`, CSS `url(…)` and `@import` in
 * `<style>` blocks and `style` attributes, and in inline scripts the URL literal passed straight
 * to `fetch(`, `new WebSocket(`, `new EventSource(` or an XMLHttpRequest's `.open(method, url)`.
 * A URL built at run time is not seen: a clean result means "none found", not "none used".
 */

/** Which `_meta.ui.csp` list governs a load (CSP-2). */
export type CspList = "connectDomains" | "resourceDomains" | "frameDomains" | "baseUriDomains";

/** One absolute URL the view loads or fetches, and where it appears. */
export interface ViewLoad {
  /** `https://cdn.example.com` (ws/wss kept as written). */
  origin: string;
  url: string;
  list: CspList;
  /** What loads it, e.g. `<script src>`, `fetch()`, CSS `url()`. */
  via: string;
  /** 1-based line in the HTML document. */
  line: number;
}

export interface EvalUse {
  what: "eval(" | "new Function(";
  line: number;
  excerpt: string;
  /**
   * A feature test: `new Function("")` (an empty body) inside a `try`, as zod and others run to
   * learn whether the page allows it; under a spec host's CSP it throws, is caught, and the
   * library takes its other path.
   */
  probe: boolean;
}

export interface DisplayModeUse {
  /** Where the view asks for a display mode (`.requestDisplayMode(` or a hand-built request). */
  requests: number[];
  /** Lines that read `availableDisplayModes` (not as an object key being declared). */
  reads: number[];
}

export interface StaticViewFindings {
  loads: ViewLoad[];
  evals: EvalUse[];
  displayModes: DisplayModeUse;
}

/** Replaces HTML comments with spaces of the same length, so offsets (and lines) still hold. */
function blankComments(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, " "));
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The origin of an absolute (or protocol-relative) http(s)/ws(s) URL; undefined otherwise. */
export function absoluteOrigin(raw: string): string | undefined {
  const url = raw.trim().replace(/^\/\//, "https://");
  if (!/^(https?|wss?):\/\//i.test(url)) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

const RESOURCE_TAGS: [RegExp, string][] = [
  [/<script\b[^>]*?\bsrc\s*=\s*(["']?)([^"'\s>]+)\1/gi, "<script src>"],
  [/<img\b[^>]*?\bsrc\s*=\s*(["']?)([^"'\s>]+)\1/gi, "<img src>"],
  [/<(?:video|audio|source|track)\b[^>]*?\bsrc\s*=\s*(["']?)([^"'\s>]+)\1/gi, "<media src>"],
];

/** Every absolute load in the document, in document order. */
function findLoads(html: string): ViewLoad[] {
  const loads: ViewLoad[] = [];
  const add = (url: string, list: CspList, via: string, offset: number) => {
    const origin = absoluteOrigin(url);
    if (origin) loads.push({ origin, url: url.trim(), list, via, line: lineAt(html, offset) });
  };
  for (const [re, via] of RESOURCE_TAGS) {
    for (const m of html.matchAll(re)) add(m[2]!, "resourceDomains", via, m.index);
  }
  for (const m of html.matchAll(/<img\b[^>]*?\bsrcset\s*=\s*(["'])([^"']*)\1/gi)) {
    for (const part of m[2]!.split(","))
      add(part.trim().split(/\s+/)[0] ?? "", "resourceDomains", "<img srcset>", m.index);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\brel\s*=\s*(["']?)([^"'>]+)\1/i.exec(m[0])?.[2]?.toLowerCase() ?? "";
    // preconnect and dns-prefetch only warm a connection up; they load nothing.
    if (/\b(preconnect|dns-prefetch)\b/.test(rel)) continue;
    const href = /\bhref\s*=\s*(["']?)([^"'\s>]+)\1/i.exec(m[0])?.[2];
    if (href) add(href, "resourceDomains", `<link rel="${rel || "?"}" href>`, m.index);
  }
  for (const m of html.matchAll(/<iframe\b[^>]*?\bsrc\s*=\s*(["']?)([^"'\s>]+)\1/gi))
    add(m[2]!, "frameDomains", "<iframe src>", m.index);
  for (const m of html.matchAll(/<base\b[^>]*?\bhref\s*=\s*(["']?)([^"'\s>]+)\1/gi))
    add(m[2]!, "baseUriDomains", "<base href>", m.index);

  // CSS: <style> blocks and style="" attributes.
  const css: { text: string; at: number }[] = [];
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    css.push({ text: m[1]!, at: m.index + m[0].indexOf(m[1]!) });
  for (const m of html.matchAll(/\bstyle\s*=\s*(["'])([^"']*)\1/gi))
    css.push({ text: m[2]!, at: m.index + m[0].indexOf(m[2]!) });
  for (const { text, at } of css) {
    for (const m of text.matchAll(/@import\s+(["'])([^"']+)\1/gi))
      add(m[2]!, "resourceDomains", "CSS @import", at + m.index);
    for (const m of text.matchAll(/url\(\s*(["']?)([^"')\s]+)\1\s*\)/gi))
      add(
        m[2]!,
        "resourceDomains",
        /@import\s*$/i.test(text.slice(0, m.index)) ? "CSS @import" : "CSS url()",
        at + m.index,
      );
  }

  // Inline scripts: a URL literal passed straight to a fetching API.
  for (const { text, at } of inlineScripts(html)) {
    const literal = `["'\`](?:(?:https?|wss?):)?//[^"'\`\\s]+`;
    const calls: [RegExp, string][] = [
      [new RegExp(`\\bfetch\\s*\\(\\s*(${literal})`, "g"), "fetch()"],
      [new RegExp(`\\bnew\\s+WebSocket\\s*\\(\\s*(${literal})`, "g"), "new WebSocket()"],
      [new RegExp(`\\bnew\\s+EventSource\\s*\\(\\s*(${literal})`, "g"), "new EventSource()"],
      [
        new RegExp(`\\.open\\s*\\(\\s*["'][A-Za-z]+["']\\s*,\\s*(${literal})`, "g"),
        "XMLHttpRequest.open()",
      ],
    ];
    for (const [re, via] of calls) {
      for (const m of text.matchAll(re)) {
        const url = m[1]!.replace(/^["'`]|["'`]$/g, "").replace(/\$\{.*$/, "");
        add(url, "connectDomains", via, at + m.index);
      }
    }
  }
  return loads;
}

/** The text of every `<script>` element without a `src`, with its offset in the document. */
function inlineScripts(html: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    if (/\btype\s*=\s*["']?(application\/(ld\+)?json|importmap|text\/template)/i.test(m[1]!))
      continue;
    out.push({ text: m[2]!, at: m.index + m[0].indexOf(">") + 1 });
  }
  return out;
}

function findEvals(html: string): EvalUse[] {
  const out: EvalUse[] = [];
  for (const { text, at } of inlineScripts(html)) {
    for (const m of text.matchAll(/(?<![\w$.])eval\s*\(|\bnew\s+Function\s*\(/g)) {
      const what = m[0].startsWith("eval") ? "eval(" : "new Function(";
      const start = Math.max(0, m.index - 30);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      const before = text.slice(Math.max(0, m.index - 40), m.index);
      out.push({
        what,
        probe:
          what === "new Function(" &&
          /^\s*(""|''|``)\s*\)/.test(after) &&
          /\btry\s*\{[^{}]*$/.test(before),
        line: lineAt(html, at + m.index),
        excerpt: text
          .slice(start, m.index + 50)
          .replace(/\s+/g, " ")
          .trim(),
      });
    }
  }
  return out;
}

function findDisplayModes(html: string): DisplayModeUse {
  const requests: number[] = [];
  const reads: number[] = [];
  for (const { text, at } of inlineScripts(html)) {
    // A call on an object (`app.requestDisplayMode(…)`), not the SDK's own method definition.
    for (const m of text.matchAll(/\.\s*requestDisplayMode\s*\(/g))
      requests.push(lineAt(html, at + m.index));
    // A request built by hand: only when no bundled App class defines the method (its body
    // carries the same method name without the view ever calling it).
    if (!/[\s;,{}]requestDisplayMode\s*\([\w$,\s]*\)\s*\{/.test(text)) {
      for (const m of text.matchAll(/["'`]ui\/request-display-mode["'`]/g))
        requests.push(lineAt(html, at + m.index));
    }
    // A read is any mention that is not an object key being declared (`availableDisplayModes:`).
    for (const m of text.matchAll(/availableDisplayModes(?!["'`]?\s*:)/g))
      reads.push(lineAt(html, at + m.index));
  }
  return { requests, reads };
}

export function analyzeView(html: string): StaticViewFindings {
  const text = blankComments(html);
  return { loads: findLoads(text), evals: findEvals(text), displayModes: findDisplayModes(text) };
}

interface SourceMatcher {
  scheme?: string;
  host: string;
  wildcard: boolean;
  port?: string;
}

const defaultPort = (scheme: string) => (scheme === "https" || scheme === "wss" ? "443" : "80");
/** ws and wss are matched as http and https are (CSP Level 3 scheme-part matching). */
const httpish = (scheme: string) =>
  scheme === "ws" ? "http" : scheme === "wss" ? "https" : scheme;

function parseSource(entry: string): SourceMatcher | undefined {
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([a-z0-9.-]+)(?::(\d+|\*))?\/?$/i.exec(
    entry.trim(),
  );
  if (!m) return undefined;
  return {
    scheme: m[1]?.toLowerCase(),
    wildcard: !!m[2],
    host: m[3]!.toLowerCase(),
    port: m[4],
  };
}

/** Whether a declared CSP source (`https://cdn.example.com`, `https://*.example.com`) allows `origin`. */
export function sourceAllows(entry: string, origin: string): boolean {
  const source = parseSource(entry);
  if (!source) return false;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (source.scheme) {
    const want = httpish(source.scheme);
    const got = httpish(scheme);
    // An http source also allows https (an upgrade); https allows only https.
    if (!(want === got || (want === "http" && got === "https"))) return false;
  }
  const host = u.hostname.toLowerCase();
  if (source.wildcard ? !host.endsWith(`.${source.host}`) : host !== source.host) return false;
  if (source.port === "*") return true;
  const port = u.port || defaultPort(scheme);
  const wantPort =
    source.port ?? (source.scheme ? defaultPort(source.scheme) : defaultPort(scheme));
  return port === wantPort || (!source.port && !u.port);
}

export interface UndeclaredLoad extends ViewLoad {
  /** Why it would be blocked, in a sentence. */
  reason: string;
}

/**
 * The loads the declared CSP would block: with no `csp` at all (CSP-4) every other origin is
 * blocked; with one, an origin must be in the list CSP-2 names for that kind of load.
 */
export function undeclaredLoads(
  loads: ViewLoad[],
  cspDeclared: boolean,
  csp: unknown,
): UndeclaredLoad[] {
  const lists = typeof csp === "object" && csp !== null ? (csp as Record<string, unknown>) : {};
  const out: UndeclaredLoad[] = [];
  for (const load of loads) {
    if (!cspDeclared) {
      out.push({
        ...load,
        reason: "no csp declared, so the host's default policy allows no other origin",
      });
      continue;
    }
    const list = lists[load.list];
    const entries = Array.isArray(list)
      ? list.filter((e): e is string => typeof e === "string")
      : [];
    if (!entries.some((e) => sourceAllows(e, load.origin)))
      out.push({ ...load, reason: `not in csp.${load.list}` });
  }
  return out;
}
