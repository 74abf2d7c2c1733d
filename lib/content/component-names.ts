/**
 * The custom tags a lesson may use. The MDX compiler refuses any other capitalised tag, so a typo
 * fails the build instead of crashing the page; a unit test keeps this list equal to the keys
 * of the component registry (app/_components/mdx-registry.tsx).
 */
export const MDX_COMPONENT_NAMES = [
  "Callout",
  "CspBuilder",
  "DecisionWalker",
  "HostFact",
  "MimeChecker",
  "PermissionsMapper",
  "RuleRef",
  "SelfCheck",
  "SpecRef",
  "TryIt",
  "VisibilityMatrix",
] as const;

export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/** Plain HTML elements a lesson may write as JSX; everything else must be Markdown or a component. */
export const MDX_HTML_ELEMENTS = ["abbr", "br", "details", "kbd", "summary", "sub", "sup"] as const;
