import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientModulesOf, heavyReach, ROOT } from "@/scripts/first-load-guard";

/**
 * The simulator page's first load must not carry the MCP SDK or zod: they load when the learner
 * first runs something (issue 16, item 6; `npm run bench:lessons -- --only=/simulator` gives the
 * figure). The walk over static value imports is in scripts/first-load-guard.ts.
 */
const clientModules = clientModulesOf("app/simulator");

describe("the simulator page's first load", () => {
  it("has client modules to check", () => {
    expect(clientModules.length).toBeGreaterThan(3);
  });
  it.each(clientModules.map((f) => [path.relative(ROOT, f), f]))(
    "%s reaches neither the MCP SDK nor zod through static imports",
    (_name, file) => {
      expect(heavyReach(file)).toEqual([]);
    },
  );
});
