import { visibleText } from "@/lib/host/visible-text";

/**
 * A string that came from an MCP server (a tool, server or resource name, a title, evidence):
 * bidi and control characters are shown as ⟨U+XXXX⟩ markers, so a name cannot pass for another
 * (U+202E made `noitca_ylno_ppa` read as `app_only_action`), and `<bdi>` keeps whatever direction
 * it has from reversing the sentence around it.
 */
export function ServerText({ text, code = false }: { text: string; code?: boolean }) {
  const shown = visibleText(text);
  return <bdi>{code ? <code>{shown}</code> : shown}</bdi>;
}
