import { describe, expect, it } from "vitest";
import { defaultProgress } from "./basics";
import { PROGRESS_VERSION, type PersistedProgress } from "./schema";
import {
  createProgressExport,
  describeChanges,
  importedProgress,
  EXPORT_FORMAT,
  exportFileName,
  importFileTooLarge,
  MAX_IMPORT_BYTES,
  parseProgressImport,
} from "./progress-file";
import { firstCard } from "../quiz/review";

const NOW = new Date("2026-11-29T12:00:00.000Z");

function sample(): PersistedProgress {
  const p = defaultProgress();
  p.lessons.completed["who-may-call-a-tool"] = NOW.toISOString();
  p.quiz.answers["vis-empty-list"] = {
    attempts: 1,
    correct: 1,
    lastAnsweredAt: NOW.toISOString(),
    lastCorrect: true,
  };
  p.quiz.cards["vis-empty-list"] = firstCard(true, NOW);
  p.preferences.theme = "dark";
  return p;
}

function file(over: Record<string, unknown>) {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: PROGRESS_VERSION,
    exportedAt: NOW.toISOString(),
    progress: sample(),
    ...over,
  });
}

function refusal(text: string): string {
  const result = parseProgressImport(text);
  if (result.ok) throw new Error("expected the import to be refused");
  expect(result.message).toMatch(/Nothing was imported and your progress is unchanged\.$/);
  return result.message;
}

describe("progress export and import", () => {
  it("round-trips an export unchanged", () => {
    const text = createProgressExport(sample(), NOW);
    const result = parseProgressImport(text);
    expect(result).toEqual({
      ok: true,
      progress: sample(),
      version: PROGRESS_VERSION,
      exportedAt: NOW.toISOString(),
    });
  });

  it("names the file after the day", () => {
    expect(exportFileName(NOW)).toBe("mcp-apps-academy-progress-2026-11-29.json");
  });

  it("migrates an export written by version 1", () => {
    const v1 = {
      lessons: { completed: { a: NOW.toISOString() } },
      quiz: { answers: {} },
      preferences: { theme: "light" },
    };
    const result = parseProgressImport(file({ version: 1, progress: v1 }));
    expect(result.ok && result.progress).toEqual({
      lessons: v1.lessons,
      quiz: { answers: {}, cards: {}, exam: null, exams: [] },
      preferences: { theme: "light" },
    });
  });

  it("refuses text that is not JSON", () => {
    expect(refusal("{ nope")).toMatch(/^This file is not valid JSON/);
  });

  it("refuses a foreign JSON file: another app's data, an array, a bare saved state", () => {
    expect(refusal(JSON.stringify({ name: "my-package", version: "1.0.0" }))).toMatch(
      /not an MCP Apps Academy progress export/,
    );
    expect(refusal("[1, 2, 3]")).toMatch(/not an MCP Apps Academy progress export/);
    expect(refusal(JSON.stringify({ state: sample(), version: 2 }))).toMatch(
      /not an MCP Apps Academy progress export/,
    );
  });

  it("refuses an export from a newer version, naming both versions", () => {
    expect(refusal(file({ version: PROGRESS_VERSION + 1 }))).toContain(
      `format ${PROGRESS_VERSION + 1}; this one reads up to ${PROGRESS_VERSION}`,
    );
  });

  it("refuses a missing or nonsensical version", () => {
    expect(refusal(file({ version: "2" }))).toMatch(/no valid format version/);
    expect(refusal(file({ version: 0 }))).toMatch(/no valid format version/);
  });

  it("refuses damaged content, naming the field", () => {
    const bad = sample() as unknown as { preferences: { theme: string } };
    bad.preferences.theme = "purple";
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.preferences\.theme: expected one of "system", "light", "dark", got the string "purple"/,
    );
    expect(refusal(file({ progress: undefined }))).toMatch(/damaged: progress/);
  });

  it("refuses a file by its size before reading it (a 50 MB file was read whole first)", () => {
    expect(importFileTooLarge(50_000_000)).toMatch(/too large.*50\.0 MB.*at most 5\.0 MB/);
    expect(importFileTooLarge(MAX_IMPORT_BYTES)).toBeNull();
  });

  it("refuses implausible dates, naming the field: a year-9999 answer would win every merge", () => {
    const future = sample();
    future.quiz.answers["vis-empty-list"]!.lastAnsweredAt = "9999-01-01T00:00:00.000Z";
    expect(refusal(file({ progress: future }))).toMatch(
      /progress\.quiz\.answers\.vis-empty-list\.lastAnsweredAt is 9999-01-01T00:00:00\.000Z, in the future/,
    );
    const lesson = sample();
    lesson.lessons.completed["permissions"] = "1970-01-01T00:00:00.000Z";
    expect(refusal(file({ progress: lesson }))).toMatch(
      /progress\.lessons\.completed\.permissions .*before/,
    );
    // A review card's due date is in the future by design, within the scheduler's range.
    const due = sample();
    due.quiz.cards["vis-empty-list"]!.due = "2027-06-01T00:00:00.000Z";
    expect(parseProgressImport(file({ progress: due })).ok).toBe(true);
    due.quiz.cards["vis-empty-list"]!.due = "9999-06-01T00:00:00.000Z";
    expect(refusal(file({ progress: due }))).toMatch(/due is 9999/);
  });

  it("refuses a file far larger than any export before parsing it", () => {
    expect(refusal(" ".repeat(MAX_IMPORT_BYTES + 1))).toMatch(/too large/);
  });
});

