import path from "node:path";
import { describe, expect, it } from "vitest";
import { heavyReach, ROOT } from "@/scripts/first-load-guard";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The review page's first load carries neither the MCP SDK nor zod: the host, collect and report
 * code load when the learner presses Connect (a dynamic import of lib/review/browser.ts).
 */
describe("the review page's first load", () => {
  it("the guard sees the SDK behind the module loaded on Connect", () => {
    expect(heavyReach(path.join(ROOT, "lib/review/browser.ts")).length).toBeGreaterThan(0);
  });
  itKeepsSdkAndZodOutOfFirstLoad("app/review");
});
