/**
 * Reading a server's JSON as sent, with no SDK behind it: the review page imports this for its
 * tools table, and its first load must not pull in the MCP SDK (app/review/first-load.test.ts).
 * The checks that judge what is read are in wire-checks.ts.
 */
import { asRecord } from "../host/wire";

export const json = (v: unknown) => JSON.stringify(v);

/** Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known key `key` most likely meant: the same letters in another case or with `_` / `-`
 * (`connect_domains`, `readonlyHint`), else the nearest within 2 edits (1 for short keys).
 */
export function likelyMeant(key: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");
  const same = known.find((k) => norm(k) === norm(key));
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= (key.length <= 4 ? 1 : 2) ? best : undefined;
}

export interface UnknownKey {
  key: string;
  meant?: string;
}

export function unknownKeys(obj: Record<string, unknown>, known: readonly string[]): UnknownKey[] {
  return Object.keys(obj)
    .filter((k) => !known.includes(k))
    .map((key) => {
      const meant = likelyMeant(key, known);
      return meant ? { key, meant } : { key };
    });
}

/** `"connect_domains" (did you mean "connectDomains"?)`, comma-separated. */
export function nameUnknown(keys: UnknownKey[]): string {
  return keys
    .map((k) => (k.meant ? `${json(k.key)} (did you mean ${json(k.meant)}?)` : json(k.key)))
    .join(", ");
}

export const TOOL_UI_KEYS = ["resourceUri", "visibility"] as const;
export const RESOURCE_UI_KEYS = ["csp", "permissions", "domain", "prefersBorder"] as const;
export const ANNOTATION_KEYS = [
  "title",
  "readOnlyHint",
  "destructiveHint",
  "idempotentHint",
  "openWorldHint",
] as const;
export const CONTENT_KEYS = ["uri", "mimeType", "text", "blob", "_meta"] as const;
const VISIBILITY_VALUES = ["model", "app"] as const;

/** A tool's `_meta.ui.visibility` as sent: absent, a well-formed list, or what is wrong with it. */
export type WireVisibility =
  | { kind: "absent" }
  | { kind: "list"; sent: string[] }
  | {
      kind: "malformed";
      sent: unknown;
      /** What a host that drops what it cannot read is left with (undefined: read as omitted). */
      kept: ("model" | "app")[] | undefined;
      problem: string;
      /** The callers the author evidently meant (from a string or the list's known values). */
      meant: string[];
    };

export function wireVisibility(tool: Record<string, unknown> | undefined): WireVisibility {
  const ui = asRecord(asRecord(tool?._meta)?.ui);
  if (!ui || !("visibility" in ui)) return { kind: "absent" };
  const v = ui.visibility;
  if (!Array.isArray(v)) {
    const what = v === null ? "null" : typeof v === "string" ? "a string" : `a ${typeof v}`;
    return {
      kind: "malformed",
      sent: v,
      kept: undefined,
      problem: `visibility is ${json(v)}, ${what}, not a list of "model" and "app"`,
      meant: typeof v === "string" ? [v] : [],
    };
  }
  const unknown = v.filter(
    (x) => typeof x !== "string" || !(VISIBILITY_VALUES as readonly string[]).includes(x),
  );
  const kept = v.filter((x): x is "model" | "app" => x === "model" || x === "app");
  if (unknown.length) {
    const named = unknown
      .map((x) => {
        const meant = typeof x === "string" ? likelyMeant(x, VISIBILITY_VALUES) : undefined;
        return meant ? `${json(x)} (did you mean ${json(meant)}?)` : json(x);
      })
      .join(", ");
    return {
      kind: "malformed",
      sent: v,
      kept,
      problem: `visibility ${json(v)} as sent holds ${named}, not "model" or "app"`,
      meant: v.map((x) =>
        typeof x === "string" ? (likelyMeant(x, VISIBILITY_VALUES) ?? x) : String(x),
      ),
    };
  }
  return { kind: "list", sent: v as string[] };
}
