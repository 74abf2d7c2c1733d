/**
 * The vocabulary of the host's decision table: its rows, the permission flags and the CSP domain
 * lists. Pure data, shared by the decisions here, the simulator and the review of a real server.
 */

/**
 * The six rows of the host's decision table, in the order `decide()` evaluates them: the agent's
 * tool list (visibility) before the call on which the extension is negotiated. (The review
 * checklist's table lists negotiation first; lessons and the walker follow this order.)
 */
export const ROWS = [
  "visibility",
  "negotiation",
  "mime",
  "csp",
  "permissions",
  "app-call",
] as const;
export type RowName = (typeof ROWS)[number];
/** PERM-1: the permission flags a resource may request. */
export const PERMISSION_NAMES = ["camera", "microphone", "geolocation", "clipboardWrite"] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];
/** CSP-1: the four domain lists of `_meta.ui.csp`. */
export const CSP_KEYS = [
  "connectDomains",
  "resourceDomains",
  "frameDomains",
  "baseUriDomains",
] as const;
export type CspKey = (typeof CSP_KEYS)[number];
