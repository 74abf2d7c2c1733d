import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listLessons, loadLesson, type CompiledLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import type { Question } from "@/lib/content/quiz-schema";
import { RULE_IDS, isRuleId } from "@/lib/rules";
import { skeletonProblems, untaughtRules } from "./coverage";
import { loadMatrix, MATRIX_LOCATIONS } from "./matrix";
import { lessonsAfter, resolveSelfChecks, SELF_CHECK_MAX, SELF_CHECK_MIN } from "./self-check";

let lessons: CompiledLesson[];
let pool: Question[];

beforeAll(async () => {
  lessons = await Promise.all((await listLessons()).map((l) => loadLesson(l.slug)));
  pool = (await loadQuizBanks()).flatMap((b) => b.questions);
}, 60_000);

describe("coverage checks", () => {
  it("names a rule that no lesson teaches", () => {
    const fixture = [
      { slug: "a", rules: ["TOOL-2", "TOOL-3"] },
      { slug: "b", rules: ["CSP-1"] },
    ];
    expect(untaughtRules(fixture, ["TOOL-2", "TOOL-3", "CSP-1", "CSP-2"])).toEqual(["CSP-2"]);
  });

  it("names missing and misplaced skeleton headings", () => {
    expect(skeletonProblems(["you-will-learn", "body", "pitfalls", "recap", "self-check"])).toEqual(
      [],
    );
    expect(skeletonProblems(["you-will-learn", "pitfalls", "self-check", "recap"])).toEqual([
      '"self-check" is out of order',
      "no body section",
    ]);
    expect(skeletonProblems(["body"])).toHaveLength(4);
  });
});

describe("the shipped course", () => {
  it("teaches every rule ID in at least one lesson", () => {
    expect(
      untaughtRules(
        lessons.map((l) => l.meta),
        RULE_IDS,
      ),
    ).toEqual([]);
  });

  it("cites only known rule IDs, in frontmatter and in the body", () => {
    const cited = lessons.flatMap((l) => [...l.meta.rules, ...l.ruleRefs]);
    expect(cited.filter((id) => !isRuleId(id))).toEqual([]);
    expect(cited.length).toBeGreaterThan(100);
  });

  it("links every lesson to at least one simulator preset, and every link to a real file", () => {
    for (const l of lessons) {
      expect(l.scenarios.length, `${l.meta.file} links no preset`).toBeGreaterThan(0);
      for (const id of l.scenarios) {
        const file = path.join(process.cwd(), "content", "scenarios", `${id}.json`);
        expect(existsSync(file), `${l.meta.file}: ${id}`).toBe(true);
      }
    }
  });

  it("follows the skeleton: you will learn, body, pitfalls, recap, self-check", () => {
    for (const l of lessons) {
      expect(skeletonProblems(l.headings.map((h) => h.id)), l.meta.file).toEqual([]);
    }
  });

  it("gives every lesson one self-check of 3–5 questions that all exist in the quiz banks", () => {
    const byId = new Map(pool.map((q) => [q.id, q]));
    for (const l of lessons) {
      expect(l.selfChecks, l.meta.file).toHaveLength(1);
      const later = lessonsAfter(
        lessons.map((x) => x.meta),
        l.meta.slug,
      );
      const [check] = resolveSelfChecks(l.selfChecks, pool, l.meta.slug, l.meta.file, later);
      expect(check!.questions.length).toBeGreaterThanOrEqual(SELF_CHECK_MIN);
      expect(check!.questions.length).toBeLessThanOrEqual(SELF_CHECK_MAX);
      for (const q of check!.questions) {
        expect(byId.get(q.id), `${l.meta.file}: ${q.id}`).toBe(q);
        // Drawn by rule ID: each question cites at least one rule the self-check names.
        expect(q.rules.some((r) => l.selfChecks[0]!.rules.includes(r))).toBe(true);
        // Never ahead of the course: nothing a later lesson teaches.
        expect(q.lesson && later.has(q.lesson) ? q.lesson : null, `${l.meta.file}: ${q.id}`).toBe(
          null,
        );
      }
    }
  });

  it("uses each widget in at least one lesson", async () => {
    const { MDX_COMPONENT_NAMES } = await import("@/lib/content/component-names");
    const code = lessons.map((l) => l.code).join("\n");
    for (const name of MDX_COMPONENT_NAMES) expect(code, name).toContain(name);
  });
});

describe("the metadata matrix", () => {
  it("has the seed's 18 fields plus the two core caching hints, in every location, each linked to a real lesson section", async () => {
    const fields = await loadMatrix();
    expect(fields).toHaveLength(20);
    // RES-5: the caching hints are core 2026-07-28 fields the seed's matrix leaves out.
    const caching = fields.filter((f) => f.field === "ttlMs" || f.field === "cacheScope");
    expect(caching.map((f) => [f.field, f.stability, f.rules.includes("RES-5")])).toEqual([
      ["ttlMs", "core", true],
      ["cacheScope", "core", true],
    ]);
    expect(new Set(fields.map((f) => f.location))).toEqual(new Set(MATRIX_LOCATIONS));
    for (const f of fields) {
      const lesson = lessons.find((l) => l.meta.slug === f.lesson);
      expect(lesson, `${f.id}: lesson ${f.lesson}`).toBeDefined();
      expect(
        lesson!.headings.map((h) => h.id),
        `${f.id}: #${f.section}`,
      ).toContain(f.section);
      // The rules a field cites are ones its lesson teaches or cites.
      const taught = new Set([...lesson!.meta.rules, ...lesson!.ruleRefs]);
      expect(
        f.rules.filter((r) => !taught.has(r)),
        `${f.id} cites rules ${f.lesson} never mentions`,
      ).toEqual([]);
      if (f.scenario) {
        const file = path.join(process.cwd(), "content", "scenarios", `${f.scenario}.json`);
        expect(existsSync(file), `${f.id}: ${f.scenario}`).toBe(true);
      }
    }
  });
});
