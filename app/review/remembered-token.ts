// A bearer token the learner asked this browser to remember, tied to the origin it was given for,
// so it is never offered to another server. Blocked or unreadable storage remembers nothing.

const TOKEN_KEY = "mcp-apps-academy:review-token";

/** A remembered token, tied to the origin it was given for (only when the learner asked). */
export function readRemembered(): { origin: string; token: string } | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(TOKEN_KEY) ?? "null") as unknown;
    if (
      v &&
      typeof v === "object" &&
      typeof (v as { origin?: unknown }).origin === "string" &&
      typeof (v as { token?: unknown }).token === "string"
    )
      return v as { origin: string; token: string };
  } catch {
    // Unreadable or blocked storage: nothing remembered.
  }
  return undefined;
}

/** Remembers `token` for `origin`, or forgets any remembered token when `token` is undefined. */
export function saveRemembered(origin: string, token: string | undefined) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, JSON.stringify({ origin, token }));
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: the token is simply not remembered.
  }
}
