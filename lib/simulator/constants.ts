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
/** The decision table's rows, permission flags and CSP lists live with the decisions. */
export {
  CSP_KEYS,
  PERMISSION_NAMES,
  ROWS,
  type CspKey,
  type PermissionName,
  type RowName,
} from "../decide/vocabulary";
