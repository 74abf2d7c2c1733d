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

// Hand-written from server-basic-vanillajs 2.0.3's server.js: one tool, get-time, registered with
// registerAppTool (nested + flat key), no visibility, no annotations; one resource with the
// profile mime type in both places and no _meta.ui; a bare McpServer (legacy only).
export const BASIC_VANILLAJS_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  "initialize-declaration": "pass",
  "tools-by-declaration": "warning",
  "ui-tools": "pass",
  "resource-uri-key:get-time": "warning",
  "ui-scheme:get-time": "pass",
  "visibility:get-time": "pass",
  "negotiation:get-time": "pass",
  "resource-read:get-time": "pass",
  "mime:get-time": "pass",
  "listing:get-time": "pass",
  "html-document:get-time": "pass",
  "ui-meta-places:get-time": "pass",
  "csp:get-time": "pass",
  "permissions:get-time": "pass",
  "prefers-border:get-time": "warning",
  "annotations:get-time": "warning",
  "text-fallback:get-time": "not-checkable",
  "renders:get-time": "not-checkable",
};

// Hand-written from server-system-monitor 2.0.3's server.js: get-system-info registered with
// registerAppTool (nested + flat key), no visibility, no annotations; poll-system-stats with
// visibility ["app"] and no view of its own (so not a UI tool, and not in the agent's list); one
// resource with the profile mime type and no _meta.ui; a bare McpServer (legacy only).
export const SYSTEM_MONITOR_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  "initialize-declaration": "pass",
  "tools-by-declaration": "warning",
  "ui-tools": "pass",
  "resource-uri-key:get-system-info": "warning",
  "ui-scheme:get-system-info": "pass",
  "visibility:get-system-info": "pass",
  "negotiation:get-system-info": "pass",
  "resource-read:get-system-info": "pass",
  "mime:get-system-info": "pass",
  "listing:get-system-info": "pass",
  "html-document:get-system-info": "pass",
  "ui-meta-places:get-system-info": "pass",
  "csp:get-system-info": "pass",
  "permissions:get-system-info": "pass",
  "prefers-border:get-system-info": "warning",
  "annotations:get-system-info": "warning",
  "text-fallback:get-system-info": "not-checkable",
  "renders:get-system-info": "not-checkable",
};