describe("drill cards in an export", () => {
  it("carries the drill cards per rule through export and import, and the preview counts them", () => {
    const withDrill = sample();
    withDrill.quiz.ruleCards = { "CSP-5": firstCard(false, NOW), "TOOL-3": firstCard(true, NOW) };
    const at = NOW.toISOString();
    withDrill.quiz.drillResults = {
      [at]: { at, topic: "CSP", rules: ["CSP-5"], correct: false },
    };
    const result = parseProgressImport(createProgressExport(withDrill, NOW));
    expect(result.ok && result.progress.quiz.ruleCards).toEqual(withDrill.quiz.ruleCards);
    expect(result.ok && result.progress.quiz.drillResults).toEqual(withDrill.quiz.drillResults);
    const merged = importedProgress(sample(), withDrill, "merge");
    expect(merged.quiz.ruleCards).toEqual(withDrill.quiz.ruleCards);
    expect(merged.quiz.drillResults).toEqual(withDrill.quiz.drillResults);
    expect(describeChanges(sample(), merged)).toEqual([
      "Drill cards (per rule): 2 added",
      "Drill results: 1 added",
    ]);
  });
});

describe("exam kinds in an export", () => {
  const record = (questions: number, kind?: string) => ({
    id: `e-${questions}-${kind ?? "old"}`,
    seed: "s",
    questionIds: Array.from({ length: questions }, (_, i) => `q${i}`),
    startedAt: NOW.toISOString(),
    submittedAt: NOW.toISOString(),
    durationMs: 60_000,
    autoSubmitted: false,
    responses: {},
    correct: 0,
    total: questions,
    passMark: 0.7,
    passed: false,
    byTopic: [],
    missed: [],
    ...(kind === undefined ? {} : { kind }),
  });
  const withExams = (...exams: unknown[]) => {
    const p = sample() as unknown as { quiz: { exams: unknown[] } };
    p.quiz.exams = exams;
    return p;
  };

  it("carries each exam's kind through export and import, and still reads a record saved without one", () => {
    const exams = [record(1, "retake"), record(40, "full"), record(10, "topic"), record(3)];
    const result = parseProgressImport(file({ progress: withExams(...exams) }));
    expect(result.ok && result.progress.quiz.exams.map((e) => e.kind)).toEqual([
      "retake",
      "full",
      "topic",
      undefined,
    ]);
  });

  it("refuses an exam kind this app does not know, naming the field", () => {
    expect(refusal(file({ progress: withExams(record(40, "practice")) }))).toMatch(
      /progress\.quiz\.exams\.0\.kind: expected one of "full", "retake", "topic", got the string "practice"/,
    );
  });
});

