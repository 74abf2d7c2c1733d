import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isCorrect, scrambledOrder } from "./quiz-grading";
import type { Question } from "./quiz-schema";
import { loadQuizBanks, parseQuizBank } from "./quizzes";

/** A small valid single-answer question; tests break one field at a time. */
const single = {
  id: "q-one",
  type: "single",
  topic: "TOOL",
  difficulty: "easy",
  rules: ["TOOL-2"],
  stem: "A tool omits visibility. Who may reach it?",
  options: [
    { id: "both", text: "Both", explanation: "Right: the default is both names." },
    { id: "none", text: "Neither", explanation: "Confuses omitted with an empty list." },
  ],
  answer: "both",
};

function bank(questions: unknown[], id = "fixture") {
  return JSON.stringify({ id, title: "Fixture", description: "A bank for the tests.", questions });
}

const FILE = "content/quizzes/fixture.json";

describe("quiz bank schema", () => {
  it("accepts a valid bank", () => {
    expect(parseQuizBank(bank([single]), FILE).questions).toHaveLength(1);
  });

  it("names file, question id and field when an answer is not among the options", () => {
    expect(() => parseQuizBank(bank([{ ...single, answer: "maybe" }]), FILE)).toThrow(
      'content/quizzes/fixture.json: question "q-one" answer: answer "maybe" is not among the options (both, none)',
    );
  });

  it("names an unknown rule ID", () => {
    expect(() => parseQuizBank(bank([{ ...single, rules: ["TOOL-77"] }]), FILE)).toThrow(
      'content/quizzes/fixture.json: question "q-one" rules[0]: unknown rule ID "TOOL-77"',
    );
  });

  it("refuses an option without an explanation", () => {
    const options = [single.options[0], { id: "none", text: "Neither" }];
    expect(() => parseQuizBank(bank([{ ...single, options }]), FILE)).toThrow(
      /question "q-one" options\[1\]\.explanation: /,
    );
  });

  it("refuses duplicate question ids within a bank", () => {
    expect(() => parseQuizBank(bank([single, single]), FILE)).toThrow(
      'content/quizzes/fixture.json: question "q-one": duplicate question id',
    );
  });

  it("refuses duplicate option ids", () => {
    const options = [single.options[0], { ...single.options[1], id: "both" }];
    expect(() => parseQuizBank(bank([{ ...single, options }]), FILE)).toThrow(
      /question "q-one" options\[1\]\.id: duplicate id "both"/,
    );
  });

  it("refuses a select-several question whose every option is right", () => {
    const q = {
      ...single,
      type: "multi",
      options: [...single.options, { id: "x", text: "X", explanation: "An extra option here." }],
      answer: ["both", "none", "x"],
    };
    expect(() => parseQuizBank(bank([q]), FILE)).toThrow(/answer: every option is right/);
  });

  it("reports invalid JSON with the file", () => {
    expect(() => parseQuizBank("{ not json", FILE)).toThrow(
      /^content\/quizzes\/fixture\.json: JSON: /,
    );
  });

  it("requires the bank id to match its file name", () => {
    expect(() => parseQuizBank(bank([single], "other"), FILE)).toThrow(
      'id: "other" must equal the file name "fixture"',
    );
  });

  describe("across files", () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), "quizzes-"));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("refuses a question id used in two banks, naming both files", async () => {
      writeFileSync(path.join(dir, "a.json"), bank([single], "a"));
      writeFileSync(path.join(dir, "b.json"), bank([single], "b"));
      await expect(loadQuizBanks(dir)).rejects.toThrow(
        /b\.json: question "q-one": duplicate question id, also in .*a\.json/,
      );
    });
  });
});

describe("the shipped banks", () => {
  it("all load, with unique ids", async () => {
    const banks = await loadQuizBanks();
    const ids = banks.flatMap((b) => b.questions.map((q) => q.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("grading", () => {
  const q = (over: object) => ({ ...single, ...over }) as Question;

  it("grades single, true-false and select-several answers", () => {
    expect(isCorrect(q({}), { type: "single", choice: "both" })).toBe(true);
    expect(isCorrect(q({}), { type: "single", choice: "none" })).toBe(false);
    const tf = q({ type: "true-false", answer: false });
    expect(isCorrect(tf, { type: "true-false", value: false })).toBe(true);
    expect(isCorrect(tf, { type: "true-false", value: true })).toBe(false);
    const multi = q({ type: "multi", answer: ["a", "b"] });
    expect(isCorrect(multi, { type: "multi", choices: ["b", "a"] })).toBe(true);
    expect(isCorrect(multi, { type: "multi", choices: ["a"] })).toBe(false);
    expect(isCorrect(multi, { type: "multi", choices: ["a", "b", "c"] })).toBe(false);
  });

  it("normalises only whitespace in fill-in answers", () => {
    const fill = q({ type: "fill-in", accepted: ["text/html;profile=mcp-app"] });
    expect(isCorrect(fill, { type: "fill-in", text: "  text/html;profile=mcp-app " })).toBe(true);
    expect(isCorrect(fill, { type: "fill-in", text: "TEXT/HTML;profile=mcp-app" })).toBe(false);
    expect(isCorrect(fill, { type: "fill-in", text: "text/html; profile=mcp-app" })).toBe(false);
  });

  it("grades an ordering and never starts it in the right order", () => {
    const steps = ["a", "b", "c", "d"].map((id) => ({ id, text: id }));
    const order = q({ type: "order", steps });
    expect(isCorrect(order, { type: "order", order: ["a", "b", "c", "d"] })).toBe(true);
    expect(isCorrect(order, { type: "order", order: ["b", "a", "c", "d"] })).toBe(false);
    for (let n = 3; n <= 8; n++) {
      const ids = Array.from({ length: n }, (_, i) => `s${i}`);
      const start = scrambledOrder(ids);
      expect(start).not.toEqual(ids);
      expect([...start].sort()).toEqual([...ids].sort());
    }
  });

  it("marks a response of the wrong type as wrong", () => {
    expect(isCorrect(q({}), { type: "true-false", value: true })).toBe(false);
  });
});
