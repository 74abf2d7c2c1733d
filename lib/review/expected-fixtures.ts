import type { ItemStatus } from "./report";

// Hand-written from content/scenarios/happy-path.json served by lib/simulator/server.ts with
// serveStdio / createMcpHandler and legacy "reject" (modern only). Served dual-era, the same server
// passes the era item too; everything else is the same.
export const HAPPY_PATH_MODERN_ONLY_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  "discover-extension": "pass",
  "discover-hints": "pass",
  "list-hints": "pass",
  "tools-by-declaration": "pass",
  "ui-tools": "pass",
  "resource-uri-key:show_forecast": "warning",
  "ui-scheme:show_forecast": "pass",
  "visibility:show_forecast": "pass",
  "negotiation:show_forecast": "pass",
  "resource-read:show_forecast": "pass",
  "mime:show_forecast": "pass",
  "listing:show_forecast": "pass",
  "html-document:show_forecast": "pass",
  "ui-meta-places:show_forecast": "pass",
  "csp:show_forecast": "pass",
  "permissions:show_forecast": "pass",
  "prefers-border:show_forecast": "warning",
  "read-hints:show_forecast": "pass",
  "annotations:show_forecast": "warning",
  "text-fallback:show_forecast": "not-checkable",
  "renders:show_forecast": "not-checkable",
};
