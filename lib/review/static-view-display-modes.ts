// The static checks' display-mode part: where an inline script asks for a display mode (a call, or
// a request built by hand when the script defines no method of its own) and where it reads
// availableDisplayModes.
import { isJsQuote, isSpace, isWord, kind, type Kind, type ViewScan } from "./static-view-scan";

/** The script last opened ends: its hand-built requests count, unless it defines the method. */
export function finishScript(scan: ViewScan) {
  const { script, requests, max, dropped } = scan;
  if (script && !script.definesRequest)
    for (const line of script.handBuilt) {
      if (requests.length >= max) dropped.requests++;
      else requests.push(line);
    }
}

/** The display-mode kinds, read in inline scripts. */
export function displayModeKinds(scan: ViewScan): Kind[] {
  const { text, requests, reads, lineOf, keepLine, skipSpace, inScript, paren } = scan;

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

  return [
    kind(text, "requestDisplayMode", onRequestDisplayMode, "script"),
    kind(text, "ui/request-display-mode", onHandBuilt, "script"),
    kind(text, "availableDisplayModes", onAvailable, "script"),
  ];
}
