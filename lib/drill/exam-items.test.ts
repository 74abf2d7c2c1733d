import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isCorrect } from "../content/quiz-grading";
import {
  drawExam,
  EXAM_GENERATED,
  EXAM_SIZE,
  GENERATED_VERSION,
  generatedIdVersion,
  goneLabel,
  isGeneratedId,
} from "../quiz/exam";
import { scoreExam } from "../quiz/scoring";
import { previewDecision } from "../simulator/preview";
import { listLessons } from "../content/lessons";
import { lessonsByRule } from "../rules/info";
import { drawGeneratedExamItem, examLookup, generatedExamItem } from "./exam-items";
import { agentListOf } from "./answers";
import { answerText, DRILLABLE_RULES, generateDrillItem } from "./generator";

/** The generator's output at each version of generated exam ids: 100 items, hashed. */
const FINGERPRINTS: Record<number, string> = {
  2: "7248e033063a6c1d",
  // The merges of issue #33 (host drills) and #35 (two engine reasons reworded) changed items.
  3: "fa876debe82e0bdf",
  // The policy line and explanations name a rule's source in the sources page's words, not
  // "[seed]" or "[draft, SDK]" (issue #35 item 5).
  4: "2163d88ef302442b",
};

/** Nine topics of 14 to 26 questions, as the shipped banks. */
const BANK = [14, 20, 19, 19, 15, 18, 15, 18, 26].flatMap((n, t) =>
  Array.from({ length: n }, (_, i) => ({ id: `T${t}-${i}`, topic: `T${t}` })),
);

describe("generated items in the timed exam", () => {
  it("draws the same ids, items and keys from the same seed, and other items from another", () => {
    const ids = drawExam(BANK, "exam-seed", EXAM_SIZE, EXAM_GENERATED);
    expect(ids).toHaveLength(EXAM_SIZE);
    expect(new Set(ids).size).toBe(EXAM_SIZE);
    const generated = ids.filter(isGeneratedId);
    expect(generated).toHaveLength(EXAM_GENERATED);
    // The bank part is the balanced draw of the other 35, placed among the generated ones.
    expect(ids.filter((id) => !isGeneratedId(id)).sort()).toEqual(
      drawExam(BANK, "exam-seed", EXAM_SIZE - EXAM_GENERATED).sort(),
    );
    expect(drawExam(BANK, "exam-seed", EXAM_SIZE, EXAM_GENERATED)).toEqual(ids);

    const items = generated.map((id) => drawGeneratedExamItem(id)!);
    const again = generated.map((id) => drawGeneratedExamItem(id)!);
    expect(again.map((i) => i.question)).toEqual(items.map((i) => i.question));
    for (const [n, item] of items.entries()) {
      expect(item.question.id).toBe(generated[n]);
      // Keyed by running the engine on the item's scenario, as a drill is.
      const key = item.question.options.find((o) => o.id === item.question.answer)!;
      const listed = agentListOf(item.scenario)
        .filter((t) => t.listed)
        .map((t) => t.name);
      expect(item.meanings[key.id]).toBe(
        answerText(item.kind, previewDecision(item.scenario), item.directive, listed),
      );
    }
    // Five items from one seed are not one item five times.
    expect(new Set(items.map((i) => i.question.stem)).size).toBe(EXAM_GENERATED);
    const other = drawExam(BANK, "another-seed", EXAM_SIZE, EXAM_GENERATED)
      .filter(isGeneratedId)
      .map((id) => drawGeneratedExamItem(id)!.question.stem);
    expect(other).not.toEqual(items.map((i) => i.question.stem));
  });

  it("scores a generated item like a bank question: right when the key is chosen, missed otherwise", () => {
    const [a, b] = drawExam(BANK, "scored", 6, 2).filter(isGeneratedId);
    const lookup = examLookup(() => undefined);
    const qa = generatedExamItem(a!)!.question;
    const qb = generatedExamItem(b!)!.question;
    expect(lookup(a!)).toBe(qa);
    const wrong = qb.options.find((o) => o.id !== qb.answer)!.id;
    const score = scoreExam(
      [qa, qb],
      { [a!]: { type: "single", choice: qa.answer }, [b!]: { type: "single", choice: wrong } },
      0.7,
    );
    expect(score).toMatchObject({ correct: 1, total: 2, missed: [b] });
    expect(isCorrect(qa, { type: "single", choice: qa.answer })).toBe(true);
    // Any other id goes to the bank lookup; a malformed generated id names nothing.
    expect(examLookup((id) => (id === "T0-1" ? qa : undefined))("T0-1")).toBe(qa);
    expect(lookup("gen:no-number")).toBeUndefined();
  });

  it("sends a generated item's 'Study this in the lesson' link to a lesson teaching one of its rules, and every rule an item can rest on has one", async () => {
    const lessons = await listLessons();
    const lessonOf = lessonsByRule(lessons);
    expect(DRILLABLE_RULES.filter((r) => !lessonOf[r])).toEqual([]);
    const [id] = drawExam(BANK, "lesson", 3, 1).filter(isGeneratedId);
    const q = examLookup(() => undefined, lessonOf)(id!)!;
    const teaching = lessons.find((l) => l.slug === q.lesson)!;
    expect(q.rules.some((r) => teaching.rules.includes(r as never))).toBe(true);
    // The first lesson in course order that teaches the item's first taught rule.
    expect(q.lesson).toBe(lessonOf[q.rules.find((r) => lessonOf[r])!]);
  });
});

describe("generated exam ids name the generator's version (issue #36)", () => {
  it("an id carries GENERATED_VERSION, and an id of another version, or of none, draws nothing rather than a different item", () => {
    const [id] = drawExam(BANK, "versioned", 3, 1).filter(isGeneratedId);
    expect(id).toMatch(new RegExp(`^gen:v${GENERATED_VERSION}:versioned:\\d+$`));
    expect(drawGeneratedExamItem(id!)).toBeDefined();
    const n = /:(\d+)$/.exec(id!)![1];
    // What the history held before ids were versioned, and what a later generator would write.
    expect(drawGeneratedExamItem(`gen:versioned:${n}`)).toBeUndefined();
    expect(drawGeneratedExamItem(`gen:v${GENERATED_VERSION + 1}:versioned:${n}`)).toBeUndefined();
    expect(generatedIdVersion(id!)).toBe(GENERATED_VERSION);
    expect(generatedIdVersion(`gen:versioned:${n}`)).toBeUndefined();
  });

  it("the generator's output at this version is held by a fingerprint: change what a seed gives, and bump GENERATED_VERSION", () => {
    const hash = createHash("sha256");
    for (let i = 0; i < 100; i++) {
      const item = generateDrillItem({ seed: `exam-fingerprint-${i}` });
      hash.update(JSON.stringify([item.question, item.scenario, item.meanings]));
    }
    const fingerprint = hash.digest("hex").slice(0, 16);
    expect(
      { version: GENERATED_VERSION, fingerprint },
      "the generator's output changed: saved exams would redraw other items from their ids. Bump GENERATED_VERSION in lib/quiz/exam.ts and record the new fingerprint here",
    ).toEqual({ version: GENERATED_VERSION, fingerprint: FINGERPRINTS[GENERATED_VERSION] });
  });
});

describe("what the exam pages call an item they cannot show", () => {
  it("says a generated item came from an earlier generator, and a bank question left the bank", () => {
    expect(goneLabel("gen:old-seed:3")).toMatch(/earlier version of the drills/);
    expect(goneLabel("csp-some-question")).toBe("removed from the bank");
  });
});
