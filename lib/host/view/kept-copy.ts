/**
 * What a host keeps of a message it has already handled, for the reader (issue #39): the message
 * reached its handler whole; the trace and the records keep a bounded copy, so that a view logging
 * 250 KiB messages neither fills the page's memory nor makes each redraw copy everything it sent.
 */

/** Characters of each string that a kept copy keeps; the rest is counted, not kept. */
export const KEPT_STRING_CHARS = 2048;
/** Cut strings whose place a kept copy lists (the count covers them all). */
const LISTED = 20;
/** A listed place longer than this is shown by its end. */
const PATH_CHARS = 200;

/** The strings a kept copy cut. */
export interface Clipped {
  /** How many strings were cut. */
  count: number;
  /** Characters not kept, over all of them. */
  characters: number;
  /** The first few: where (a JSON Pointer, RFC 6901) and their full length in characters. */
  strings: { path: string; length: number }[];
}

/**
 * The first `n` characters of `s` as a string of their own. V8 makes a longer slice a view into
 * the whole string, which keeps the whole one alive: forty 250 KiB logs cut this way still held
 * 10 MB on the host page.
 */
const ownStart = (s: string, n: number): string =>
  s.length <= n ? s : (JSON.parse(JSON.stringify(s.slice(0, n))) as string);

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return Array.isArray(v) || proto === Object.prototype || proto === null;
};

/** True when some string in `value` is longer than `keep` (cycles are walked once). */
function hasLongString(value: unknown, keep: number): boolean {
  const seen = new Set<object>();
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.length > keep) return true;
    } else if (typeof v === "object" && v !== null && isPlain(v) && !seen.has(v)) {
      seen.add(v);
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}

interface Place {
  parent: Place | undefined;
  key: string;
}

const pointer = (place: Place | undefined) => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key.replace(/~/g, "~0").replace(/\//g, "~1"));
  const path = keys
    .reverse()
    .map((k) => `/${k}`)
    .join("");
  return path.length > PATH_CHARS ? `…${path.slice(-PATH_CHARS)}` : path;
};

/**
 * `value` with every string longer than `keep` cut to its first `keep` characters, and what was
 * cut; `value` itself (no copy) when nothing is. Objects and arrays keep all their keys and items,
 * so what is read of a kept message's structure (its method, id, params' fields) stays true.
 * Walked without recursion (a 256 KiB message can nest 100,000 deep); anything that is not a
 * plain object, array or string is kept as it is.
 */
export function keptCopy(
  value: unknown,
  keep = KEPT_STRING_CHARS,
): { value: unknown; clipped?: Clipped } {
  if (!hasLongString(value, keep)) return { value };
  const clipped: Clipped = { count: 0, characters: 0, strings: [] };
  const copies = new Map<object, unknown>();
  const root: { value?: unknown } = {};
  const stack: { v: unknown; into: Record<string, unknown>; key: string; place?: Place }[] = [
    { v: value, into: root, key: "value" },
  ];
  while (stack.length) {
    // Depth first, in the message's own order: the cut strings are listed as they appear.
    const { v, into, key, place } = stack.pop()!;
    if (typeof v === "string" && v.length > keep) {
      into[key] = ownStart(v, keep);
      clipped.count++;
      clipped.characters += v.length - keep;
      if (clipped.strings.length < LISTED)
        clipped.strings.push({ path: pointer(place), length: v.length });
    } else if (typeof v === "object" && v !== null && isPlain(v)) {
      const known = copies.get(v);
      if (known) {
        into[key] = known;
        continue;
      }
      const copy = (Array.isArray(v) ? [] : {}) as Record<string, unknown>;
      copies.set(v, copy);
      into[key] = copy;
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        stack.push({ v: x, into: copy, key: k, place: { parent: place, key: k } });
      }
    } else into[key] = v;
  }
  return { value: root.value, clipped };
}

/** A value's compact JSON as a record keeps it: its first `max` characters, and how many more. */
export interface KeptJson {
  json: string;
  /** Characters of the JSON not kept. */
  more: number;
}

/**
 * `value` as compact JSON, cut to its first `max` characters (counted once, when the message is
 * kept, instead of on every redraw). A value JSON cannot write (a BigInt, which a posted message
 * can carry) is named, not thrown.
 */
export function keptJson(value: unknown, max: number): KeptJson {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    return { json: "(a value JSON cannot write, such as a BigInt)", more: 0 };
  }
  return { json: ownStart(text, max), more: Math.max(0, text.length - max) };
}
