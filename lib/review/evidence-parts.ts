/** A stretch of evidence text: words, or one JSON value to be shown as code. */
export interface EvidencePart {
  text: string;
  code: boolean;
}

/** The end (exclusive) of the bracketed span opening at `start`, strings skipped; -1 if none. */
function closingIndex(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") stack.push("}");
    else if (c === "[") stack.push("]");
    else if (c === "}" || c === "]") {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits report evidence into words and the JSON values embedded in it (what a server sent,
 * quoted by the report as `JSON.stringify` wrote it), so a page can set the JSON apart as code
 * rather than run it into the sentence. Only a bracketed span that parses as JSON counts: rule
 * lists such as `[CSP-1, CSP-2]` stay words. The parts always join back to `text`.
 */
export function evidenceParts(text: string): EvidencePart[] {
  const parts: EvidencePart[] = [];
  let words = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const end = c === "{" || c === "[" ? closingIndex(text, i) : -1;
    if (end > 0 && isJson(text.slice(i, end))) {
      if (words) parts.push({ text: words, code: false });
      parts.push({ text: text.slice(i, end), code: true });
      words = "";
      i = end;
    } else {
      words += c;
      i++;
    }
  }
  if (words || parts.length === 0) parts.push({ text: words, code: false });
  return parts;
}
