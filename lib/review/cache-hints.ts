// RES-5's cache hints (ttlMs, cacheScope) as a review reads them: server/discover, each list page
// and each resources/read carry them under the modern era. One reading for the server's items and
// each view's.
import { json } from "./wire-read";

/** What is wrong with one result's hints, a phrase each; none when both are there and well formed. */
export function hintProblems(
  hints: { ttlMs?: unknown; cacheScope?: unknown } | undefined,
): string[] {
  const out: string[] = [];
  const ttl = hints?.ttlMs;
  const scope = hints?.cacheScope;
  if (ttl === undefined) out.push("no ttlMs");
  else if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 0)
    out.push(`ttlMs ${json(ttl)} is not a non-negative integer`);
  if (scope === undefined) out.push("no cacheScope");
  else if (scope !== "public" && scope !== "private")
    out.push(`cacheScope ${json(scope)} is neither "public" nor "private"`);
  return out;
}
