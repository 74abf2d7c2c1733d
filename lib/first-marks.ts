// User-timing marks for the simulator's cold start (issue 23): each is set once per page, the
// first time its step happens, so `npm run bench:simulator` can split navigation → first result
// into segments. Only the first occurrence is kept, so a page that runs 200 times holds six marks.

/** The steps of a first run, in the order they happen. */
export const FIRST_MARKS = {
  /** The simulator page has hydrated (its automation hook is installed in an effect). */
  hydrated: "academy:hydrated",
  /** The runner chunk (SDK, host, proxy client) has been evaluated. */
  runner: "academy:runner",
  /** A signed single-use proxy URL is in hand (issued for this run, or a spare's). */
  ticket: "academy:ticket",
  /** The sandbox proxy said sandbox-proxy-ready. */
  proxyReady: "academy:proxy-ready",
  /** The view said ui/notifications/initialized. */
  initialized: "academy:initialized",
} as const;

export type FirstMark = (typeof FIRST_MARKS)[keyof typeof FIRST_MARKS];

/** Marks `name` now unless it was marked before on this page. */
export function markFirst(name: FirstMark): void {
  if (typeof performance === "undefined" || typeof performance.mark !== "function") return;
  if (performance.getEntriesByName(name, "mark").length) return;
  performance.mark(name);
}
