import { describe, expect, it } from "vitest";
import { summarizePractice } from "./practice-summary";

const at = "2026-11-29T12:00:00.000Z";
const stats = (lastCorrect: boolean) => ({
  attempts: 1,
  correct: lastCorrect ? 1 : 0,
  lastAnsweredAt: at,
  lastCorrect,
});

describe("summarizePractice", () => {
  const questions = [
    { id: "q1", lesson: "permissions" },
    { id: "q2", lesson: "content-security-policy" },
    { id: "q3", lesson: "permissions" },
    { id: "q4" },
    { id: "q5", lesson: "the-sandbox-proxy" },
  ];

  it("scores the set by each question's last answer and lists the missed and skipped ones in order", () => {
    const summary = summarizePractice(questions, {
      q1: stats(true),
      q2: stats(false),
      q3: stats(false),
      q5: stats(true),
      other: stats(false),
    });
    expect(summary).toMatchObject({
      total: 5,
      answered: 4,
      right: 2,
      missed: ["q2", "q3"],
      skipped: ["q4"],
    });
    // The lessons to read next: those that teach a missed question, each once, in set order.
    expect(summary.lessons).toEqual(["content-security-policy", "permissions"]);
  });

  it("gives an untouched set no score rather than zero", () => {
    expect(summarizePractice(questions, {})).toMatchObject({ answered: 0, right: 0, missed: [] });
  });
});
