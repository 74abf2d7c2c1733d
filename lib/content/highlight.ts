import { createHighlighterCoreSync, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import json from "shiki/langs/json.mjs";
import typescript from "shiki/langs/typescript.mjs";
import githubDarkDefault from "shiki/themes/github-dark-default.mjs";
import githubLightDefault from "shiki/themes/github-light-default.mjs";

/**
 * Build-time syntax highlighting for lesson code blocks. Only the grammars lessons use are loaded,
 * with shiki's JavaScript regex engine, so nothing here needs WebAssembly and none of it reaches
 * the browser: the page ships the highlighted HTML, coloured through CSS variables.
 */

/** The fence languages a lesson may use, mapped to the grammar that highlights them. */
export const CODE_LANGUAGES = {
  json: "json",
  ts: "typescript",
  typescript: "typescript",
  text: "text",
} as const;

export type CodeLanguage = keyof typeof CODE_LANGUAGES;

export function isCodeLanguage(lang: string): lang is CodeLanguage {
  return Object.hasOwn(CODE_LANGUAGES, lang);
}

/**
 * The two themes, by the color scheme each one serves. Both keep every token the lessons use at
 * 4.5:1 or more against their own background (github-light and github-dark do not: their
 * comments fall to about 3:1); a unit test holds them to it.
 */
const CODE_THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

let highlighter: HighlighterCore | undefined;

function getHighlighter(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({
    themes: [githubLightDefault, githubDarkDefault],
    langs: [json, typescript],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** A hast element, as far as the lesson pipeline needs to know it. */
export interface HastElement {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: unknown[];
}

const TOKEN_STYLE = /^--shiki-light:(#[0-9a-f]+);--shiki-dark:(#[0-9a-f]+)$/i;

/**
 * A lesson's token colours as classes. shiki writes both colours on every token (about 50 bytes
 * each, and again in the page's inline RSC payload); a lesson uses a few dozen distinct pairs, so
 * each pair becomes one short class, defined once in the lesson's own `<style>` (issue 23: less
 * HTML to parse on a phone).
 */
export class CodePalette {
  private readonly classes = new Map<string, string>();

  /** The class for this pair of colours: `sk0`, `sk1`, … in the order the lesson first uses them. */
  classFor(light: string, dark: string): string {
    const key = `--shiki-light:${light};--shiki-dark:${dark}`;
    let name = this.classes.get(key);
    if (!name) this.classes.set(key, (name = `sk${this.classes.size}`));
    return name;
  }

  /** The rules defining every class handed out, for the lesson's `<style>`; "" when none. */
  css(): string {
    return [...this.classes].map(([style, name]) => `.shiki .${name}{${style}}`).join("");
  }
}

/** Moves each token's pair of colours into `palette`'s class for it. */
function tokensToClasses(node: HastElement, palette: CodePalette): void {
  for (const child of node.children) {
    if (!child || (child as HastElement).type !== "element") continue;
    const el = child as HastElement;
    const m =
      typeof el.properties.style === "string" ? TOKEN_STYLE.exec(el.properties.style) : null;
    if (m) {
      delete el.properties.style;
      const own = el.properties.className;
      el.properties.className = [
        ...(Array.isArray(own) ? own : own ? [own] : []),
        palette.classFor(m[1]!, m[2]!),
      ];
    }
    tokensToClasses(el, palette);
  }
}

/**
 * Highlights one code block. Returns shiki's `<pre class="shiki">` element with no inline colour:
 * each token carries `--shiki-light` and `--shiki-dark`, and lessons.css picks one through
 * `light-dark()`, so the theme toggle and the system preference both apply without JavaScript.
 * With a `palette`, tokens carry its class instead of the two variables (the block's own
 * background and default colours stay on the `<pre>`).
 */
export function highlightCode(
  code: string,
  lang: CodeLanguage,
  palette?: CodePalette,
): HastElement {
  const root = getHighlighter().codeToHast(code, {
    lang: CODE_LANGUAGES[lang],
    themes: CODE_THEMES,
    defaultColor: false,
    // No time limit: shiki's default (500 ms a line) leaves the rest of a slow line unhighlighted,
    // and a loaded build is slow exactly when the grammar first compiles. Lessons are short.
    tokenizeTimeLimit: 0,
  });
  const pre = root.children[0];
  if (!pre || pre.type !== "element") throw new Error("shiki returned no <pre> element");
  const element = pre as unknown as HastElement;
  if (palette) tokensToClasses(element, palette);
  return element;
}
