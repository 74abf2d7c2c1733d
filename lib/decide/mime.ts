import { PROFILE_MIME } from "./ids";
import type { Verdict } from "./types";

/** What `resources/read` gave the host for the tool's `ui://` URI. */
export type ReadOutcome =
  { ok: true; mimeType: unknown; hasBody: boolean } | { ok: false; error: string };

const KNOWN_MISTAKES: Record<string, string> = {
  "text/html": "plain text/html is an ordinary HTML resource, not an app",
  "text/html+mcp": "text/html+mcp is a near miss, not the profile type",
};

/**
 * TOOL-1, RES-1..3: the linked resource must exist, be read with `resources/read`, hold a body,
 * and its content item's `mimeType` must be exactly the profile type. Anything else is not an
 * app, however good the HTML.
 */
export function decideMime(read: ReadOutcome): Verdict {
  const row = "mime";
  if (!read.ok) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["TOOL-1", "RES-1"],
      reason: `resources/read failed (${read.error}): the tool names a view the server does not serve`,
    };
  }
  if (typeof read.mimeType !== "string") {
    return {
      row,
      verdict: "fail",
      ruleIds: ["RES-2"],
      reason: "the content item has no mimeType, so it is not an app",
    };
  }
  if (read.mimeType !== PROFILE_MIME) {
    const lower = read.mimeType.trim().toLowerCase();
    const hint =
      KNOWN_MISTAKES[lower] ??
      (lower.startsWith("text/html;") && lower.includes("charset")
        ? "text/html with a charset is still plain HTML, not an app"
        : lower.replace(/\s+/g, "") === PROFILE_MIME
          ? "media-type rules would accept this value, but this host compares the exact string, as the review checklist's host does, so it must be written without extra spaces or other casing"
          : `${JSON.stringify(read.mimeType)} is not the profile type`);
    return {
      row,
      verdict: "fail",
      ruleIds: ["RES-2"],
      reason: `${hint}: for this host a mimeType other than exactly ${PROFILE_MIME} means text fallback`,
    };
  }
  if (!read.hasBody) {
    return {
      row,
      verdict: "fail",
      ruleIds: ["RES-3"],
      reason: "the content item has neither text nor blob: there is no HTML document to render",
    };
  }
  return {
    row,
    verdict: "pass",
    ruleIds: ["RES-1", "RES-2"],
    reason: `the content item read with resources/read is ${PROFILE_MIME}`,
  };
}
