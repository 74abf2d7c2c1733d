// The static checks' eval part: `eval(` and `new Function(` in inline scripts, a feature test
// (`new Function("")` in a try) told apart from a real need.
import type { EvalUse } from "./static-view-findings";
import { isWord, kind, type Kind, type Script, type ViewScan } from "./static-view-scan";

/** An eval use at `at` whose `(` ends at `open`, in script `s`; past max only counted. */
export function recordEval(
  scan: ViewScan,
  what: EvalUse["what"],
  at: number,
  open: number,
  s: Script,
) {
  const { text, evals, max, dropped, lineOf } = scan;
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
}

/** The eval kind; `new Function(` is found by the script part's `new` and recorded here. */
export function evalKinds(scan: ViewScan): Kind[] {
  const { text, inScript, paren } = scan;

  const onEval = (at: number): number => {
    const s = inScript(at);
    if (!s) return at + 4;
    const c = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (isWord(c) || c === 36 || c === 46) return at + 4;
    const open = paren(at + 4, s.end);
    if (open < 0) return at + 4;
    recordEval(scan, "eval(", at, open, s);
    return open;
  };

  return [kind(text, "eval", onEval, "script")];
}
