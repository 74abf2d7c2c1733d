/**
 * The UI metadata matrix as project data: the seed's 18 fields plus the two core caching hints
 * (which sit on the read result, beside contents),
 * where each one goes, how settled it is, and
 * the lesson section and rules that explain it. This module is pure, so the reference page's
 * client components can share it; the loader is in matrix.ts.
 */

/** Where a field is written, in the order a tool call meets them. */
export const MATRIX_LOCATIONS = [
  "tool-definition",
  "resource",
  "resource-contents",
  "read-result",
  "tool-result",
] as const;
export type MatrixLocation = (typeof MATRIX_LOCATIONS)[number];

/** What each location is, for filters, badges and the exercise's explanations. */
export const LOCATION_INFO: Record<MatrixLocation, { label: string; detail: string }> = {
  "tool-definition": {
    label: "Tool definition",
    detail: "the tool's entry in tools/list, under its _meta.ui",
  },
  resource: {
    label: "Resource",
    detail:
      "the view resource itself: its address, and the _meta.ui a host reads from the read's content item or, failing that, from the resources/list entry (RES-4)",
  },
  "resource-contents": {
    label: "Resource contents",
    detail: "the content item a resources/read returns for the view",
  },
  "read-result": {
    label: "Read result",
    detail:
      "the resources/read result itself, beside its contents array: not on a content item, not on the listing entry",
  },
  "tool-result": {
    label: "Tool result",
    detail: "the result of tools/call",
  },
};

export const STABILITY_INFO = {
  stable: "Stable in MCP Apps 2026-01-26",
  "stable-reviewed": "Stable in the reviewed spec; host support has varied",
  core: "Stable core MCP, not specific to Apps",
} as const;

type MatrixStability = keyof typeof STABILITY_INFO;

export interface MatrixField {
  id: string;
  field: string;
  location: MatrixLocation;
  stability: MatrixStability;
  meaning: string;
  notes: string;
  rules: string[];
  /** Slug of the lesson and pinned heading id of the section that explains the field. */
  lesson: string;
  section: string;
  /** A simulator preset that shows the field at work. */
  scenario?: string | undefined;
}

/** Case-insensitive filter over field name, meaning, notes and rule IDs. Pure, for the page. */
export function filterMatrix<
  T extends Pick<MatrixField, "field" | "meaning" | "notes" | "rules" | "location">,
>(fields: readonly T[], query: string, locations: ReadonlySet<MatrixLocation>): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return fields.filter((f) => {
    if (!locations.has(f.location)) return false;
    const hay = `${f.field} ${f.meaning} ${f.notes} ${f.rules.join(" ")}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/**
 * The fields of the "where does this field go?" exercise: taken round-robin across the four
 * locations, in file order, so every location is asked about and the set is stable.
 */
export function pickExerciseFields<T extends Pick<MatrixField, "location">>(
  fields: readonly T[],
  count = 6,
): T[] {
  const groups = MATRIX_LOCATIONS.map((loc) => fields.filter((f) => f.location === loc));
  const picked: T[] = [];
  for (let round = 0; picked.length < count && groups.some((g) => g.length > round); round++) {
    for (const g of groups) {
      const f = g[round];
      if (f && picked.length < count) picked.push(f);
    }
  }
  return picked;
}
