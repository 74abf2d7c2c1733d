import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getRule, isRuleId, RULE_GROUPS, RULE_IDS, RULES, rulesInGroup } from ".";
import { hasSharedCopies, sharedCopy } from "../shared-dir";
import { ruleIdSchema } from "./schema";

const REFERENCE = "reference/mcp-apps-rules.md";

describe("rules data", () => {
  it("has unique IDs, each prefixed by its own group", () => {
    expect(new Set(RULE_IDS).size).toBe(RULES.length);
    for (const rule of RULES) expect(rule.id.startsWith(`${rule.group}-`)).toBe(true);
  });

  it("numbers each group's rules 1..n with no gaps, and every group has rules", () => {
    for (const group of RULE_GROUPS) {
      const numbers = rulesInGroup(group.id).map((r) => Number(r.id.split("-")[1]));
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it("gives every rule a one-line statement, a title and at least one source", () => {
    for (const rule of RULES) {
      expect(rule.title.length).toBeGreaterThan(2);
      expect(rule.statement).not.toContain("\n");
      expect(rule.statement.split(/\s+/).length).toBeLessThanOrEqual(60);
      expect(rule.sources.length).toBeGreaterThan(0);
    }
  });

  it("refuses unknown IDs by name", () => {
    expect(isRuleId("TOOL-2")).toBe(true);
    expect(isRuleId("TOOL-99")).toBe(false);
    expect(() => getRule("CSP-0")).toThrow('unknown rule ID "CSP-0"');
    const parsed = ruleIdSchema.safeParse("NEG-99");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('unknown rule ID "NEG-99"');
  });

  // The reference lives beside the project in the team's checkout only; a user's clone has none.
  it.skipIf(!hasSharedCopies(REFERENCE))(
    "lists exactly the IDs of the shared rules reference",
    () => {
      const text = readFileSync(sharedCopy(REFERENCE), "utf8");
      const defined = [...text.matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map((m) => m[1]);
      expect(RULE_IDS).toEqual(defined);
    },
  );

  // The reference tags a rule [core], [draft], [SDK] or [seed] where that is its source, and leaves
  // the 2026-01-26 Apps specification untagged: a rule whose text opens untagged rests on it.
  it.skipIf(!hasSharedCopies(REFERENCE))(
    "carries the source tags the shared rules reference gives",
    () => {
      const text = readFileSync(sharedCopy(REFERENCE), "utf8");
      const sections = text.split(/^## /m);
      const expected = new Map<string, string[]>();
      for (const section of sections) {
        const bodies = section.split(/^- \*\*([A-Z]+-\d+)\*\*/m);
        // The AUTHZ heading says "(from the PermDock seed)": every rule under it is the seed's.
        const sectionIsSeed = /^AUTHZ/.test(section);
        for (let i = 1; i < bodies.length; i += 2) {
          const id = bodies[i]!;
          const body = bodies[i + 1]!.split(/^\S/m)[0]!;
          const tags = new Set<string>();
          for (const m of body.matchAll(
            /\[((?:core|draft|SDK|seed)(?:, (?:core|draft|SDK|seed))*)/g,
          ))
            for (const tag of m[1]!.split(", ")) tags.add(tag.toLowerCase());
          if (sectionIsSeed) tags.add("seed");
          else if (!body.trim().startsWith("[")) tags.add("apps-spec");
          expected.set(id, [...tags].sort());
        }
      }
      // PERM-2 names its source in prose rather than in a bracket tag: the SDK's
      // `buildAllowAttribute`. (NEG-5's seed is now a [seed] tag of its own.)
      expected.set("PERM-2", [...expected.get("PERM-2")!, "sdk"].sort());
      const actual = new Map(RULES.map((r) => [r.id, [...r.sources].sort()]));
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    },
  );
});
