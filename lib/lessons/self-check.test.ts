import { describe, expect, it } from "vitest";
import type { Question } from "@/lib/content/quiz-schema";
import {
  lessonsAfter,
  resolveSelfChecks,
  selectSelfCheckQuestions,
  selfCheckKey,
} from "./self-check";

function q(id: string, rules: string[], extra: Partial<Question> = {}): Question {
  return {
    id,
    topic: "TOOL",
    difficulty: "easy",
    rules,
    stem: "A fixture question used only by the self-check tests.",
    type: "true-false",
    answer: true,
    explanations: { true: "Because it is so.", false: "Because it is not." },
    ...extra,
  } as Question;
}

const POOL = [
  q("a", ["TOOL-2"]),
  q("b", ["TOOL-3"], { lesson: "here" }),
  q("c", ["TOOL-2", "TOOL-3"]),
  q("d", ["TOOL-4"]),
  q("e", ["CSP-1"]),
  q("f", ["TOOL-2"], { lesson: "here" }),
];

describe("self-check selection", () => {
  it("draws nothing a later lesson teaches", () => {
    const pool = [
      q("now", ["TOOL-2"], { lesson: "here" }),
      q("before", ["TOOL-2"], { lesson: "earlier" }),
      q("unplaced", ["TOOL-2"]),
      q("ahead", ["TOOL-2", "TOOL-3"], { lesson: "later" }),
    ];
    const later = lessonsAfter(
      [
        { slug: "earlier", order: 1 },
        { slug: "here", order: 2 },
        { slug: "later", order: 3 },
      ],
      "here",
    );
    expect([...later]).toEqual(["later"]);
    const picked = selectSelfCheckQuestions(
      { rules: ["TOOL-2", "TOOL-3"], questions: [], count: 4 },
      pool,
      "here",
      "here",
      later,
    );
    expect(picked.map((p) => p.id).sort()).toEqual(["before", "now", "unplaced"]);
  });

  it("draws questions by rule ID, covering the most rules first, then this lesson's", () => {
    const picked = selectSelfCheckQuestions(
      { rules: ["TOOL-2", "TOOL-3", "TOOL-4"], questions: [], count: 4 },
      POOL,
      "here",
    );
    expect(picked.map((p) => p.id)).toEqual(["c", "d", "b", "f"]);
  });

  it("puts pinned questions first and never repeats one", () => {
    const picked = selectSelfCheckQuestions(
      { rules: ["TOOL-2"], questions: ["e", "a"], count: 3 },
      POOL,
      "here",
    );
    expect(picked.map((p) => p.id)).toEqual(["e", "a", "f"]);
  });

  it("fails when a pinned question is in no bank", () => {
    expect(() =>
      selectSelfCheckQuestions(
        { rules: ["TOOL-2"], questions: ["gone"], count: 3, line: 40 },
        POOL,
        "here",
        "content/checklist/here.mdx",
      ),
    ).toThrow(
      'content/checklist/here.mdx: line 40: <SelfCheck> question "gone" is in no quiz bank',
    );
  });

  it("fails when a requested rule has no question at all", () => {
    expect(() =>
      selectSelfCheckQuestions({ rules: ["TOOL-2", "PERM-1"], questions: [], count: 3 }, POOL, "x"),
    ).toThrow("<SelfCheck> rule PERM-1 is cited by no quiz question");
  });

  it("fails when fewer than three questions qualify", () => {
    expect(() =>
      selectSelfCheckQuestions({ rules: ["CSP-1"], questions: [], count: 4 }, POOL, "x"),
    ).toThrow(/found 1 question\(s\) for CSP-1; it needs at least 3/);
  });

  it("leaves predict questions to be pinned, since they pair with a simulator run", () => {
    const predict = q("p", ["TOOL-4"], { type: "predict" } as Partial<Question>);
    const picked = selectSelfCheckQuestions(
      { rules: ["TOOL-4", "TOOL-2"], questions: [], count: 5 },
      [predict, ...POOL],
      "x",
    );
    expect(picked.map((p) => p.id)).not.toContain("p");
  });

  it("keys a resolved check by the same props the MDX tag carries", () => {
    const [check] = resolveSelfChecks(
      [{ rules: ["TOOL-2"], questions: [], count: 4 }],
      POOL,
      "here",
    );
    expect(check!.key).toBe(selfCheckKey({ rules: ["TOOL-2"] }));
    expect(check!.key).not.toBe(selfCheckKey({ rules: ["TOOL-2"], count: 3 }));
  });
});
