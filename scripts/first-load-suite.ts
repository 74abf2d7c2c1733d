import path from "node:path";
import { expect, it } from "vitest";
import { clientModulesOf, heavyReach, ROOT } from "./first-load-guard";

/**
 * The checks every page's first-load test makes, inside its own `describe`: the page's folder has
 * at least `atLeast` client modules, and none of them reaches the MCP SDK or zod through static
 * imports (scripts/first-load-guard.ts walks them), nor any of the project's files in `alsoOut`.
 * A client module listed in `alsoOut` is a lazy chunk's, so it is not walked as an entry.
 */
export function itKeepsSdkAndZodOutOfFirstLoad(
  dir: string,
  atLeast = 1,
  alsoOut: readonly string[] = [],
) {
  const clientModules = clientModulesOf(dir).filter(
    (f) => !alsoOut.includes(path.relative(ROOT, f)),
  );
  it(`has ${atLeast === 1 ? "a client module" : "client modules"} to check`, () => {
    expect(clientModules.length).toBeGreaterThanOrEqual(atLeast);
  });
  it.each(clientModules.map((f) => [path.relative(ROOT, f), f]))(
    `%s reaches neither the MCP SDK nor zod${alsoOut.length ? ` nor ${alsoOut.join(", ")}` : ""} through static imports`,
    (_name, file) => {
      expect(heavyReach(file, alsoOut)).toEqual([]);
    },
  );
}
