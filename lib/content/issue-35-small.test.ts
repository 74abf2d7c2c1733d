import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue #35, item 6: small things a walkthrough hit.

describe("the testing lesson", () => {
  const lesson = readFileSync(
    path.join(process.cwd(), "content", "checklist", "testing-before-shipping.mdx"),
    "utf8",
  );

  it("teaches the academy's own review (/review, npm run review) before the hand-written client", () => {
    const review = lesson.indexOf("(/review)");
    const cli = lesson.indexOf("npm run review");
    const client = lesson.indexOf("new Client(");
    expect(review).toBeGreaterThan(0);
    expect(cli).toBeGreaterThan(0);
    expect(client).toBeGreaterThan(0);
    expect(review).toBeLessThan(client);
    expect(cli).toBeLessThan(client);
  });
});
