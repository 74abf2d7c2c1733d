import type { DiscoverResult } from "@modelcontextprotocol/client";

/** NEG-6: which protocol eras a client speaks. */
export type ClientEra = "modern" | "legacy" | "dual";
/** NEG-6: the era a connection ended up in (a dual-era server is served in one of them). */
export type ServerEra = "modern" | "legacy";

export { MODERN_VERSION } from "../decide/ids";

/** A remembered era verdict for one server, with when it was learned. */
export interface EraCacheEntry {
  era: ServerEra;
  /** A modern verdict keeps the `server/discover` result, so a reconnect needs no round trip. */
  discover?: DiscoverResult;
  at: number;
}

/**
 * NEG-6 [core]: the era is a property of the server, cached per server process (stdio) or origin
 * (HTTP). A cached *legacy* verdict never fails by itself (an upgraded server still answers
 * `initialize`), so it expires after `legacyMaxAgeMs` and the server is probed again.
 */
export class EraCache {
  private entries = new Map<string, EraCacheEntry>();

  constructor(
    private readonly now: () => number = Date.now,
    readonly legacyMaxAgeMs = 10 * 60_000,
  ) {}

  get(key: string): EraCacheEntry | undefined {
    const e = this.entries.get(key);
    if (e && e.era === "legacy" && this.now() - e.at > this.legacyMaxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, era: ServerEra, discover?: DiscoverResult): void {
    this.entries.set(key, { era, discover, at: this.now() });
  }

  /** RES-5: a `server/discover` result is fresh for its `ttlMs`; absent means `0`, stale at once. */
  isFresh(entry: EraCacheEntry): boolean {
    const ttl = entry.discover?.ttlMs;
    return typeof ttl === "number" && this.now() - entry.at < ttl;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** The cache key for a Streamable HTTP server: its origin (NEG-6). */
export function eraKeyForUrl(url: string | URL): string {
  return `http ${new URL(url).origin}`;
}

/** The cache key for a stdio server: the command line that starts the process (NEG-6). */
export function eraKeyForCommand(command: string): string {
  return `stdio ${command.trim()}`;
}
