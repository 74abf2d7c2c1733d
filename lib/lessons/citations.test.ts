import { describe, expect, it } from "vitest";
import { collectRuleCitations } from "./citations";

const lessons = [
  {
    slug: "who-may-call",
    title: "Who may call a tool",
    rules: ["TOOL-2"],
    headings: [
      { id: "you-will-learn", text: "You will learn" },
      { id: "same-server", text: "Same server only" },
      { id: "recap", text: "Recap" },
    ],
    ruleRefSections: [
      { rule: "TOOL-3", section: "recap" },
      { rule: "TOOL-2", section: "recap" },
      { rule: "TOOL-2", section: "same-server" },
      { rule: "TOOL-2", section: "same-server" },
    ],
  },
  {
    slug: "csp",
    title: "Content security policy",
    rules: ["CSP-1"],
    headings: [],
    ruleRefSections: [],
  },
];

describe("rule citations", () => {
  const c = collectRuleCitations(
    ["TOOL-2", "TOOL-3", "CSP-1", "CSP-2"],
    lessons,
    [
      { id: "tool-q1", topic: "TOOL", rules: ["TOOL-2", "TOOL-3"] },
      { id: "csp-q1", topic: "CSP", rules: ["CSP-1"] },
    ],
    [
      {
        id: "csp-on-tool",
        title: "CSP on the tool",
        description: "Shows CSP-1 and TOOL-2 (NOPE-9).",
      },
    ],
  );

  it("links each lesson once, with the sections of its RuleRefs in lesson order", () => {
    expect(c.get("TOOL-2")!.lessons).toEqual([
      {
        slug: "who-may-call",
        title: "Who may call a tool",
        sections: [
          { id: "same-server", heading: "Same server only" },
          { id: "recap", heading: "Recap" },
        ],
      },
    ]);
    // Cited only in the body still counts; cited only in the frontmatter has no sections.
    expect(c.get("TOOL-3")!.lessons.map((l) => l.slug)).toEqual(["who-may-call"]);
    expect(c.get("CSP-1")!.lessons).toEqual([
      { slug: "csp", title: "Content security policy", sections: [] },
    ]);
  });

  it("lists the questions and the presets whose description names the rule", () => {
    expect(c.get("TOOL-2")!.questions).toEqual([{ id: "tool-q1", topic: "TOOL" }]);
    expect(c.get("CSP-1")!.presets).toEqual([{ id: "csp-on-tool", title: "CSP on the tool" }]);
    expect(c.get("TOOL-3")!.presets).toEqual([]);
  });

  it("gives an uncited rule empty lists and ignores IDs outside the rules", () => {
    expect(c.get("CSP-2")).toEqual({ lessons: [], questions: [], presets: [] });
    expect(c.has("NOPE-9")).toBe(false);
  });
});
