import { PERMISSION_NAMES, type PermissionName } from "./vocabulary";
import type { Verdict } from "./types";

/** PERM-2: permission flag → iframe `allow` feature, as ext-apps' buildAllowAttribute maps it. */
export const ALLOW_FEATURE: Record<PermissionName, string> = {
  camera: "camera",
  microphone: "microphone",
  geolocation: "geolocation",
  clipboardWrite: "clipboard-write",
};

/** The `allow` attribute for granted permissions, joined with "; " as the SDK does. */
export function allowAttribute(granted: readonly PermissionName[]): string {
  return PERMISSION_NAMES.filter((p) => granted.includes(p))
    .map((p) => ALLOW_FEATURE[p])
    .join("; ");
}

export interface PermissionsDecision extends Verdict {
  row: "permissions";
  requested: PermissionName[];
  granted: PermissionName[];
  allow: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * PERM-1..3: requested permissions are an object of empty-object flags. The host grants the
 * subset its policy allows and renders either way; a missing grant never blocks the view. A
 * malformed request (such as a list of strings) requests nothing.
 */
export function decidePermissions(
  present: boolean,
  raw: unknown,
  grantable: readonly PermissionName[],
): PermissionsDecision {
  const row = "permissions" as const;
  const none = { requested: [], granted: [], allow: "" };
  if (!present) {
    return {
      row,
      verdict: "pass",
      ruleIds: ["PERM-2"],
      reason: "no permissions requested",
      ...none,
    };
  }
  if (!isPlainObject(raw)) {
    const shape = Array.isArray(raw) ? "a list" : raw === null ? "null" : `a ${typeof raw}`;
    return {
      row,
      verdict: "fail",
      ruleIds: ["PERM-1", "PERM-3"],
      reason: `permissions is ${shape}, not an object of empty-object flags: nothing counts as requested, and the view renders without grants`,
      ...none,
    };
  }
  const requested: PermissionName[] = [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!(PERMISSION_NAMES as readonly string[]).includes(key)) {
      problems.push(`unknown permission "${key}"`);
    } else if (!isPlainObject(value)) {
      problems.push(`${key} must be {} (got ${JSON.stringify(value)})`);
    } else {
      requested.push(key as PermissionName);
    }
  }
  const granted = requested.filter((p) => grantable.includes(p));
  const denied = requested.filter((p) => !grantable.includes(p));
  const summary =
    requested.length === 0
      ? "nothing valid requested"
      : `granted ${granted.length ? granted.join(", ") : "none"}${denied.length ? `; not granted ${denied.join(", ")}` : ""}`;
  if (problems.length) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["PERM-1", "PERM-3"],
      reason: `${problems.join("; ")}; ${summary}. The view renders either way`,
      requested,
      granted,
      allow: allowAttribute(granted),
    };
  }
  return {
    row,
    verdict: "pass",
    ruleIds: denied.length ? ["PERM-2", "PERM-3"] : ["PERM-2"],
    reason: `${summary}; the view renders either way`,
    requested,
    granted,
    allow: allowAttribute(granted),
  };
}
