import { describe, expect, it } from "vitest";
import { listLessons } from "./lessons";
import {
  loadLearningPaths,
  parseLearningPath,
  pathReferenceErrors,
  type LearningPath,
} from "./paths";
import { PATH_IDS } from "../paths/progress";
import { loadQuizBanks } from "./quizzes";
import { loadScenarioFiles } from "./scenarios";

async function realTargets() {
  const lessons = new Set((await listLessons()).map((l) => l.slug));
  const presets = new Set((await loadScenarioFiles()).map((s) => s.scenario.id));
  const questionsPerTopic = new Map<string, number>();
  for (const q of (await loadQuizBanks()).flatMap((b) => b.questions)) {
    questionsPerTopic.set(q.topic, (questionsPerTopic.get(q.topic) ?? 0) + 1);
  }
  return { lessons, presets, questionsPerTopic };
}

describe("learning paths", () => {
  it("has one valid path for each learner: exam, host and server, in that order", async () => {
    const paths = await loadLearningPaths();
    expect(paths.map((p) => p.id)).toEqual([...PATH_IDS]);
  });

  it("names only lessons, simulator presets and topics that exist, with goals their banks can meet", async () => {
    expect(pathReferenceErrors(await loadLearningPaths(), await realTargets())).toEqual([]);
  });

  it("puts every lesson on at least one learner's path", async () => {
    const onAPath = new Set(
      (await loadLearningPaths()).flatMap((p) =>
        p.steps.flatMap((s) => (s.kind === "lesson" ? [s.lesson] : [])),
      ),
    );
    const missing = (await listLessons()).map((l) => l.slug).filter((slug) => !onAPath.has(slug));
    expect(missing).toEqual([]);
  });

  it("takes each path's lessons in course order, so a lesson comes after those it builds on", async () => {
    const order = new Map((await listLessons()).map((l, i) => [l.slug, i]));
    for (const p of await loadLearningPaths()) {
      const positions = p.steps.flatMap((s) => (s.kind === "lesson" ? [order.get(s.lesson)!] : []));
      expect(positions, p.id).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it("reports a missing lesson, preset and topic by path and step", () => {
    const path: LearningPath = {
      id: "host",
      order: 1,
      audience: "I am building a host",
      summary: "A fixture path with three broken references.",
      steps: [
        { kind: "lesson", lesson: "no-such-lesson", note: "A lesson that is not there." },
        { kind: "preset", preset: "no-such-preset", note: "A preset that is not there." },
        { kind: "practice", topic: "CSP", goal: 5, note: "More questions than the bank has." },
      ],
    };
    const errors = pathReferenceErrors([path], {
      lessons: new Set(),
      presets: new Set(),
      questionsPerTopic: new Map([["CSP", 2]]),
    });
    expect(errors).toEqual([
      'content/paths/host.json: steps[0]: no lesson "no-such-lesson"',
      'content/paths/host.json: steps[1]: no simulator preset "no-such-preset"',
      "content/paths/host.json: steps[2]: topic CSP has 2 questions, the goal asks 5",
    ]);
  });

  it("refuses a step of an unknown kind, naming the file and the field", () => {
    const text = JSON.stringify({
      id: "exam",
      order: 1,
      audience: "I am preparing for an exam",
      summary: "A fixture path whose second step has a kind no page can show.",
      steps: [
        { kind: "exam", note: "Take the timed exam." },
        { kind: "video", note: "Watch something." },
        { kind: "spaced-review", note: "Review the cards due." },
      ],
    });
    expect(() => parseLearningPath(text, "content/paths/exam.json")).toThrow(
      /^content\/paths\/exam\.json: steps\[1\]\.kind: /,
    );
  });
});
