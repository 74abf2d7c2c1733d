// The static checks' script part for loads: in an inline script, the URL literal passed straight to
// fetch(, new WebSocket(, new EventSource( or an XMLHttpRequest's .open(method, url), or set on an
// element (.src =, .href =, setAttribute). `new Function(` is handed to the eval part.
import { assignedLoad, setAttributeLoad } from "./script-loads";
import { recordEval } from "./static-view-eval";
import type { CspList } from "./static-view-findings";
import {
  isJsQuote,
  isQuote,
  isSpace,
  isWord,
  kind,
  type Kind,
  type ViewScan,
} from "./static-view-scan";

/** What `new X(` the scan reads in an inline script: a connection (its URL literal) or Function. */
const CONSTRUCTED = [
  ["WebSocket", "new WebSocket()"],
  ["EventSource", "new EventSource()"],
  ["Function", ""],
] as const;

/** The kinds of loads read in inline scripts. */
export function scriptUrlKinds(scan: ViewScan): Kind[] {
  const { text, end, cut, add, skipSpace, inScript, paren } = scan;

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

  const onFetch = (at: number): number => {
    const s = inScript(at);
    if (!s || (at > 0 && isWord(text.charCodeAt(at - 1)))) return at + 5;
    const open = paren(at + 5, s.end);
    if (open < 0) return at + 5;
    const next = literal(skipSpace(open, s.end), s.end, "fetch()", at);
    return next < 0 ? open : next;
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
        recordEval(scan, "new Function(", at, open, s);
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

  return [
    kind(text, "fetch", onFetch, "script"),
    kind(text, "new", onNew, "script"),
    kind(text, ".open", onOpen, "script"),
    kind(text, ".src", onAssign("src"), "script"),
    kind(text, ".href", onAssign("href"), "script"),
    kind(text, ".setAttribute", onSetAttribute, "script"),
  ];
}
