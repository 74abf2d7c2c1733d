import { describe, expect, it } from "vitest";
import type { Question } from "../content/quiz-schema";
import { loadQuizBanks } from "../content/quizzes";
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  BLIND_STRATEGIES,
  WORD_CUES,
  cueShares,
  filePresenter,
  isKeyStrictlyLongest,
  keyFilePositions,
  multiKeysFirstInFile,
  simulateBlindExams,
  wordCueOffenders,
  type WordCue,
} from "./cues";
import { PASS_MARK } from "./exam";

/**
 * The most a blind strategy may score on average, under the shuffle: 45 % in issue 10, 30 % since
 * issue 19 added the word cues (chance on the banks' mix of types is about 23 %).
 */
const BLIND_LIMIT = 0.3;

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

/** Single questions whose key is the only option without the word, or the only one with it. */
function worded(n: number, cue: WordCue, keyHasIt: boolean): Question[] {
  const word = WORD_CUES[cue][0];
  const marked = (t: string) => `${t}, ${word} it is so`;
  return cued(n).map((q) => {
    if (q.type !== "single") return q;
    return {
      ...q,
      options: q.options.map((o) => ({
        ...o,
        text: (o.id === q.answer) === keyHasIt ? marked(`option ${o.id}`) : `option ${o.id} here`,
      })),
    };
  });
}

/** True/false questions whose claim carries the word exactly when the answer is `whenWord`. */
function wordedTrueFalse(n: number, cue: WordCue, whenWord: boolean): Question[] {
  const word = WORD_CUES[cue][0];
  return Array.from({ length: n }, (_, i) => ({
    id: `tf${i}`,
    type: "true-false" as const,
    topic: (["CSP", "TOOL", "NEG"] as const)[i % 3]!,
    difficulty: "easy" as const,
    rules: ["TOOL-2" as const],
    stem: `A fixture scenario. True or false: the claim ${i % 2 ? `holds ${word} so` : "holds"}.`,
    answer: i % 2 ? whenWord : !whenWord,
    explanations: { true: "For the fixture, both ways.", false: "For the fixture, both ways." },
  }));
}

describe("the word-cue strategies", () => {
  for (const cue of Object.keys(WORD_CUES) as WordCue[]) {
    it(`finds keys that are the only options without ${cue} words by skipping them, and misses with picking`, () => {
      const r = simulateBlindExams(worded(60, cue, false), { exams: 50 });
      expect(r[`skip ${cue}`]).toBe(1);
      expect(r[`pick ${cue}`]).toBe(0);
    });
    it(`finds keys that are the only options with ${cue} words by picking them`, () => {
      const r = simulateBlindExams(worded(60, cue, true), { exams: 50 });
      expect(r[`pick ${cue}`]).toBe(1);
      expect(r[`skip ${cue}`]).toBe(0);
    });
    it(`answers a true/false claim with ${cue} words false when skipping and true when picking`, () => {
      expect(
        simulateBlindExams(wordedTrueFalse(60, cue, false), { exams: 50 })[`skip ${cue}`],
      ).toBe(1);
      expect(simulateBlindExams(wordedTrueFalse(60, cue, true), { exams: 50 })[`pick ${cue}`]).toBe(
        1,
      );
    });
  }

  it('lists a question whose key alone lacks "because" as an offender for skipping it', () => {
    const offenders = wordCueOffenders(worded(1, "because/since", false));
    expect(offenders).toEqual([
      expect.objectContaining({ id: "q0", cue: "because/since", direction: "skip" }),
    ]);
    expect(wordCueOffenders(cued(3))).toEqual([]);
  });

  it("matches whole words only, in any case", () => {
    const q = worded(1, "hedge", true)[0] as Extract<Question, { type: "single" }>;
    expect(wordCueOffenders([q]).map((o) => o.cue)).toEqual(["hedge"]);
    const mayhem = { ...q, options: q.options.map((o) => ({ ...o, text: `${o.text} mayhem` })) };
    expect(wordCueOffenders([mayhem]).map((o) => o.cue)).toEqual(["hedge"]);
    const upper = cued(1).map((x) =>
      x.type === "single"
        ? { ...x, options: x.options.map((o, i) => (i === 0 ? { ...o, text: "It MAY do so" } : o)) }
        : x,
    );
    expect(wordCueOffenders(upper).map((o) => o.direction)).toEqual(["pick"]);
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
    const shares = (Object.keys(WORD_CUES) as WordCue[]).map((cue) => {
      const c = cueShares(questions, cue);
      return `  ${cue.padEnd(14)} in ${pct(c.keysWith / c.keys)} of keys, ${pct(c.distractorsWith / c.distractors)} of distractors`;
    });
    console.log(["Word cues in choice options:", ...shares].join("\n"));
    const above = BLIND_STRATEGIES.filter((s) => shuffled[s] > BLIND_LIMIT);
    expect(above.map((s) => `${s}: ${pct(shuffled[s])}`)).toEqual([]);
  });

  it("lists the questions a word cue answers on its own (to $CUE_OFFENDERS_FILE when set)", () => {
    const bankOf = new Map(banks.flatMap((b) => b.questions.map((q) => [q.id, b.id] as const)));
    const offenders = wordCueOffenders(questions);
    const lines = offenders.map(
      (o) =>
        `${bankOf.get(o.id)}.json ${o.id}: ${o.direction} ${o.cue} finds the key — ${o.carriers
          .map((t) => JSON.stringify(t.length > 90 ? `${t.slice(0, 87)}...` : t))
          .join(" | ")}`,
    );
    console.log(`Questions a word cue answers alone: ${offenders.length}\n${lines.join("\n")}`);
    const out = process.env.CUE_OFFENDERS_FILE;
    if (out) writeFileSync(path.resolve(out), lines.join("\n") + "\n");
    for (const o of offenders) expect(bankOf.has(o.id)).toBe(true);
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
