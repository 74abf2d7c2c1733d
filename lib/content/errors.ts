/**
 * An error in a content file (lesson, quiz bank, scenario). The message always starts with the
 * file path relative to the project, then the line or field, so a failed build points at the fix.
 */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly where: string | undefined,
    readonly detail: string,
  ) {
    super(where ? `${file}: ${where}: ${detail}` : `${file}: ${detail}`);
    this.name = "ContentError";
  }
}

/** Formats a zod issue path as `questions[3].options[0].text`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(root)";
}
