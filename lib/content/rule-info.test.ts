import { describe, expect, it } from "vitest";
import { listLessons } from "./lessons";
import { getRule, RULE_IDS } from "../rules";
import { lessonsByRule, ruleHoverText } from "../rules/info";
import { ruleInfoFor } from "../rules/server-info";

describe("rule hints for the browser", () => {
  it("carry every rule's own title, and the first lesson in course order that teaches it", async () => {
    const lessons = await listLessons();
    const info = ruleInfoFor(lessons);
    expect(Object.keys(info)).toEqual(RULE_IDS);
    const ordered = [...lessons].sort((a, b) => a.order - b.order);
    for (const id of RULE_IDS) {
      expect(info[id]!.title).toBe(getRule(id).title);
      expect(info[id]!.lesson).toBe(ordered.find((l) => l.rules.includes(id))?.slug);
    }
    // Some rule is taught, or the lesson half would never be exercised.
    expect(Object.values(info).some((h) => h.lesson)).toBe(true);
  });

  it("read as the title, then the lesson when there is one", () => {
    const lessons = [
      { slug: "later", order: 2, rules: ["CSP-1"] },
      { slug: "first", order: 1, rules: ["CSP-1", "NEG-1"] },
    ];
    expect(lessonsByRule(lessons)).toEqual({ "CSP-1": "first", "NEG-1": "first" });
    const info = ruleInfoFor(lessons);
    expect(ruleHoverText(info, "CSP-1")).toBe(
      `${getRule("CSP-1").title} (taught in /lessons/first)`,
    );
    expect(ruleHoverText(info, "PERM-1")).toBe(getRule("PERM-1").title);
    expect(ruleHoverText(info, "NOPE-1")).toBeUndefined();
  });
});
