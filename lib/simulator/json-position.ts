/**
 * Where a path (keys and array indexes) sits in a JSON text: the line and column (1-based) of the
 * member's key, or of the element for an index. A small scanner, not a parser: it assumes text that
 * JSON.parse accepted, and returns undefined for a path the text does not contain.
 */
export function locateJsonPath(
  text: string,
  path: readonly (string | number)[],
): { line: number; column: number } | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Skips one value; when `depth` < path.length and the value is a container, looks inside it.
  const value = (depth: number): number | undefined => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        const keyAt = i;
        const key = str();
        ws();
        i++; // colon
        if (depth < path.length && path[depth] === key) {
          if (depth === path.length - 1) return keyAt;
          const found = value(depth + 1);
          if (found !== undefined) return found;
        } else value(path.length);
        ws();
        if (text[i] === ",") i++;
        else return void i++;
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (let n = 0; ; n++) {
        ws();
        const at = i;
        if (depth < path.length && path[depth] === n) {
          if (depth === path.length - 1) return at;
          const found = value(depth + 1);
          if (found !== undefined) return found;
        } else value(path.length);
        ws();
        if (text[i] === ",") i++;
        else return void i++;
      }
    }
    if (c === '"') return void str();
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return undefined;
  };
  let at: number | undefined;
  try {
    at = path.length === 0 ? (ws(), i) : value(0);
  } catch {
    return undefined;
  }
  if (at === undefined) return undefined;
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
