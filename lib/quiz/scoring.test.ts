import { describe, expect, it } from "vitest";
import type { Question } from "../content/quiz-schema";
import { percent, scoreExam } from "./scoring";

/** A true-false question whose answer is `true`, in `topic`. */
function tf(id: string, topic: string): Question {
  return {
    id,
    type: "true-false",
    topic: topic as Question["topic"],
    difficulty: "easy",
    rules: ["TOOL-2"],
    stem: "A fixture question for scoring.",
    answer: true,
    explanations: { true: "Right, for the fixture.", false: "Wrong, for the fixture." },
  };
}

const yes = { type: "true-false", value: true } as const;
const no = { type: "true-false", value: false } as const;

describe("scoreExam", () => {
  const questions = [
    tf("a1", "CSP"),
    tf("a2", "CSP"),
    tf("b1", "TOOL"),
    tf("b2", "TOOL"),
    tf("b3", "TOOL"),
    tf("c1", "NEG"),
  ];

  it("counts right answers, and unanswered ones as wrong", () => {
    const s = scoreExam(questions, { a1: yes, a2: no, b1: yes, b2: yes, c1: yes });
    expect(s).toMatchObject({ correct: 4, total: 6, passed: false });
    expect(s.missed).toEqual(["a2", "b3"]);
    expect(s.unanswered).toEqual(["b3"]);
  });

  it("passes at exactly the pass mark and not below it", () => {
    const ten = Array.from({ length: 10 }, (_, i) => tf(`q${i}`, "CSP"));
    const answers = (n: number) => Object.fromEntries(ten.map((q, i) => [q.id, i < n ? yes : no]));
    expect(scoreExam(ten, answers(7)).passed).toBe(true);
    expect(scoreExam(ten, answers(6)).passed).toBe(false);
    expect(scoreExam(ten, answers(6), 0.6).passed).toBe(true);
  });

  it("lists topics weakest first, a tie going to the topic with more questions", () => {
    const s = scoreExam(questions, { a1: yes, a2: no, b1: yes, b2: no, b3: no, c1: yes });
    expect(s.byTopic.map((t) => [t.topic, t.correct, t.total])).toEqual([
      ["TOOL", 1, 3],
      ["CSP", 1, 2],
      ["NEG", 1, 1],
    ]);
    const tie = scoreExam(questions, {});
    expect(tie.byTopic.map((t) => t.topic)).toEqual(["TOOL", "CSP", "NEG"]);
  });

  it("scores an empty exam as zero and not passed", () => {
    expect(scoreExam([], {})).toMatchObject({ correct: 0, total: 0, ratio: 0, passed: false });
  });
});

describe("percent", () => {
  it("keeps one decimal, so 35 of 40 reads 87.5 and 27 of 40 reads 67.5, not 87 and 67", () => {
    expect(percent(35 / 40)).toBe(87.5);
    expect(percent(27 / 40)).toBe(67.5);
    expect(percent(2 / 3)).toBe(66.6);
  });

  it("rounds down, so a near miss never reads as the pass mark", () => {
    expect(percent(0.7)).toBe(70);
    expect(percent(0.6999)).toBe(69.9);
    expect(percent(0.69996)).toBe(69.9);
    expect(percent(1)).toBe(100);
  });
});
