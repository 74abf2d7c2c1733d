/**
 * Is the view's document the server's HTML, unmodified (Apps 2026-01-26 line 477: the host sends
 * the raw HTML; line 478: the proxy loads it)? The view compares the document it was parsed from
 * with the HTML this server served for its read (conformance_ping hands it back, so no network or
 * CSP is involved). In a browser both sides are parsed and serialised the same way: up to the
 * view's own script as it was when the script started, then all that followed the script once
 * parsing ended (view.ts), so only a real change shows: a script or element the host added before
 * or after the view's script, an attribute or text it rewrote. How the HTML travelled (in
 * sandbox-resource-ready, or loaded from a URL) stays invisible.
 */

export interface DocumentComparison {
  same: boolean;
  /** Characters compared (the served document's serialisation). */
  length: number;
  /** Where the two first differ, with a short excerpt of each from a little before there. */
  at?: number;
  served?: string;
  loaded?: string;
}

const EXCERPT = 80;

/** Compares two serialisations; on a difference, says where and shows both around it. */
export function compareDocuments(loaded: string, served: string): DocumentComparison {
  if (loaded === served) return { same: true, length: served.length };
  let at = 0;
  while (at < loaded.length && at < served.length && loaded[at] === served[at]) at++;
  const from = Math.max(0, at - 20);
  return {
    same: false,
    length: served.length,
    at,
    served: served.slice(from, from + EXCERPT),
    loaded: loaded.slice(from, from + EXCERPT),
  };
}
