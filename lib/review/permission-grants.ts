import { PERMISSION_NAMES, type PermissionName } from "../decide/vocabulary";

/**
 * PERM-2 for a review host: a view's requested permissions are granted only when the person
 * running it says so, one by one, for that run only. Nothing is granted by default: the browser's
 * own prompt names the academy's origin, not the server's, and a permission a learner once gave
 * the academy would reach any reviewed view without a prompt if the frames allowed it.
 * PERM-3: whatever the answer, the view renders.
 */

/** What the view could do with each permission, in a person's words (for the question). */
export const PERMISSION_EFFECTS: Record<PermissionName, { label: string; effect: string }> = {
  camera: { label: "Camera", effect: "see through the camera (pictures and video)" },
  microphone: { label: "Microphone", effect: "listen through the microphone (record sound)" },
  geolocation: { label: "Geolocation", effect: "read this device's location" },
  clipboardWrite: {
    label: "Clipboard (write)",
    effect: "replace what you copied with text of its own",
  },
};

/** The question a host puts before rendering a view that requested permissions. */
export interface PermissionQuestion {
  /** The server's self-chosen name, made safe to show (see displayName). */
  server: string;
  tool: string;
  /** The permissions the view requested (PERM-1), in the order it listed them. */
  requested: PermissionName[];
}

/** What was requested and what the person granted for one run. */
export interface PermissionGrant {
  requested: PermissionName[];
  granted: PermissionName[];
  /** Requested and not granted, in the order requested. */
  denied: PermissionName[];
}

// Control characters, bidirectional overrides and isolates, zero-width characters: they can make
// a name read as something else (a right-to-left override turns "gnp.exe" into "exe.png").
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A server's self-chosen name, shown as plain text: invisible and direction-changing characters
 * removed, white space collapsed, at most `max` characters. It is what the server calls itself,
 * never proof of who it is; the page shows the server's address beside it.
 */
export function displayName(raw: unknown, max = 80): string {
  if (typeof raw !== "string") return "(no name)";
  const clean = raw.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  if (!clean) return "(no name)";
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : clean;
}

/**
 * The grant for one run: exactly the requested permissions the person allowed. Anything not
 * requested, unknown or repeated in the answer is dropped, so an answer can never grant more than
 * the view asked for.
 */
export function grantFrom(
  requested: readonly PermissionName[],
  allowed: readonly string[],
): PermissionGrant {
  const asked = PERMISSION_NAMES.filter((p) => requested.includes(p));
  const granted = asked.filter((p) => allowed.includes(p));
  const order = [...new Set(requested)];
  return {
    requested: order,
    granted,
    denied: order.filter((p) => !granted.includes(p)),
  };
}
