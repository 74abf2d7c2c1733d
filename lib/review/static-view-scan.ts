// One pass of the static checks over a document: the character tests, the deadline, the search
// that reads a text once, comments blanked, the stretches read as CSS, and the pass's shared state.
import type { CspList, EvalUse, ViewLoad } from "./static-view-findings";

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
export const isWord = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** JavaScript's `\s`, which the patterns these checks began as were written with. */
export const isSpace = (c: number) =>
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
export const isQuote = (c: number) => c === 34 || c === 39;
export const isJsQuote = (c: number) => c === 34 || c === 39 || c === 96;

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
export class Deadline {
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
export function nextOf(hay: string, needle: string): (from: number) => number {
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
export function blankComments(html: string, cut: boolean, deadline: Deadline): string {
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
export interface Script {
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
export interface Kind {
  next: (from: number) => number;
  /** Reads what is at `at`; returns where to look for the next one. */
  on: (at: number) => number;
  at: number;
  /** Only inside an inline script, or inside CSS. */
  within?: "script" | "css";
}

/** URLs are kept to this length: only their origin is judged. */
const URL_KEPT = 500;

/**
 * The state of one pass over a document, shared by the parts that look for each kind of thing
 * (static-view-markup, -css, -script-urls, -eval, -display-modes): the text, the findings so far,
 * the inline script and the CSS stretches being read, and the kinds with their positions.
 */
export class ViewScan {
  readonly lower: string;
  readonly end: number;
  readonly loads: ViewLoad[] = [];
  readonly evals: EvalUse[] = [];
  readonly requests: number[] = [];
  readonly reads: number[] = [];
  readonly dropped = { loads: 0, evals: 0, requests: 0, reads: 0 };
  /** The stretches read as CSS. */
  readonly css = new Stretches();
  /** The top-level script last opened (by the markup part), inline or not. */
  script: Script | undefined;
  /** Every kind looked for, in the order that breaks a tie between two at one offset. */
  kinds: Kind[] = [];
  private readonly loadKeys = new Set<string>();
  // Lines are counted forward from the last offset asked for: findings come in document order.
  private lineOffset = 0;
  private lineNumber = 1;

  constructor(
    /** The document as read: cut to the size cap, comments blanked. */
    readonly text: string,
    /** The document was cut short by the size cap. */
    readonly cut: boolean,
    /** Findings kept of each kind. */
    readonly max: number,
    readonly deadline: Deadline,
  ) {
    this.lower = lowered(text);
    this.end = text.length;
  }

  readonly lineOf = (offset: number) => {
    const { text } = this;
    for (
      let i = text.indexOf("\n", this.lineOffset);
      i >= 0 && i < offset;
      i = text.indexOf("\n", i + 1)
    )
      this.lineNumber++;
    this.lineOffset = Math.max(this.lineOffset, offset);
    return this.lineNumber;
  };

  /** A load of `raw`'s origin, the first by each means for each list; past max only counted. */
  readonly add = (raw: string, list: CspList, via: string, offset: number) => {
    const { loads, dropped, loadKeys, max } = this;
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
      line: this.lineOf(offset),
    });
  };

  /** A display-mode request's or read's line; past max only counted. */
  readonly keepLine = (into: number[], kind: "requests" | "reads", offset: number) => {
    if (into.length >= this.max) this.dropped[kind]++;
    else into.push(this.lineOf(offset));
  };

  readonly skipSpace = (i: number, to: number) => {
    while (i < to && isSpace(this.text.charCodeAt(i))) i++;
    return i;
  };

  /**
   * Where a kind looks next from `from`. What belongs to scripts is looked for in the inline script
   * only, CSS in the stretches read as CSS only: elsewhere such a kind waits (Infinity) until
   * the next script or stretch is found, so most of a document is read for two kinds, not eleven.
   */
  readonly seek = (k: Kind, from: number): number => {
    const { script, css } = this;
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
  readonly addCss = (start: number, stop: number) => {
    this.css.add(start, stop);
    for (const k of this.kinds) if (k.within === "css" && k.at > start) k.at = this.seek(k, start);
  };

  /** The inline script holding `at`, if any. */
  readonly inScript = (at: number) => {
    const { script } = this;
    return script && script.inline && at >= script.start && at < script.end ? script : undefined;
  };

  /** `(` after optional spaces at `i`: the offset after it, or -1. */
  readonly paren = (i: number, to: number) => {
    const j = this.skipSpace(i, to);
    return j < to && this.text.charCodeAt(j) === 40 ? j + 1 : -1;
  };
}

/** A kind of thing looked for: `needle` found in `hay`, read by `on`. */
export function kind(
  hay: string,
  needle: string,
  on: (at: number) => number,
  within?: Kind["within"],
): Kind {
  return { next: nextOf(hay, needle), on, at: Infinity, within };
}
