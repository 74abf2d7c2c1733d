import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientModulesOf, heavyReach, ROOT } from "@/scripts/first-load-guard";

/**
 * The drill page generates and keys items in the browser with the pure host engine; its first
 * load carries neither the MCP SDK nor zod (the simulator link's encoder is a dynamic import).
 */
const clientModules = clientModulesOf("app/quizzes/drill");

describe("the drill page's first load", () => {
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
