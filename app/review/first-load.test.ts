import path from "node:path";
import { describe, expect, it } from "vitest";
import { heavyReach, ROOT } from "@/scripts/first-load-guard";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The review page's first load carries neither the MCP SDK nor zod: the host, collect and report
 * code load when the learner presses Connect (a dynamic import of lib/review/browser.ts). Nor the
 * simulator's host profiles: re-exported from lib/decide's index, their module-level tables kept
 * that whole index (every decision row) in this page's first load, 5.9 KiB gzipped.
 */
describe("the review page's first load", () => {
  it("the guard sees the SDK behind the module loaded on Connect", () => {
    expect(heavyReach(path.join(ROOT, "lib/review/browser.ts")).length).toBeGreaterThan(0);
  });
  itKeepsSdkAndZodOutOfFirstLoad("app/review", 1, [
    "lib/decide/host-profile.ts",
    "lib/decide/host-fields.ts",
  ]);
});
