import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientModulesOf, heavyReach, ROOT } from "@/scripts/first-load-guard";

/**
 * The review page's first load carries neither the MCP SDK nor zod: the host, collect and report
 * code load when the learner presses Connect (a dynamic import of lib/review/browser.ts).
 */
const clientModules = clientModulesOf("app/review");

describe("the review page's first load", () => {
  it("the guard sees the SDK behind the module loaded on Connect", () => {
    expect(heavyReach(path.join(ROOT, "lib/review/browser.ts")).length).toBeGreaterThan(0);
  });
  it("has a client module to check", () => {
    expect(clientModules.length).toBeGreaterThan(0);
  });
  it.each(clientModules.map((f) => [path.relative(ROOT, f), f]))(
    "%s reaches neither the MCP SDK nor zod through static imports",
    (_name, file) => {
      expect(heavyReach(file)).toEqual([]);
    },
  );
});
