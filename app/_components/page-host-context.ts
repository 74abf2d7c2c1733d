import type { McpUiHostContext, McpUiStyles } from "@modelcontextprotocol/ext-apps";

/** The theme in force on this page: the saved choice, or the system's. */
export function pageTheme(): "light" | "dark" {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The page's colours, as the MCP Apps style variables a view can adopt. */
function hostStyleVariables(): Record<string, string> {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim();
  const vars: Record<string, string> = {
    "--color-background-primary": v("--bg"),
    "--color-background-secondary": v("--surface"),
    "--color-text-primary": v("--fg"),
    "--color-text-secondary": v("--muted"),
    "--color-border-primary": v("--border"),
    "--color-text-info": v("--accent"),
    "--color-text-danger": v("--fail"),
    "--font-sans": css.fontFamily,
  };
  return Object.fromEntries(Object.entries(vars).filter(([, x]) => x));
}

/** The page's theme and colours, as the part of the host context a view is given. */
export function pageHostContext(): Pick<McpUiHostContext, "theme" | "styles"> {
  return { theme: pageTheme(), styles: { variables: hostStyleVariables() as McpUiStyles } };
}
