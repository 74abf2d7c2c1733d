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
} from "../decide/ids";
/** The core revision the simulator's client and server speak (NEG-2): the host's modern one. */
/** The decision table's rows, permission flags and CSP lists live with the decisions. */
export {
  CSP_KEYS,
  PERMISSION_NAMES,
  ROWS,
  type CspKey,
  type PermissionName,
  type RowName,
} from "../decide/vocabulary";
/**
 * How a run ends. "timed-out": the host rendered the view but it never completed the handshake;
 * "not-connected": client and server share no protocol era (NEG-6), so nothing was listed.
 */
export const RUN_OUTCOMES = [
  "rendered",
  "text",
  "not-called",
  "timed-out",
  "not-connected",
] as const;
/** NEG-6: the era a session runs in. */
export const SESSION_ERAS = ["modern", "legacy"] as const;
