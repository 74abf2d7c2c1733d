/** RES-5: how long, and for whom, a result may be reused. */
export interface CacheHint {
  ttlMs?: unknown;
  cacheScope?: unknown;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  ttlMs: number;
  scope: "public" | "private";
  authContext: string;
}

export type CacheLookup<T> =
  { hit: true; value: T; reason: string } | { hit: false; reason: string };

/**
 * The host's cache of view reads (RES-1 lets hosts cache; RES-5 says how). The key is method +
 * params. A missing or invalid `ttlMs` counts as 0 (never reuse). A `private` result is reused
 * only for the authorization context that fetched it; anything unclear is treated as private.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  static key(method: string, params: unknown): string {
    return `${method} ${JSON.stringify(params)}`;
  }

  /**
   * `byKeyOnly`: a host that keeps a view by its URI whatever its hints say (a host profile's
   * caching, e.g. ChatGPT's): an expired entry is reused all the same, and says so.
   */
  get(key: string, authContext: string, byKeyOnly = false): CacheLookup<T> {
    const e = this.entries.get(key);
    if (!e) return { hit: false, reason: "not cached yet" };
    const age = this.now() - e.storedAt;
    if (age >= e.ttlMs && !byKeyOnly)
      return { hit: false, reason: `expired (${age} ms old, ttlMs ${e.ttlMs})` };
    if (e.scope === "private" && e.authContext !== authContext) {
      return {
        hit: false,
        reason: `private result of "${e.authContext}" is never reused for "${authContext}"`,
      };
    }
    return {
      hit: true,
      value: e.value,
      reason: `${e.scope} result, ${age} ms old, ttlMs ${e.ttlMs}${age >= e.ttlMs ? ": expired, but this host keeps views by URI whatever the hints say" : ""}`,
    };
  }

  /** `byKeyOnly`: kept even when the hints say not to reuse it (see `get`). */
  set(key: string, value: T, hint: CacheHint, authContext: string, byKeyOnly = false): void {
    const ttlMs =
      typeof hint.ttlMs === "number" && Number.isFinite(hint.ttlMs) && hint.ttlMs > 0
        ? hint.ttlMs
        : 0;
    const scope = hint.cacheScope === "public" ? "public" : "private";
    if (ttlMs === 0 && !byKeyOnly) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, { value, storedAt: this.now(), ttlMs, scope, authContext });
  }

  get size(): number {
    return this.entries.size;
  }
}
