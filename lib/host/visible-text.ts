/**
 * Server strings (tool and server names, titles, descriptions, evidence) come from whoever runs
 * the server. Bidi controls (U+202E RIGHT-TO-LEFT OVERRIDE and friends) make a name display as
 * another (`noitca_ylno_ppa` + RLO shows as `app_only_action`) and can reverse the host's own
 * sentence around it; other control and zero-width characters hide text. Every place that shows
 * such a string to a person passes it through `visibleText`, which replaces each of them with a
 * visible `⟨U+XXXX⟩` marker. The raw string is still what the host sends back to the server.
 */

// C0 and C1 controls (tab and newline included: a name never needs them), bidi embeddings,
// overrides, isolates and marks, zero-width characters, the BOM, and the Unicode tag block.
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/** The marker that stands for one hidden character. */
export function codePointMarker(ch: string): string {
  return `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** `text` with every control, bidi and invisible character shown as a visible marker. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, codePointMarker);
}

/** Whether `text` holds any character `visibleText` would mark. */
export function hasHiddenCharacters(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}
