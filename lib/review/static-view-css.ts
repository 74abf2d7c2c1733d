// The static checks' CSS part: `style="…"` makes a stretch of CSS; in CSS, `url(…)` and `@import`
// load from an origin.
import {
  isQuote,
  isSpace,
  isWord,
  kind,
  nextOf,
  type Kind,
  type ViewScan,
} from "./static-view-scan";

/** The CSS kinds: style attributes anywhere, then url( and @import inside CSS. */
export function cssKinds(scan: ViewScan): Kind[] {
  const { text, lower, end, cut, css, add, skipSpace, addCss } = scan;
  const nextDq = nextOf(text, '"');
  const nextSq = nextOf(text, "'");

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

  return [
    kind(lower, "style", onStyleAttribute),
    kind(lower, "url(", onUrl, "css"),
    kind(lower, "@import", onImport, "css"),
  ];
}
