/**
 * Static checks of a view's HTML, without a browser: which origins it loads or fetches, compared
 * with the CSP it declares; whether it needs `eval`; whether it asks for a display mode without
 * reading which ones the host offers. Framework-free and browser-safe: text in, findings out.
 *
 * What is read: `<script src>`, `<link href>` (stylesheets, preloads, icons), `<img src/srcset>`,
 * `<video|audio|source|track src>`, `<iframe src>`, `<base href>`, CSS `url(…)` and `@import` in
 * `<style>` blocks and `style` attributes, and in inline scripts the URL literal passed straight
 * to `fetch(`, `new WebSocket(`, `new EventSource(` or an XMLHttpRequest's `.open(method, url)`, or
 * set on an element (`.src =`, a stylesheet link's `.href =`, `setAttribute("src", …)`).
 * A URL built at run time is not seen: a clean result means "none found", not "none used".
 */

import { assignedLoad, setAttributeLoad } from "./script-loads";

/** Which `_meta.ui.csp` list governs a load (CSP-2). */
type CspList = "connectDomains" | "resourceDomains" | "frameDomains" | "baseUriDomains";

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

interface EvalUse {
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

interface DisplayModeUse {
  /** Where the view asks for a display mode (`.requestDisplayMode(` or a hand-built request). */
  requests: number[];
  /** Lines that read `availableDisplayModes` (not as an object key being declared). */
  reads: number[];
}

/**
 * The caps of the static checks (issue #39, item 3): they read a bounded part of a document, for a
 * bounded time, and keep a bounded number of findings, so a view of any size costs the review at
 * most a few seconds and a few kilobytes of report.
 */
export interface StaticViewLimits {
  /** Characters of a document read: the rest of a longer view is not read (4 MiB). */
  maxChars: number;
  /** How long the scan may take, in ms: looked at inside its loops, it stops where it is (2 s). */
  deadlineMs: number;
  /** Findings kept of each kind (distinct loads, eval uses, display-mode requests and reads). */
  maxFindings: number;
}

export const STATIC_VIEW_LIMITS: Readonly<StaticViewLimits> = {
  // About ten times the largest view the repository's tests review (server-system-monitor's, 418 KiB),
  // and still read in well under the deadline.
  maxChars: 4 * 1024 * 1024,
  deadlineMs: 2000,
  // Far more than a real view has (dozens of origins), and few enough that the findings the page's
  // worker posts back stay small (each URL kept to URL_KEPT characters).
  maxFindings: 1000,
};

export interface AnalyzeOptions extends Partial<StaticViewLimits> {
  /** The clock the deadline is read from, in ms: performance.now unless a test gives its own. */
  now?: () => number;
}

/** How much of the document the checks read, and why not all of it when they stopped short. */
interface StaticViewReading {
  /** The document's length, in characters. */
  length: number;
  /** How many of them were read: all of them unless the checks stopped short. */
  read: number;
  /** The line the reading ended on: the last line when all was read. */
  line: number;
  /** Why the checks stopped short: the document is longer than maxChars, or the deadline passed. */
  stopped?: "size" | "deadline";
}

export interface StaticViewFindings {
  /** The first load of each origin by each means (`<img src>`, `fetch()`…), in document order. */
  loads: ViewLoad[];
  evals: EvalUse[];
  displayModes: DisplayModeUse;
  reading: StaticViewReading;
  /** Findings past maxFindings: counted, not kept (so a dropped load is not checked against the CSP). */
  dropped: { loads: number; evals: number; requests: number; reads: number };
}

/** The origin of an absolute (or protocol-relative) http(s)/ws(s) URL; undefined otherwise. */
function absoluteOrigin(raw: string): string | undefined {
  const url = raw.trim().replace(/^\/\//, "https://");
  if (!/^(https?|wss?):\/\//i.test(url)) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

// Character tests on char codes: the scan looks at every character at most a few times.
const isWord = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** JavaScript's `\s`, which the patterns these checks began as were written with. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
const isQuote = (c: number) => c === 34 || c === 39;
const isJsQuote = (c: number) => c === 34 || c === 39 || c === 96;

/**
 * The document lowered, for tag and attribute names, with every offset unchanged. Lowering never
 * shortens a string and lengthens it only for a few letters (U+0130 İ); then ASCII alone is lowered.
 */
function lowered(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The deadline, looked at every 256th step of any scan loop (reading the clock costs more than a
 * step). Once passed, every loop stops; `stoppedAt` is the earliest offset a loop stopped at.
 */
class Deadline {
  stoppedAt: number | undefined;
  private steps = 0;
  constructor(
    private readonly now: () => number,
    private readonly at: number,
  ) {}

  passed(offset: number): boolean {
    if (this.stoppedAt === undefined) {
      if ((++this.steps & 255) !== 0 || this.now() < this.at) return false;
      this.stoppedAt = offset;
    }
    this.stoppedAt = Math.min(this.stoppedAt, offset);
    return true;
  }
}

/**
 * The next occurrence of `needle` at or after an offset, for offsets asked in increasing order:
 * each search starts where the last one ended, so all of them together read the text once.
 */
function nextOf(hay: string, needle: string): (from: number) => number {
  let found = -1;
  let asked = -1;
  return (from) => {
    if (from < asked || found < from) {
      const i = hay.indexOf(needle, from);
      found = i < 0 ? Infinity : i;
    }
    asked = from;
    return found;
  };
}

/**
 * Replaces HTML comments with spaces of the same length, so offsets (and lines) still hold. A `<!--`
 * with no `-->` after it hides nothing (nor can any later one): the scan stops looking there. In a
 * document cut short by the size cap, its `-->` may lie past the cut: the rest is taken as comment.
 */
function blankComments(html: string, cut: boolean, deadline: Deadline): string {
  const blank = (from: number, to: number) => html.slice(from, to).replace(/[^\n]/g, " ");
  const parts: string[] = [];
  let last = 0;
  for (let open = html.indexOf("<!--"); open >= 0; open = html.indexOf("<!--", last)) {
    if (deadline.passed(open)) break;
    const close = html.indexOf("-->", open + 4);
    if (close < 0) {
      if (cut) parts.push(html.slice(last, open), blank(open, html.length));
      last = cut ? html.length : last;
      break;
    }
    parts.push(html.slice(last, open), blank(open, close + 3));
    last = close + 3;
  }
  if (!parts.length) return html;
  parts.push(html.slice(last));
  return parts.join("");
}

/**
 * Stretches of the document read as CSS (`<style>` blocks, `style` attributes), kept in order of
 * where they start and asked about in document order: each is passed over once.
 */
class Stretches {
  private readonly list: [start: number, end: number][] = [];
  private head = 0;

  add(start: number, end: number) {
    if (end <= start) return;
    // Found in document order, so almost always last; a style attribute inside a <style> tag
    // starts before that element's text does.
    let k = this.list.length;
    while (k > this.head && this.list[k - 1]![0] > start) k--;
    this.list.splice(k, 0, [start, end]);
  }

  /** `offset` if a stretch holds it, else where the next known one starts (Infinity if none). */
  from(offset: number): number {
    while (this.head < this.list.length && this.list[this.head]![1] <= offset) this.head++;
    const s = this.list[this.head];
    return s ? Math.max(s[0], offset) : Infinity;
  }

  /** The end of a stretch holding `offset`, or -1. */
  endAt(offset: number): number {
    while (this.head < this.list.length && this.list[this.head]![1] <= offset) this.head++;
    const s = this.list[this.head];
    return s && s[0] <= offset ? s[1] : -1;
  }
}

/** Where an inline script's text is, and what the display-mode check learns of it. */
interface Script {
  start: number;
  end: number;
  /** Scanned for fetches, eval and display modes (not src, JSON, import map or template). */
  inline: boolean;
  /** It carries a requestDisplayMode method of its own (a bundled App class). */
  definesRequest: boolean;
  /** Hand-built `ui/request-display-mode` lines: requests only if no such method is defined. */
  handBuilt: number[];
}

/** One thing the pass looks for, where it is next, and what it reads there. */
interface Kind {
  next: (from: number) => number;
  /** Reads what is at `at`; returns where to look for the next one. */
  on: (at: number) => number;
  at: number;
  /** Only inside an inline script, or inside CSS. */
  within?: "script" | "css";
}

const RESOURCE_TAGS: Record<string, string> = {
  script: "<script src>",
  img: "<img src>",
  video: "<media src>",
  audio: "<media src>",
  source: "<media src>",
  track: "<media src>",
};
/** The tags whose attributes load something, and `<style>`, whose text is CSS. */
const READ_TAGS = new Set([...Object.keys(RESOURCE_TAGS), "link", "iframe", "base", "style"]);
/** Attributes read, of any of those tags. */
const READ_ATTRIBUTES = ["src", "srcset", "href", "rel", "type"];
/**
 * The attribute READ_ATTRIBUTES names that the name from `start` to `end` in `lower` stands for:
 * itself, or one ending in it after a dash or colon (`data-src`: a lazy loader's image is loaded
 * from there all the same). Compared in place: most attribute names are never copied.
 */
function readAttribute(lower: string, start: number, end: number): string | undefined {
  return READ_ATTRIBUTES.find((a) => {
    const at = end - a.length;
    return (
      at >= start && lower.startsWith(a, at) && (at === start || !isWord(lower.charCodeAt(at - 1)))
    );
  });
}
/** URLs are kept to this length: only their origin is judged. */
const URL_KEPT = 500;
/** What `new X(` the scan reads in an inline script: a connection (its URL literal) or Function. */
const CONSTRUCTED = [
  ["WebSocket", "new WebSocket()"],
  ["EventSource", "new EventSource()"],
  ["Function", ""],
] as const;

/**
 * One pass over the document. Each kind of thing looked for (`<` for tags, `style` for style
 * attributes, `fetch`, `eval`, `url(`…) has its own position, found with indexOf from where its last
 * one ended; the pass always takes the earliest, so the document is read in order, once per kind,
 * and the deadline can stop it anywhere with everything before that point read. Tags and CSS are
 * found anywhere (in a script's strings too, as markup built there loads as well); fetches, eval
 * and display modes only in inline scripts.
 */
export function analyzeView(html: string, options: AnalyzeOptions = {}): StaticViewFindings {
  const limits = { ...STATIC_VIEW_LIMITS, ...options };
  const now = options.now ?? (() => performance.now());
  const deadline = new Deadline(now, now() + limits.deadlineMs);
  const cut = html.length > limits.maxChars;
  const text = blankComments(cut ? html.slice(0, limits.maxChars) : html, cut, deadline);
  const lower = lowered(text);
  const end = text.length;
  const max = limits.maxFindings;

  // Lines are counted forward from the last offset asked for: findings come in document order.
  let lineOffset = 0;
  let lineNumber = 1;
  const lineOf = (offset: number) => {
    for (
      let i = text.indexOf("\n", lineOffset);
      i >= 0 && i < offset;
      i = text.indexOf("\n", i + 1)
    )
      lineNumber++;
    lineOffset = Math.max(lineOffset, offset);
    return lineNumber;
  };

  const loads: ViewLoad[] = [];
  const loadKeys = new Set<string>();
  const evals: EvalUse[] = [];
  const requests: number[] = [];
  const reads: number[] = [];
  const dropped = { loads: 0, evals: 0, requests: 0, reads: 0 };
  const add = (raw: string, list: CspList, via: string, offset: number) => {
    const origin = absoluteOrigin(raw);
    if (!origin) return;
    const key = `${list} ${via} ${origin}`;
    if (loadKeys.has(key)) return;
    if (loads.length >= max) {
      dropped.loads++;
      return;
    }
    loadKeys.add(key);
    const url = raw.trim();
    loads.push({
      origin,
      url: url.length > URL_KEPT ? url.slice(0, URL_KEPT) : url,
      list,
      via,
      line: lineOf(offset),
    });
  };
  const keepLine = (into: number[], kind: "requests" | "reads", offset: number) => {
    if (into.length >= max) dropped[kind]++;
    else into.push(lineOf(offset));
  };

  const skipSpace = (i: number, to: number) => {
    while (i < to && isSpace(text.charCodeAt(i))) i++;
    return i;
  };
  const nextGt = nextOf(text, ">");
  const nextDq = nextOf(text, '"');
  const nextSq = nextOf(text, "'");
  /**
   * Where the element opened before `from` ends: at the next `</script\s*>` (or `</style\s*>`), or
   * at the document's end, as a browser reads an unclosed one. Asked in document order; an answer
   * still ahead holds for a later start, so no stretch is searched twice.
   */
  const closer = (name: string) => {
    const next = nextOf(lower, `</${name}`);
    const length = name.length + 2;
    let asked = -1;
    let answer = -1;
    return (from: number) => {
      if (from >= asked && from <= answer) return answer;
      asked = from;
      answer = end;
      for (let at = next(from); at < end; at = next(at + length))
        if (text.charCodeAt(skipSpace(at + length, end)) === 62) {
          answer = at;
          break;
        }
      return answer;
    };
  };
  const scriptClose = closer("script");
  const styleClose = closer("style");

  const css = new Stretches();
  let script: Script | undefined;
  const finishScript = () => {
    if (script && !script.definesRequest)
      for (const line of script.handBuilt) {
        if (requests.length >= max) dropped.requests++;
        else requests.push(line);
      }
  };

  /**
   * Where a kind looks next from `from`. What belongs to scripts is looked for in the inline script
   * only, CSS in the stretches read as CSS only: elsewhere such a kind waits (Infinity) until
   * the next script or stretch is found, so most of a document is read for two kinds, not eleven.
   */
  const seek = (k: Kind, from: number): number => {
    if (k.within === "script") {
      if (!script?.inline || from >= script.end) return Infinity;
      const at = k.next(Math.max(from, script.start));
      return at < script.end ? at : Infinity;
    }
    if (k.within === "css") {
      const start = css.from(from);
      return start === Infinity ? Infinity : k.next(start);
    }
    return k.next(from);
  };
  /** A stretch of CSS: the CSS kinds that wait, or look past its start, look from there. */
  const addCss = (start: number, stop: number) => {
    css.add(start, stop);
    for (const k of kinds) if (k.within === "css" && k.at > start) k.at = seek(k, start);
  };

  /**
   * The attributes READ_ATTRIBUTES names of the tag at `at`, read from `from` to `to` (its `>`), the
   * first of each name as a browser keeps; undefined when the deadline passed (the tag is unread).
   */
  const attributes = (at: number, from: number, to: number) => {
    const found = new Map<string, string>();
    let i = from;
    while (i < to) {
      if (deadline.passed(at)) return undefined;
      const c = text.charCodeAt(i);
      if (isSpace(c) || c === 47) {
        i++;
        continue;
      }
      const nameStart = i;
      i++;
      while (i < to) {
        const d = text.charCodeAt(i);
        if (isSpace(d) || d === 47 || d === 61) break;
        i++;
      }
      const key = readAttribute(lower, nameStart, i);
      i = skipSpace(i, to);
      let valueStart = i;
      let valueEnd = i;
      if (text.charCodeAt(i) === 61 && i < to) {
        i = skipSpace(i + 1, to);
        const q = text.charCodeAt(i);
        if (isQuote(q) && i < to) {
          // Within the tag only: tags do not overlap, so no character is read twice.
          valueStart = i + 1;
          i = valueStart;
          while (i < to && text.charCodeAt(i) !== q) i++;
          valueEnd = i++;
        } else {
          valueStart = i;
          while (i < to && !isSpace(text.charCodeAt(i))) i++;
          valueEnd = i;
        }
      }
      if (key && !found.has(key)) found.set(key, text.slice(valueStart, valueEnd));
    }
    return found;
  };

  /** A tag at `at` (its `<`): what it loads; returns where to look for the next tag. */
  const onTag = (at: number): number => {
    let i = at + 1;
    // The names read are at most 6 letters: 7 tell a longer name, and no more are looked at.
    while (i < end && i < at + 8 && lower.charCodeAt(i) >= 97 && lower.charCodeAt(i) <= 122) i++;
    const name = lower.slice(at + 1, i);
    const after = i < end ? text.charCodeAt(i) : 62;
    if (!READ_TAGS.has(name) || !(isSpace(after) || after === 47 || after === 62)) return at + 1;
    const gt = nextGt(i);
    // An unclosed tag runs to the end of the document; cut short by the size cap, it is not read.
    if (gt === Infinity && cut) return end;
    const tagEnd = Math.min(gt, end);
    const attrs = attributes(at, i, tagEnd);
    if (!attrs) return tagEnd;
    const src = attrs.get("src");
    if (name in RESOURCE_TAGS && src !== undefined)
      add(src, "resourceDomains", RESOURCE_TAGS[name]!, at);
    if (name === "img" && attrs.has("srcset"))
      for (const part of attrs.get("srcset")!.split(","))
        add(part.trim().split(/\s+/)[0] ?? "", "resourceDomains", "<img srcset>", at);
    if (name === "link") {
      const rel = (attrs.get("rel") ?? "").toLowerCase().trim();
      const href = attrs.get("href");
      // preconnect and dns-prefetch only warm a connection up; they load nothing.
      if (href && !/\b(preconnect|dns-prefetch)\b/.test(rel))
        add(href, "resourceDomains", `<link rel="${clipped(rel, 40) || "?"}" href>`, at);
    }
    if (name === "iframe" && src !== undefined) add(src, "frameDomains", "<iframe src>", at);
    if (name === "base" && attrs.has("href"))
      add(attrs.get("href")!, "baseUriDomains", "<base href>", at);
    if (name === "style") addCss(tagEnd + 1, styleClose(tagEnd + 1));
    // A script at the top level (not markup written inside another script's text) has text of
    // its own; an inline one is read for fetches, eval and display modes.
    if (name === "script" && (!script || at >= script.end)) {
      finishScript();
      const type = (attrs.get("type") ?? "").trim().toLowerCase();
      script = {
        start: tagEnd + 1,
        end: scriptClose(tagEnd + 1),
        inline:
          src === undefined && !/^(application\/(ld\+)?json|importmap|text\/template)/.test(type),
        definesRequest: false,
        handBuilt: [],
      };
      for (const k of kinds) if (k.within === "script") k.at = seek(k, script.start);
    }
    // Carry on inside the element: markup in a script's strings loads too when written out.
    return tagEnd + 1;
  };

  /** `style="…"` anywhere, as an attribute or a script's assignment: its value is CSS. */
  const onStyleAttribute = (at: number): number => {
    if (at > 0 && isWord(lower.charCodeAt(at - 1))) return at + 5;
    let i = skipSpace(at + 5, end);
    if (text.charCodeAt(i) !== 61) return at + 5;
    i = skipSpace(i + 1, end);
    const q = text.charCodeAt(i);
    if (!isQuote(q)) return at + 5;
    const close = Math.min(nextDq(i + 1), nextSq(i + 1));
    if (close >= end || text.charCodeAt(close) !== q) return at + 5;
    addCss(i + 1, close);
    return close + 1;
  };

  /** `url(…)` in CSS; `@import url(…)` is an import. */
  const onUrl = (at: number): number => {
    const to = css.endAt(at);
    if (to < 0) return at + 4;
    let i = skipSpace(at + 4, to);
    const q = isQuote(text.charCodeAt(i)) && i < to ? text.charCodeAt(i++) : 0;
    const valueStart = i;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (isQuote(c) || c === 41 || isSpace(c)) break;
      i++;
    }
    const valueEnd = i;
    // Where to look again after a failed match. Every `url(` inside an unquoted value would read to
    // the same valueEnd and fail alike, so none is looked at; a quoted value's unquoted inner one
    // could still match.
    const miss = q ? valueStart : Math.max(valueEnd, at + 4);
    if (valueEnd === valueStart) return miss;
    if (q && text.charCodeAt(i++) !== q) return miss;
    i = skipSpace(i, to);
    if (i >= to || text.charCodeAt(i) !== 41) return miss;
    let b = at;
    while (b > 0 && isSpace(text.charCodeAt(b - 1))) b--;
    const via = lower.startsWith("@import", b - 7) ? "CSS @import" : "CSS url()";
    if (!(cut && valueEnd >= end))
      add(text.slice(valueStart, valueEnd), "resourceDomains", via, at);
    return i + 1;
  };

  /** `@import "…"` in CSS. */
  const onImport = (at: number): number => {
    const to = css.endAt(at);
    if (to < 0 || !isSpace(text.charCodeAt(at + 7))) return at + 7;
    const i = skipSpace(at + 7, to);
    const q = text.charCodeAt(i);
    if (!isQuote(q) || i >= to) return at + 7;
    let j = i + 1;
    while (j < to && !isQuote(text.charCodeAt(j))) j++;
    // A later `@import` inside this value has no quote before j, so it fails at once or starts at j.
    if (j === i + 1 || j >= to || text.charCodeAt(j) !== q) return at + 7;
    add(text.slice(i + 1, j), "resourceDomains", "CSS @import", at);
    return j + 1;
  };

  /** The inline script holding `at`, if any. */
  const inScript = (at: number) =>
    script && script.inline && at >= script.start && at < script.end ? script : undefined;

  /**
   * A URL literal starting at `i` (its quote) and not past `to`: `"https://…`, `'//…`, `` `wss://… ``,
   * up to a quote or a space; a template's `${…}` ends it. Its end, or -1.
   */
  const literal = (
    i: number,
    to: number,
    via: string,
    at: number,
    list: CspList = "connectDomains",
  ): number => {
    if (i >= to || !isJsQuote(text.charCodeAt(i))) return -1;
    let j = i + 1;
    for (const scheme of ["https:", "http:", "wss:", "ws:"])
      if (text.startsWith(scheme, j)) {
        j += scheme.length;
        break;
      }
    if (!text.startsWith("//", j)) return -1;
    let k = j + 2;
    while (k < to) {
      const c = text.charCodeAt(k);
      if (isJsQuote(c) || isSpace(c)) break;
      k++;
    }
    if (k === j + 2) return -1;
    // Cut short by the size cap, the literal may go on: not judged.
    if (cut && k >= end) return k;
    const url = text.slice(i + 1, k);
    const template = url.indexOf("${");
    add(template < 0 ? url : url.slice(0, template), list, via, at);
    return k;
  };
  /** `(` after optional spaces at `i`: the offset after it, or -1. */
  const paren = (i: number, to: number) => {
    const j = skipSpace(i, to);
    return j < to && text.charCodeAt(j) === 40 ? j + 1 : -1;
  };

  const onFetch = (at: number): number => {
    const s = inScript(at);
    if (!s || (at > 0 && isWord(text.charCodeAt(at - 1)))) return at + 5;
    const open = paren(at + 5, s.end);
    if (open < 0) return at + 5;
    const next = literal(skipSpace(open, s.end), s.end, "fetch()", at);
    return next < 0 ? open : next;
  };

  const onEvalUse = (what: EvalUse["what"], at: number, open: number, s: Script) => {
    if (evals.length >= max) {
      dropped.evals++;
      return;
    }
    const after = text.slice(open, Math.min(s.end, open + 8));
    const before = text.slice(Math.max(s.start, at - 40), at);
    evals.push({
      what,
      probe:
        what === "new Function(" &&
        /^\s*(""|''|``)\s*\)/.test(after) &&
        /\btry\s*\{[^{}]*$/.test(before),
      line: lineOf(at),
      excerpt: text
        .slice(Math.max(s.start, at - 30), Math.min(s.end, at + 50))
        .replace(/\s+/g, " ")
        .trim(),
    });
  };

  /** `new WebSocket(url)`, `new EventSource(url)`, `new Function(`. */
  const onNew = (at: number): number => {
    const s = inScript(at);
    if (!s || (at > 0 && isWord(text.charCodeAt(at - 1)))) return at + 3;
    const i = skipSpace(at + 3, s.end);
    if (i === at + 3) return at + 3;
    for (const [name, via] of CONSTRUCTED) {
      if (!text.startsWith(name, i)) continue;
      const open = paren(i + name.length, s.end);
      if (open < 0) return i;
      if (!via) {
        onEvalUse("new Function(", at, open, s);
        return open;
      }
      const next = literal(skipSpace(open, s.end), s.end, via, at);
      return next < 0 ? open : next;
    }
    return i;
  };

  /** An origin set on an element in script: `.src = "…"`, `.href = "…"` (lib/review/script-loads). */
  const onAssign = (attribute: "src" | "href") => (at: number) => {
    const s = inScript(at);
    if (!s) return at + 1;
    const load = assignedLoad(text, at, attribute, s.start, s.end);
    if (!load) return at + 1 + attribute.length;
    const next = literal(load.valueAt, s.end, load.via, at, load.list);
    return next < 0 ? load.valueAt : next;
  };
  const onSetAttribute = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 13;
    const load = setAttributeLoad(text, at, s.start, s.end);
    if (!load) return at + 13;
    const next = literal(load.valueAt, s.end, load.via, at, load.list);
    return next < 0 ? load.valueAt : next;
  };

  /** An XMLHttpRequest's `.open("GET", url)`. */
  const onOpen = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 5;
    const open = paren(at + 5, s.end);
    if (open < 0) return at + 5;
    let i = skipSpace(open, s.end);
    if (!isQuote(text.charCodeAt(i))) return open;
    const methodStart = ++i;
    while (i < s.end && /[A-Za-z]/.test(text[i]!)) i++;
    if (i === methodStart || !isQuote(text.charCodeAt(i))) return i;
    i = skipSpace(i + 1, s.end);
    if (text.charCodeAt(i) !== 44) return i;
    const next = literal(skipSpace(i + 1, s.end), s.end, "XMLHttpRequest.open()", at);
    return next < 0 ? i + 1 : next;
  };

  const onEval = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 4;
    const c = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (isWord(c) || c === 36 || c === 46) return at + 4;
    const open = paren(at + 4, s.end);
    if (open < 0) return at + 4;
    onEvalUse("eval(", at, open, s);
    return open;
  };

  /**
   * `.requestDisplayMode(`: a call on an object. `requestDisplayMode(a, b) {`: the method itself,
   * defined by a bundled App class (its body names the request without the view ever making it).
   */
  const onRequestDisplayMode = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 18;
    let b = at;
    while (b > s.start && isSpace(text.charCodeAt(b - 1))) b--;
    const open = paren(at + 18, s.end);
    if (open < 0) return at + 18;
    if (b > s.start && text.charCodeAt(b - 1) === 46) keepLine(requests, "requests", b - 1);
    const prev = at > s.start ? text.charCodeAt(at - 1) : 0;
    if (
      at > s.start &&
      (isSpace(prev) || prev === 59 || prev === 44 || prev === 123 || prev === 125)
    ) {
      let i = open;
      while (i < s.end) {
        const c = text.charCodeAt(i);
        if (!(isWord(c) || c === 36 || c === 44 || isSpace(c))) break;
        i++;
      }
      if (text.charCodeAt(i) === 41) {
        const j = skipSpace(i + 1, s.end);
        if (j < s.end && text.charCodeAt(j) === 123) s.definesRequest = true;
      }
      return i;
    }
    return open;
  };

