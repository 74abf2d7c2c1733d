/** Where the host found the `_meta.ui` it acts on. */
export type UiMetaSource = "content" | "listing" | "none";

const uiOf = (meta: unknown): Record<string, unknown> | undefined => {
  if (typeof meta !== "object" || meta === null) return undefined;
  const ui = (meta as { ui?: unknown }).ui;
  return typeof ui === "object" && ui !== null ? (ui as Record<string, unknown>) : undefined;
};

/**
 * RES-4: a content item's `_meta.ui` takes precedence over the listing's, as a whole object.
 * Fields are never merged, so a content item with only `prefersBorder` hides the listing's csp.
 */
export function effectiveUiMeta(
  contentMeta: unknown,
  listingMeta: unknown,
): { ui: Record<string, unknown>; source: UiMetaSource } {
  const content = uiOf(contentMeta);
  if (content) return { ui: content, source: "content" };
  const listing = uiOf(listingMeta);
  if (listing) return { ui: listing, source: "listing" };
  return { ui: {}, source: "none" };
}
