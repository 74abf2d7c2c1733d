import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PATH_IDS } from "../paths/progress";
import { RULE_GROUPS, type RuleGroupId } from "../rules";
import { ContentError, formatPath } from "./errors";

/**
 * Learning paths: for each kind of learner (preparing for an exam, building a host, shipping a
 * server) an ordered list of steps through lessons, simulator presets, practice, the exam, spaced
 * review and the server review. Content, like lessons and quiz banks: one JSON file per path in
 * `content/paths/`, checked by a schema here, and every lesson, preset and topic a step names is
 * checked to exist (`pathReferenceErrors`, run by a unit test and by the home page's loader).
 */
const PATHS_DIR = path.join(process.cwd(), "content", "paths");

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, "must be lower-case words joined by hyphens");
const note = z.string().trim().min(10).max(160);
const topicIds = RULE_GROUPS.map((g) => g.id) as [RuleGroupId, ...RuleGroupId[]];

const pathStepSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("lesson"), lesson: slug, note }),
  z.strictObject({ kind: z.literal("preset"), preset: slug, note }),
  z.strictObject({
    kind: z.literal("practice"),
    topic: z.enum(topicIds),
    /** How many of the topic's questions to have answered for the step to count as done. */
    goal: z.number().int().min(1).max(50),
    note,
  }),
  z.strictObject({ kind: z.literal("exam"), note }),
  z.strictObject({ kind: z.literal("spaced-review"), note }),
  z.strictObject({ kind: z.literal("server-review"), note }),
]);
export type PathStep = z.infer<typeof pathStepSchema>;

const learningPathSchema = z.strictObject({
  id: z.enum(PATH_IDS),
  /** Position among the choices on the home page. */
  order: z.number().int().positive(),
  /** The learner's own words for who they are: the choice on the home page. */
  audience: z.string().trim().min(8).max(60),
  summary: z.string().trim().min(20).max(240),
  steps: z.array(pathStepSchema).min(3),
});
export type LearningPath = z.infer<typeof learningPathSchema>;

/** Parses one path file's JSON text; throws a ContentError naming the file and the field. */
export function parseLearningPath(text: string, file: string): LearningPath {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentError(file, "JSON", (error as Error).message);
  }
  const result = learningPathSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ContentError(file, formatPath(issue.path), issue.message);
  }
  const expected = path.basename(file, ".json");
  if (result.data.id !== expected) {
    throw new ContentError(
      file,
      "id",
      `"${result.data.id}" must equal the file name "${expected}"`,
    );
  }
  return result.data;
}

/** Every path in `content/paths/`, in their `order`. */
export async function loadLearningPaths(dir = PATHS_DIR): Promise<LearningPath[]> {
  const names = (await fs.readdir(/* turbopackIgnore: true */ dir))
    .filter((n) => n.endsWith(".json"))
    .sort();
  const paths = await Promise.all(
    names.map(async (n) => {
      const abs = path.join(/* turbopackIgnore: true */ dir, n);
      const file = path.relative(process.cwd(), abs).split(path.sep).join("/");
      return parseLearningPath(await fs.readFile(abs, "utf8"), file);
    }),
  );
  return paths.sort((a, b) => a.order - b.order);
}

/** What exists for a path to point at. */
export interface PathTargets {
  lessons: ReadonlySet<string>;
  presets: ReadonlySet<string>;
  /** Topics with at least this many questions in the banks. */
  questionsPerTopic: ReadonlyMap<string, number>;
}

/**
 * Every reference in `paths` that points at nothing: a lesson or preset that does not exist, a
 * topic without questions, or a practice goal larger than the topic's bank. Each message names the
 * path file's id, the step's number and what is missing.
 */
export function pathReferenceErrors(
  paths: readonly LearningPath[],
  targets: PathTargets,
): string[] {
  const errors: string[] = [];
  for (const p of paths) {
    p.steps.forEach((step, i) => {
      const where = `content/paths/${p.id}.json: steps[${i}]`;
      if (step.kind === "lesson" && !targets.lessons.has(step.lesson))
        errors.push(`${where}: no lesson "${step.lesson}"`);
      if (step.kind === "preset" && !targets.presets.has(step.preset))
        errors.push(`${where}: no simulator preset "${step.preset}"`);
      if (step.kind === "practice") {
        const have = targets.questionsPerTopic.get(step.topic) ?? 0;
        if (have < step.goal)
          errors.push(
            `${where}: topic ${step.topic} has ${have} questions, the goal asks ${step.goal}`,
          );
      }
    });
  }
  return errors;
}
