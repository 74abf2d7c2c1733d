// The static checks' markup part: `<` anywhere, a tag read for what it loads (<script src>,
// <img src/srcset>, media, <link href>, <iframe src>, <base href>), where each <style> block's CSS
// and each top-level script's text begin, for the parts that read those.
import { finishScript } from "./static-view-display-modes";
import {
  isSpace,
  isQuote,
  isWord,
  kind,
  nextOf,
  type Kind,
  type Script,
  type ViewScan,
} from "./static-view-scan";

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

function clipped(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

/** The markup kind: tags, wherever they stand (markup built in a script's strings loads too). */
export function markupKinds(scan: ViewScan): Kind[] {
  const { text, lower, end, cut, deadline, add, skipSpace, seek, addCss } = scan;
  const nextGt = nextOf(text, ">");
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
    if (name === "script" && (!scan.script || at >= scan.script.end)) {
      finishScript(scan);
      const type = (attrs.get("type") ?? "").trim().toLowerCase();
      const script: Script = {
        start: tagEnd + 1,
        end: scriptClose(tagEnd + 1),
        inline:
          src === undefined && !/^(application\/(ld\+)?json|importmap|text\/template)/.test(type),
        definesRequest: false,
        handBuilt: [],
      };
      scan.script = script;
      for (const k of scan.kinds) if (k.within === "script") k.at = seek(k, script.start);
    }
    // Carry on inside the element: markup in a script's strings loads too when written out.
    return tagEnd + 1;
  };

  return [kind(lower, "<", onTag)];
}