  /** `"ui/request-display-mode"`: a request built by hand, if the script defines no method for it. */
  const onHandBuilt = (at: number): number => {
    const s = inScript(at);
    const close = at + 23;
    if (
      s &&
      at - 1 >= s.start &&
      close < s.end &&
      isJsQuote(text.charCodeAt(at - 1)) &&
      isJsQuote(text.charCodeAt(close))
    )
      s.handBuilt.push(lineOf(at - 1));
    return close;
  };

  /** A read is any mention that is not an object key being declared (`availableDisplayModes:`). */
  const onAvailable = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 21;
    let i = at + 21;
    if (i < s.end && isJsQuote(text.charCodeAt(i))) i++;
    i = skipSpace(i, s.end);
    if (!(i < s.end && text.charCodeAt(i) === 58)) keepLine(reads, "reads", at);
    return i > at + 21 ? i : at + 21;
  };

  const kind = (
    hay: string,
    needle: string,
    on: (at: number) => number,
    within?: Kind["within"],
  ): Kind => ({ next: nextOf(hay, needle), on, at: Infinity, within });
  const kinds: Kind[] = [
    kind(lower, "<", onTag),
    kind(lower, "style", onStyleAttribute),
    kind(lower, "url(", onUrl, "css"),
    kind(lower, "@import", onImport, "css"),
    kind(text, "fetch", onFetch, "script"),
    kind(text, "new", onNew, "script"),
    kind(text, ".open", onOpen, "script"),
    kind(text, ".src", onAssign("src"), "script"),
    kind(text, ".href", onAssign("href"), "script"),
    kind(text, ".setAttribute", onSetAttribute, "script"),
    kind(text, "eval", onEval, "script"),
    kind(text, "requestDisplayMode", onRequestDisplayMode, "script"),
    kind(text, "ui/request-display-mode", onHandBuilt, "script"),
    kind(text, "availableDisplayModes", onAvailable, "script"),
  ];
  for (const k of kinds) k.at = seek(k, 0);
  for (;;) {
    let earliest = kinds[0]!;
    for (const k of kinds) if (k.at < earliest.at) earliest = k;
    if (earliest.at >= end || deadline.passed(earliest.at)) break;
    earliest.at = seek(earliest, Math.max(earliest.on(earliest.at), earliest.at + 1));
  }
  finishScript();

  const read = deadline.stoppedAt ?? end;
  const reading: StaticViewReading = {
    length: html.length,
    read,
    line: lineOf(read),
    ...(deadline.stoppedAt !== undefined
      ? { stopped: "deadline" as const }
      : cut
        ? { stopped: "size" as const }
        : {}),
  };
  return { loads, evals, displayModes: { requests, reads }, reading, dropped };
}

function clipped(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
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
