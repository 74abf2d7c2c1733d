"use client";

import { THEMES, type ThemePreference } from "@/lib/store/basics";
import { useAppStore } from "./store-provider";

const LABELS: Record<ThemePreference, string> = { system: "System", light: "Light", dark: "Dark" };

/** A labelled select: native keyboard behaviour, and its value is announced by screen readers. */
export function ThemeToggle() {
  const theme = useAppStore((s) => s.preferences.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <label className="theme-toggle">
      <span>Theme</span>
      <select
        value={theme}
        onChange={(e) => setTheme(e.target.value as ThemePreference)}
        data-testid="theme-select"
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}
