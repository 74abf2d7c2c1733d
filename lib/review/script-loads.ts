/**
 * Origins a view's inline script sets on an element (#37): `s.src = "https://cdn…"`,
 * `link.href = "…"`, `el.setAttribute("src", "…")`. Such a load is governed by the same CSP lists
 * as the markup it builds (CSP-2): a script's or an image's `src` by resourceDomains, an iframe's
 * by frameDomains, a stylesheet link's `href` by resourceDomains, a `<base>`'s by baseUriDomains.
 * A link's or the page's own `href` is a navigation, not a load, and is left out.
 *
 * Which element it is comes from where the script created it, `x = document.createElement("tag")`,
 * looked for a little way back; an element it did not create there is taken as a resource (an
 * image or a script, the common cases) for `src`, and left out for `href`.
 */
import type { CspKey as CspList } from "../decide/vocabulary";

const QUOTES = ['"', "'", "`"];

/** How far back the element's `createElement` is looked for. */
const LOOK_BACK = 4000;

const isIdent = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

/** The identifier that ends just before `end`, or "". */
function identifierBefore(text: string, end: number, from: number): string {
  let i = end;
  while (i > from && isIdent(text.charCodeAt(i - 1))) i--;
  return text.slice(i, end);
}

/** The tag `id` was made with (`id = document.createElement("tag")`), looked for before `at`. */
function createdTag(text: string, id: string, at: number, from: number): string | undefined {
  if (!id) return undefined;
  const window = text.slice(Math.max(from, at - LOOK_BACK), at);
  const escaped = id.replace(/\$/g, "\\$");
  const made = new RegExp(
    `(?:^|[^\\w$.])${escaped}\\s*=\\s*document\\.createElement\\(\\s*["'\`]([A-Za-z-]+)`,
    "g",
  );
  let tag: string | undefined;
  for (let m = made.exec(window); m; m = made.exec(window)) tag = m[1]!.toLowerCase();
  return tag;
}

/** The list an attribute of an element of `tag` loads under; undefined when it loads nothing. */
function listFor(attribute: "src" | "href", tag: string | undefined): CspList | undefined {
  if (attribute === "src") return tag === "iframe" ? "frameDomains" : "resourceDomains";
  return tag === "link" ? "resourceDomains" : tag === "base" ? "baseUriDomains" : undefined;
}

export interface ScriptLoad {
  list: CspList;
  via: string;
  /** Where the value (its opening quote, if a literal) starts. */
  valueAt: number;
}

const skipSpace = (text: string, i: number, to: number) => {
  while (i < to && /\s/.test(text[i]!)) i++;
  return i;
};

/**
 * `.src =` or `.href =` at `at` (its dot), inside a script from `from` to `to`: what it loads and
 * where its value starts; undefined for anything else (`.srcset`, `==`, a link's href).
 */
export function assignedLoad(
  text: string,
  at: number,
  attribute: "src" | "href",
  from: number,
  to: number,
): ScriptLoad | undefined {
  const after = at + 1 + attribute.length;
  if (after < to && isIdent(text.charCodeAt(after))) return undefined;
  const eq = skipSpace(text, after, to);
  if (text[eq] !== "=" || text[eq + 1] === "=") return undefined;
  // Only a literal is read: the element is looked up for those alone (bundles assign often).
  const valueAt = skipSpace(text, eq + 1, to);
  if (!QUOTES.includes(text[valueAt] ?? "")) return undefined;
  const list = listFor(attribute, createdTag(text, identifierBefore(text, at, from), at, from));
  return list ? { list, via: `script .${attribute} =`, valueAt } : undefined;
}

/** `.setAttribute("src" | "href", value)` at `at` (its dot). */
export function setAttributeLoad(
  text: string,
  at: number,
  from: number,
  to: number,
): ScriptLoad | undefined {
  const open = skipSpace(text, at + "setAttribute".length + 1, to);
  if (text[open] !== "(") return undefined;
  const name = /^\s*(["'`])(src|href)\1\s*,/.exec(text.slice(open + 1, Math.min(to, open + 20)));
  if (!name) return undefined;
  const attribute = name[2] as "src" | "href";
  const valueAt = skipSpace(text, open + 1 + name[0].length, to);
  if (!QUOTES.includes(text[valueAt] ?? "")) return undefined;
  const tag = createdTag(text, identifierBefore(text, at, from), at, from);
  const list = listFor(attribute, tag);
  return list
    ? {
        list,
        via: `script setAttribute(${attribute})`,
        valueAt,
      }
    : undefined;
}
