import { describe, expect, it } from "vitest";
import { topicMastery } from "./mastery";

const at = "2026-11-29T12:00:00.000Z";
const stats = (lastCorrect: boolean) => ({
  attempts: 1,
  correct: 1,
  lastAnsweredAt: at,
  lastCorrect,
});

describe("topicMastery", () => {
  it("counts right-on-last-try out of all the topic's questions, in the given topic order", () => {
    const questions = [
      { id: "a", topic: "CSP" },
      { id: "b", topic: "CSP" },
      { id: "c", topic: "CSP" },
      { id: "d", topic: "NEG" },
    ];
    const answers = { a: stats(true), b: stats(false), d: stats(true), stray: stats(true) };
    expect(topicMastery(["NEG", "CSP", "TOOL"], questions, answers)).toEqual([
      { topic: "NEG", total: 1, answered: 1, right: 1 },
      { topic: "CSP", total: 3, answered: 2, right: 1 },
      { topic: "TOOL", total: 0, answered: 0, right: 0 },
    ]);
  });
});
