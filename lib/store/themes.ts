// The theme choices a learner can save: named once for the saved progress's schema and for the
// lightweight basics every page loads before the store (neither imports the other).
export const THEMES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEMES)[number];
