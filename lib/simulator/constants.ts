/**
 * NEG-1 / RES-2 / NEG-2: the extension identifier, the one mime type a view may carry and the
 * per-request `_meta` keys of the 2026-07-28 core. The host layer owns them; the simulator uses the
 * same ones.
 */
export {
  EXTENSION_ID,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  PROFILE_MIME,
} from "../host/ids";
/** The core revision the simulator's client and server speak (NEG-2). */
export const PROTOCOL_VERSION = "2026-07-28";
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
