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

describe("the review page's tool runner", () => {
  // The runner renders with the review's result; the SDK, the bridge and zod load on its Run.
  const runner = path.join(ROOT, "app/review/tool-runner.tsx");
  const bridge = /^@modelcontextprotocol\/ext-apps(\/|$)/;
  it("reaches neither the MCP SDK, the ext-apps bridge nor zod through static imports", () => {
    const found: string[] = heavyReach(runner);
    const walk = (file: string, seen = new Set<string>()): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of valueImports(file)) {
        if (bridge.test(spec)) found.push(`${path.relative(ROOT, file)} → ${spec}`);
        const next = resolveLocal(file, spec);
        if (next) walk(next, seen);
      }
    };
    walk(runner);
    expect(found).toEqual([]);
  });
});
