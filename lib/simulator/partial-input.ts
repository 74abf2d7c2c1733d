// Streamed tool arguments (BRG-3): the simulated agent writes its arguments as JSON text, and the
// host passes what it has so far to the view as `ui/notifications/tool-input-partial`. How a host
// turns unfinished JSON into an object is its own business (the spec lets it close what is still
// open, apps-2026-01-26 line 1134; no rule of ours covers it); this one closes open strings, arrays
// and objects, and drops a trailing key, number or literal it cannot finish.

/** The closers for what is still open at the end of `text`, and whether a string is open. */
function openAt(text: string): { closers: string; inString: boolean } {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") stack.pop();
  }
  return { closers: stack.reverse().join(""), inString };
}

function tryClose(prefix: string): Record<string, unknown> | undefined {
  const { closers, inString } = openAt(prefix);
  let body = inString ? `${prefix}"` : prefix;
  body = body.replace(/[\s,]+$/, "");
  try {
    const value: unknown = JSON.parse(body + closers);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The best object that a prefix of an arguments object's JSON text gives: the longest prefix of it
 * that, closed, parses as an object. An empty object when nothing parses yet.
 */
export function recoverPartialArguments(prefix: string): Record<string, unknown> {
  for (let end = prefix.length; end > 0; end--) {
    const value = tryClose(prefix.slice(0, end));
    if (value) return value;
  }
  return {};
}

/**
 * What the host sends before `tool-input` when the input arrives in `parts` parts: `parts - 1`
 * partial objects, recovered from evenly spaced prefixes of the arguments' JSON text. Fields are
 * missing from early ones and strings grow or numbers change between them, as when an agent
 * streams. One part (the default) means no partials.
 */
export function partialArguments(
  args: Record<string, unknown>,
  parts: number,
): Record<string, unknown>[] {
  const text = JSON.stringify(args);
  const out: Record<string, unknown>[] = [];
  for (let k = 1; k < parts; k++) {
    out.push(recoverPartialArguments(text.slice(0, Math.floor((text.length * k) / parts))));
  }
  return out;
}