describe("import modes and their preview", () => {
  const answer = (minute: number) => ({
    attempts: 1,
    correct: 1,
    lastAnsweredAt: new Date(NOW.getTime() + minute * 60_000).toISOString(),
    lastCorrect: true,
  });

  it("merges as a union, newest wins, and replaces outright; the preview counts each kind", () => {
    const current = sample();
    current.quiz.answers.old = answer(-5);
    const file = defaultProgress();
    file.lessons.completed["permissions"] = NOW.toISOString();
    file.quiz.answers["vis-empty-list"] = answer(10);
    file.quiz.answers.fresh = answer(1);

    const merged = importedProgress(current, file, "merge");
    expect(Object.keys(merged.lessons.completed).sort()).toEqual([
      "permissions",
      "who-may-call-a-tool",
    ]);
    expect(merged.quiz.answers["vis-empty-list"]).toEqual(answer(10));
    expect(merged.quiz.cards).toEqual(current.quiz.cards);
    expect(merged.preferences.theme).toBe("dark");
    expect(describeChanges(current, merged)).toEqual([
      "Completed lessons: 1 added",
      "Answers: 1 added, 1 updated",
    ]);

    const replaced = importedProgress(current, file, "replace");
    expect(replaced).toBe(file);
    expect(describeChanges(current, replaced)).toEqual([
      "Completed lessons: 1 added, 1 removed",
      "Answers: 1 added, 1 updated, 1 removed",
      "Review cards: 1 removed",
      "Theme: dark → system",
    ]);
    expect(describeChanges(current, current)).toEqual([]);
  });
});

describe("odd input in an import", () => {
  it("refuses a __proto__ key inside a map, naming where", () => {
    const text = file({}).replace('"answers":{', '"answers":{"__proto__":{},');
    expect(text).toContain("__proto__");
    expect(refusal(text)).toContain(
      'damaged: progress.quiz.answers.__proto__: the key "__proto__" is not allowed',
    );
  });

  it("reads an exportedAt that is not a date as unknown, never as an invalid date", () => {
    for (const exportedAt of ["yesterday", "2026-13-45T99:00:00Z", 12, null]) {
      const result = parseProgressImport(file({ exportedAt }));
      expect(result.ok && result.exportedAt, String(exportedAt)).toBeNull();
    }
    const result = parseProgressImport(file({}));
    expect(result.ok && result.exportedAt).toBe(NOW.toISOString());
  });
});

// Issue #39 (LOW, imports): numbers no export could hold, and more drill results than are kept.
describe("implausible numbers and sizes in an import", () => {
  it("refuses more right answers than attempts, naming the question", () => {
    const bad = sample();
    bad.quiz.answers["vis-empty-list"]!.correct = 2;
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.quiz\.answers\.vis-empty-list: correct \(2\) cannot exceed attempts \(1\)/,
    );
    // The attack's own numbers: 2^53 - 1 right answers out of one attempt.
    bad.quiz.answers["vis-empty-list"]!.correct = 2 ** 53 - 1;
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.quiz\.answers\.vis-empty-list\.correct: expected an integer/,
    );
  });

  it("refuses a count past a million attempts", () => {
    const bad = sample();
    bad.quiz.answers["vis-empty-list"]!.attempts = 2 ** 40;
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.quiz\.answers\.vis-empty-list\.attempts: expected an integer of at least 0 of at most 1000000/,
    );
  });

  it("refuses a review card whose stability no schedule could reach", () => {
    const bad = sample() as unknown as { quiz: { cards: Record<string, { stability: number }> } };
    bad.quiz.cards["vis-empty-list"]!.stability = 1e308;
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.quiz\.cards\.vis-empty-list\.stability: expected a number of at least 0 of at most 100000/,
    );
  });

  it("refuses more drill results than the progress keeps (300), naming the limit", () => {
    const bad = sample();
    bad.quiz.drillResults = {};
    for (let i = 0; i < 40_000; i++) {
      const at = new Date(NOW.getTime() - i * 1000).toISOString();
      bad.quiz.drillResults[at] = { at, topic: "TOOL", rules: ["TOOL-4"], correct: true };
    }
    expect(refusal(file({ progress: bad }))).toMatch(
      /damaged: progress\.quiz\.drillResults: at most 300 entries, got 40000/,
    );
  });
});
