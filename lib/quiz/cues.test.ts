import { describe, expect, it } from "vitest";
import type { Question } from "../content/quiz-schema";
import { loadQuizBanks } from "../content/quizzes";
import {
  BLIND_STRATEGIES,
  filePresenter,
  isKeyStrictlyLongest,
  keyFilePositions,
  multiKeysFirstInFile,
  simulateBlindExams,
} from "./cues";
import { PASS_MARK } from "./exam";

/** The most a blind strategy may score on average, under the shuffle (issue 10). */
const BLIND_LIMIT = 0.45;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** A bank whose key is always the first option and always the longest: every cue at once. */
function cued(n: number): Question[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `q${i}`,
    type: "single" as const,
    topic: (["CSP", "TOOL", "NEG"] as const)[i % 3]!,
    difficulty: "easy" as const,
    rules: ["TOOL-2" as const],
    stem: "A fixture question for the cue tests.",
    options: [
      { id: "key", text: "the right answer, long", explanation: "Right, for the fixture." },
      { id: "b", text: "wrong b", explanation: "Wrong, for the fixture." },
      { id: "c", text: "wrong c", explanation: "Wrong, for the fixture." },
      { id: "d", text: "wrong d", explanation: "Wrong, for the fixture." },
    ],
    answer: "key",
  }));
}

describe("the blind-learner simulation", () => {
  it("finds a key always first in the file, and the shuffle hides it", () => {
    const bank = cued(60);
    const file = simulateBlindExams(bank, { exams: 50, present: filePresenter });
    expect(file["first option, True"]).toBe(1);
    expect(file["last option, False"]).toBe(0);
    const shuffled = simulateBlindExams(bank, { exams: 200 });
    expect(shuffled["first option, True"]).toBeGreaterThan(0.2);
    expect(shuffled["first option, True"]).toBeLessThan(0.3);
  });

  it("finds a key that is always the longest, shuffled or not", () => {
    const shuffled = simulateBlindExams(cued(60), { exams: 50 });
    expect(shuffled["longest option, False"]).toBe(1);
    expect(isKeyStrictlyLongest(cued(1)[0] as Extract<Question, { type: "single" }>)).toBe(true);
  });
});

describe("the shipped banks give a blind learner nothing to go on", async () => {
  const banks = await loadQuizBanks();
  const questions = banks.flatMap((b) => b.questions);

  it("reports where the files put the keys (the shuffle makes it harmless)", () => {
    const positions = keyFilePositions(questions);
    const multi = multiKeysFirstInFile(questions);
    console.log(
      `Key position in the files, single/predict: ${[...positions]
        .map(([at, n]) => `${at}: ${n}`)
        .join(", ")}; multi keys listed first: ${multi.first} of ${multi.total}`,
    );
    expect([...positions.values()].reduce((a, b) => a + b, 0)).toBe(
      questions.filter((q) => q.type === "single" || q.type === "predict").length,
    );
  });

  it(`keeps every blind strategy below ${pct(BLIND_LIMIT)} on average over 1,000 seeded exams`, () => {
    const shuffled = simulateBlindExams(questions);
    const inFileOrder = simulateBlindExams(questions, { present: filePresenter });
    console.log(
      [
        `Blind strategies, mean score over 1,000 exams (pass mark ${pct(PASS_MARK)}):`,
        ...BLIND_STRATEGIES.map(
          (s) =>
            `  ${s.padEnd(24)} shuffled ${pct(shuffled[s]).padStart(7)}   in file order ${pct(inFileOrder[s]).padStart(7)}`,
        ),
      ].join("\n"),
    );
    const above = BLIND_STRATEGIES.filter((s) => shuffled[s] > BLIND_LIMIT);
    expect(above.map((s) => `${s}: ${pct(shuffled[s])}`)).toEqual([]);
  });

  it("keeps true/false keys between 40 % and 60 % true", () => {
    const tf = questions.filter((q) => q.type === "true-false");
    const share = tf.filter((q) => q.answer).length / tf.length;
    console.log(`True/false keys: ${tf.filter((q) => q.answer).length} of ${tf.length} true`);
    expect(share).toBeGreaterThanOrEqual(0.4);
    expect(share).toBeLessThanOrEqual(0.6);
  });

  it("makes the key strictly the longest option in at most 35 % of single/predict questions, and in no bank above 50 %", () => {
    const rows = banks.map((b) => {
      const qs = b.questions.filter((q) => q.type === "single" || q.type === "predict");
      return { bank: b.id, longest: qs.filter(isKeyStrictlyLongest).length, total: qs.length };
    });
    const longest = rows.reduce((a, r) => a + r.longest, 0);
    const total = rows.reduce((a, r) => a + r.total, 0);
    console.log(
      `Key strictly the longest: ${longest} of ${total} (${pct(longest / total)}); ${rows
        .map((r) => `${r.bank} ${r.longest}/${r.total}`)
        .join(", ")}`,
    );
    expect(longest / total).toBeLessThanOrEqual(0.35);
    expect(rows.filter((r) => r.total > 0 && r.longest / r.total > 0.5)).toEqual([]);
  });
});
