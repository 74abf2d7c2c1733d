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
export const CODE_THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

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

/**
 * Highlights one code block. Returns shiki's `<pre class="shiki">` element with no inline colour:
 * each token carries `--shiki-light` and `--shiki-dark`, and lessons.css picks one through
 * `light-dark()`, so the theme toggle and the system preference both apply without JavaScript.
 */
export function highlightCode(code: string, lang: CodeLanguage): HastElement {
  const root = getHighlighter().codeToHast(code, {
    lang: CODE_LANGUAGES[lang],
    themes: CODE_THEMES,
    defaultColor: false,
  });
  const pre = root.children[0];
  if (!pre || pre.type !== "element") throw new Error("shiki returned no <pre> element");
  return pre as unknown as HastElement;
}
