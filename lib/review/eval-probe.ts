/**
 * Whether a refused `eval` the browser reported is a library's feature probe. zod, which ext-apps'
 * `App` bundles, runs `new Function("")` inside a `try` when its schemas are built, to learn whether
 * the page allows code from strings; a spec host's CSP (CSP-2, CSP-4: no `'unsafe-eval'`) refuses
 * it, zod catches the error and takes its other path, and the view works. Minified, the probe reads
 * `try{const t=Function;return new t(""),!0}catch{…}`.
 *
 * Read where the browser says it happened: Chromium gives an inline script's line and column
 * within that script's text (for a document written as the sandbox proxy writes it), so the code
 * at that spot is looked at, not the document at large. A probe elsewhere in the document proves
 * nothing about this refusal.
 */

/** How far back the `try {` of a probe may be (the minified probe's is 20 characters back). */
const TRY_WINDOW = 200;

/** The texts of the inline scripts (no `src`) and the document itself, where a place may fall. */
function places(html: string): string[] {
  const out: string[] = [];
  const lower = html.toLowerCase();
  const open = /<script\b([^>]*)>/gi;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "")) continue;
    const start = m.index + m[0].length;
    const close = lower.indexOf("</script", start);
    out.push(html.slice(start, close < 0 ? html.length : close));
    open.lastIndex = close < 0 ? html.length : close;
  }
  out.push(html);
  return out;
}

/** The offset of a 1-based line and column in `text`, or -1 past its end. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    at = text.indexOf("\n", at);
    if (at < 0) return -1;
    at++;
  }
  const lineEnd = text.indexOf("\n", at);
  const offset = at + column - 1;
  return offset < (lineEnd < 0 ? text.length : lineEnd) ? offset : -1;
}

/**
 * `new X("")` at `offset`, with an empty body, inside a `try` block opened just before it, where X
 * is `Function` or a name that block set to `Function`.
 */
function isProbeAt(text: string, offset: number): boolean {
  const call = /^new\s+([A-Za-z_$][\w$]*)\s*\(\s*(?:""|''|``)\s*\)/.exec(
    text.slice(offset, offset + 80),
  );
  if (!call) return false;
  const before = text.slice(Math.max(0, offset - TRY_WINDOW), offset);
  const block = /\btry\s*\{([^{}]*)$/.exec(before);
  if (!block) return false;
  const name = call[1]!;
  if (name === "Function") return true;
  const alias = new RegExp(`(?:^|[^\\w$.])${name.replace(/\$/g, "\\$")}\\s*=\\s*Function\\s*[;,]`);
  return alias.test(block[1]!);
}

/** Whether the refusal the browser placed at `line`:`column` is a feature probe in `html`. */
export function isEvalProbe(html: string, line: unknown, column: unknown): boolean {
  if (typeof line !== "number" || typeof column !== "number" || line < 1 || column < 1)
    return false;
  return places(html).some((text) => {
    const offset = offsetOf(text, line, column);
    return offset >= 0 && isProbeAt(text, offset);
  });
}
