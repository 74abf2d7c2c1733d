import type { ItemStatus } from "./report";

// Hand-written from content/scenarios/happy-path.json served by lib/simulator/server.ts with
// serveStdio / createMcpHandler and legacy "reject" (modern only).
export const HAPPY_PATH_MODERN_ONLY_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  // The SDK's refusal of a legacy initialize is -32022 with data.supported: ["2026-07-28"].
  "initialize-refusal": "pass",
  "discover-extension": "pass",
  "discover-hints": "pass",
  "list-hints": "pass",
  // Core 2026-07-28: the SDK answers 1900-01-01 with -32022 and data.supported, a request without
  // clientCapabilities with -32602; it advertises io.modelcontextprotocol/ui; the tool names are plain.
  "unsupported-version": "pass",
  "missing-meta": "pass",
  "extension-ids": "pass",
  "tool-names": "pass",
  "tools-by-declaration": "pass",
  "ui-tools": "pass",
  // Both URI keys, naming the same view: registerAppTool writes the flat one (issue #21).
  "resource-uri-key:show_forecast": "pass",
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
  "content-uri:show_forecast": "pass",
  "resource-keys:show_forecast": "pass",
  // connectDomains ["http://api.localhost:<port>"]: http, but a localhost name.
  "csp-origins:show_forecast": "pass",
  "tool-ui-keys:show_forecast": "pass",
  "annotations:show_forecast": "warning",
  "output-schema:show_forecast": "pass",
  // refresh_forecast: no view, visibility ["app"], no annotations, no outputSchema. Under
  // 2026-07-28 the list cannot vary by client, so whether the server refuses a call from a
  // request without Apps needs a tools/call: not checkable.
  "tool-ui-keys:refresh_forecast": "pass",
  "visibility-value:refresh_forecast": "pass",
  "app-only-undeclared:refresh_forecast": "not-checkable",
  "annotations:refresh_forecast": "warning",
  "output-schema:refresh_forecast": "pass",
  "text-fallback:show_forecast": "not-checkable",
  "renders:show_forecast": "not-checkable",
  // Static view checks, on the view scripts/serve-scenario.ts serves (the simulator's demo view,
  // lib/simulator/views/demo-view.ts): it loads nothing from another origin, needs no eval, and
  // reads the host's availableDisplayModes before it asks for fullscreen (BRG-6), so the heuristic
  // passes. In process the factory serves HEADLESS_VIEWS instead: see IN_PROCESS_VIEW.
  "view-origins:show_forecast": "pass",
  "view-eval:show_forecast": "pass",
  "view-display-mode:show_forecast": "pass",
};

// The happy path's server built in process (lib/simulator/run.ts HEADLESS_VIEWS): its view has
// no script that asks for a display mode, so the heuristic passes.
export const IN_PROCESS_VIEW: Readonly<Record<string, ItemStatus>> = {
  "view-display-mode:show_forecast": "pass",
};

// The same server dual-era: the era item passes, and no initialize is refused.
export const HAPPY_PATH_DUAL_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  ...Object.fromEntries(
    Object.entries(HAPPY_PATH_MODERN_ONLY_EXPECTED).filter(([id]) => id !== "initialize-refusal"),
  ),
  era: "pass",
};

// Hand-written from server-basic-vanillajs 2.0.3's server.js: one tool, get-time, registered with
// registerAppTool (nested + flat key), no visibility, no annotations, an outputSchema; one resource
// with the profile mime type in both places and no _meta.ui; a bare McpServer (legacy only).
// Since issue #21: both URI keys pass, and neither initialize-declaration nor a legacy
// negotiation item exists (both judged this reviewer's own initialize).
export const BASIC_VANILLAJS_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  // Legacy only: no per-request version to refuse; no badly named extension or tool.
  "unsupported-version": "not-checkable",
  "extension-ids": "pass",
  "tool-names": "pass",
  "tools-by-declaration": "warning",
  "ui-tools": "pass",
  "resource-uri-key:get-time": "pass",
  "ui-scheme:get-time": "pass",
  "visibility:get-time": "pass",
  "resource-read:get-time": "pass",
  "mime:get-time": "pass",
  "listing:get-time": "pass",
  "html-document:get-time": "pass",
  "ui-meta-places:get-time": "pass",
  "csp:get-time": "pass",
  "permissions:get-time": "pass",
  "prefers-border:get-time": "warning",
  "content-uri:get-time": "pass",
  "resource-keys:get-time": "pass",
  "tool-ui-keys:get-time": "pass",
  "annotations:get-time": "warning",
  "output-schema:get-time": "pass",
  "text-fallback:get-time": "not-checkable",
  "renders:get-time": "not-checkable",
  // Static view checks: the view loads nothing from another origin, needs no eval and asks for
  // no display mode.
  "view-origins:get-time": "pass",
  "view-eval:get-time": "pass",
  "view-display-mode:get-time": "pass",
};

// Hand-written from server-system-monitor 2.0.3's server.js: get-system-info registered with
// registerAppTool (nested + flat key), no visibility, no annotations; poll-system-stats with
// visibility ["app"] and no view of its own (so not a UI tool, and not in the agent's list); one
// resource with the profile mime type and no _meta.ui; a bare McpServer (legacy only).
export const SYSTEM_MONITOR_EXPECTED: Readonly<Record<string, ItemStatus>> = {
  era: "warning",
  // Legacy only: no per-request version to refuse; no badly named extension or tool.
  "unsupported-version": "not-checkable",
  "extension-ids": "pass",
  "tool-names": "pass",
  "tools-by-declaration": "warning",
  "ui-tools": "pass",
  "resource-uri-key:get-system-info": "pass",
  "ui-scheme:get-system-info": "pass",
  "visibility:get-system-info": "pass",
  "resource-read:get-system-info": "pass",
  "mime:get-system-info": "pass",
  "listing:get-system-info": "pass",
  "html-document:get-system-info": "pass",
  "ui-meta-places:get-system-info": "pass",
  "csp:get-system-info": "pass",
  "permissions:get-system-info": "pass",
  "prefers-border:get-system-info": "warning",
  "content-uri:get-system-info": "pass",
  "resource-keys:get-system-info": "pass",
  "tool-ui-keys:get-system-info": "pass",
  "annotations:get-system-info": "warning",
  "output-schema:get-system-info": "pass",
  "text-fallback:get-system-info": "not-checkable",
  "renders:get-system-info": "not-checkable",
  // Static view checks: the view loads nothing from another origin, needs no eval and asks for
  // no display mode.
  "view-origins:get-system-info": "pass",
  "view-eval:get-system-info": "pass",
  "view-display-mode:get-system-info": "pass",
  // poll-system-stats: no view, visibility ["app"], an outputSchema, no annotations; the bare
  // legacy server lists it to a client whose initialize declared no Apps support (NEG-5).
  "tool-ui-keys:poll-system-stats": "pass",
  "visibility-value:poll-system-stats": "pass",
  "app-only-undeclared:poll-system-stats": "warning",
  "annotations:poll-system-stats": "warning",
  "output-schema:poll-system-stats": "pass",
};
