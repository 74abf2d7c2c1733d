import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RULE_IDS } from "../rules";
import { startingOrder } from "../quiz/presentation";
import { isCorrect } from "./quiz-grading";
import { expectSchema } from "../simulator/scenario";
import { EXAM_POINTS, predictClaimsSchema, type Question } from "./quiz-schema";
import { loadQuizBanks, parseQuizBank } from "./quizzes";
import { loadScenarioFiles } from "./scenarios";

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

  it("refuses an exam point outside 1..5 and one listed twice", () => {
    expect(() => parseQuizBank(bank([{ ...single, examPoints: [6] }]), FILE)).toThrow(
      /question "q-one" examPoints\[0\]/,
    );
    expect(() => parseQuizBank(bank([{ ...single, examPoints: [2, 2] }]), FILE)).toThrow(
      /question "q-one" examPoints: an exam point is listed twice/,
    );
  });

  it("accepts a predict question and refuses one without a scenario or claims", () => {
    const predict = { ...single, type: "predict", scenario: "happy-path", claims: {} };
    expect(parseQuizBank(bank([predict]), FILE).questions[0]?.type).toBe("predict");
    const without = (key: string) =>
      Object.fromEntries(Object.entries(predict).filter(([k]) => k !== key));
    expect(() => parseQuizBank(bank([without("scenario")]), FILE)).toThrow(
      /question "q-one" scenario/,
    );
    expect(() => parseQuizBank(bank([without("claims")]), FILE)).toThrow(/question "q-one" claims/);
    expect(() =>
      parseQuizBank(bank([{ ...predict, claims: { rows: { sandbox: "pass" } } }]), FILE),
    ).toThrow(/question "q-one" claims\.rows/);
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
  const all = async () => (await loadQuizBanks()).flatMap((b) => b.questions);

  it("all load, with unique ids", async () => {
    const banks = await loadQuizBanks();
    const ids = banks.flatMap((b) => b.questions.map((q) => q.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("hold at least 150 questions", async () => {
    expect((await all()).length).toBeGreaterThanOrEqual(150);
  });

  it("cite every rule ID in at least two questions", async () => {
    const count = new Map<string, number>(RULE_IDS.map((id) => [id, 0]));
    for (const q of await all()) for (const r of q.rules) count.set(r, count.get(r)! + 1);
    const thin = [...count].filter(([, n]) => n < 2).map(([id, n]) => `${id}: ${n}`);
    expect(thin).toEqual([]);
  });

  it("drill each of the five exam points in at least six questions", async () => {
    const questions = await all();
    for (const point of [1, 2, 3, 4, 5] as const) {
      const drilling = questions.filter((q) => q.examPoints?.includes(point));
      expect(drilling.length, `exam point ${point}: ${EXAM_POINTS[point]}`).toBeGreaterThanOrEqual(
        6,
      );
      // Phrased differently: no two stems for the same point are the same text.
      expect(new Set(drilling.map((q) => q.stem)).size).toBe(drilling.length);
    }
  });

  it("use every question type, with at least six predict-the-host questions", async () => {
    const questions = await all();
    const types = new Set(questions.map((q) => q.type));
    expect([...types].sort()).toEqual(
      ["fill-in", "multi", "order", "predict", "single", "true-false"].sort(),
    );
    expect(questions.filter((q) => q.type === "predict").length).toBeGreaterThanOrEqual(6);
  });

  it("let a predict question claim every outcome and era a preset can expect", () => {
    const expectShape = expectSchema.shape;
    for (const outcome of expectShape.outcome.options) {
      expect(predictClaimsSchema.safeParse({ outcome }).success, outcome).toBe(true);
    }
    for (const era of expectShape.era.unwrap().options) {
      expect(predictClaimsSchema.safeParse({ era }).success, era).toBe(true);
    }
  });

  it("link every predict question to a preset whose expect block agrees with the right answer", async () => {
    const presets = new Map((await loadScenarioFiles()).map((f) => [f.scenario.id, f.scenario]));
    for (const q of await all()) {
      if (q.type !== "predict") continue;
      const preset = presets.get(q.scenario);
      expect(preset, `${q.id}: no content/scenarios/${q.scenario}.json`).toBeDefined();
      const expected = preset!.expect;
      const { claims } = q;
      expect(Object.keys(claims).length, `${q.id} makes no claim`).toBeGreaterThan(0);
      if (claims.outcome) expect(expected.outcome, q.id).toBe(claims.outcome);
      if (claims.appCall) expect(expected.appCall, q.id).toBe(claims.appCall);
      if (claims.era) expect(expected.era, q.id).toBe(claims.era);
      if (claims.allow !== undefined) expect(expected.allow, q.id).toBe(claims.allow);
      for (const [row, verdict] of Object.entries(claims.rows ?? {})) {
        expect(expected.rows[row as keyof typeof expected.rows], `${q.id} ${row}`).toBe(verdict);
      }
      for (const part of claims.cspIncludes ?? []) {
        expect(expected.cspHeader, q.id).toContain(part);
      }
    }
  });

  it("call text/html+mcp a near miss, never an earlier or draft type (no source says it was one)", async () => {
    const texts = [
      // Ids are names, not prose: "old-type" says nothing about the type's history.
      ...(await all()).map((q) => ({
        where: q.id,
        text: JSON.stringify(q, (key, value: unknown) => (key === "id" ? undefined : value)),
      })),
      ...(await loadScenarioFiles()).map((f) => ({
        where: f.scenario.id,
        text: `${f.scenario.title} ${f.scenario.description}`,
      })),
    ];
    const history = /\b(old|older|early|earlier|draft|pre-standard|legacy|former|previous)\b/i;
    const dated = texts.flatMap(({ where, text }) =>
      text
        .split(/(?<=[.;:!?])\s+/)
        .filter((sentence) => sentence.includes("text/html+mcp") && history.test(sentence))
        .map((sentence) => `${where}: ${sentence}`),
    );
    expect(dated).toEqual([]);
  });

  it("link only lessons that exist, and sections pinned in them", async () => {
    const broken: string[] = [];
    for (const q of await all()) {
      if (!q.lesson) continue;
      const file = path.join(process.cwd(), "content", "checklist", `${q.lesson}.mdx`);
      if (!existsSync(file)) {
        broken.push(`${q.id}: lesson ${q.lesson}`);
        continue;
      }
      if (q.section && !readFileSync(file, "utf8").includes(`{/*${q.section}*/}`)) {
        broken.push(`${q.id}: ${q.lesson}#${q.section}`);
      }
    }
    expect(broken).toEqual([]);
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
      const start = startingOrder({ id: "q", steps: ids.map((id) => ({ id })) }, `seed-${n}`);
      expect(start).not.toEqual(ids);
      expect([...start].sort()).toEqual([...ids].sort());
    }
  });

  it("marks a response of the wrong type as wrong", () => {
    expect(isCorrect(q({}), { type: "true-false", value: true })).toBe(false);
  });
});
