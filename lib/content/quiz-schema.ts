import { z } from "zod";
import { RULE_GROUPS, type RuleGroupId } from "../rules";
import { ruleIdSchema } from "../rules/schema";
import { SPEC_ID } from "./spec-id";
import { ROWS, RUN_OUTCOMES, SESSION_ERAS } from "../simulator/constants";

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = () => z.string().regex(ID, "must be lower-case words joined by hyphens");

const RULE_GROUP_IDS = RULE_GROUPS.map((g) => g.id) as [RuleGroupId, ...RuleGroupId[]];

/**
 * The five "Remember for the exam" points of the review checklist, numbered as it lists them.
 * A question that drills one names it in `examPoints`; coverage per point is asserted in a test.
 */
export const EXAM_POINTS = {
  1: "The extension identifier, negotiated per request",
  2: "The shapes of csp and permissions",
  3: "Hard MUST, host policy, or never a reason to refuse",
  4: "Visibility defaults and who each name gates",
  5: "The bridge's ui/initialize and the sandbox proxy",
} as const;
const examPointSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** An answer option. Every option explains itself: why it is right, or which mistake it encodes. */
const optionSchema = z.strictObject({
  id: id(),
  text: z.string().trim().min(1),
  explanation: z.string().trim().min(10, "every option needs an explanation"),
});

const common = {
  id: id(),
  /** The rule group whose mastery this question measures; the per-topic breakdown groups by it. */
  topic: z.enum(RULE_GROUP_IDS),
  difficulty: z.enum(["easy", "medium", "hard"]),
  rules: z.array(ruleIdSchema).min(1, "cite at least one rule ID"),
  /**
   * Requirements catalogue ids the question rests on where no rule of the reference carries the
   * requirement yet (the spec itself is the source); each must exist in content/spec.
   */
  spec: z.array(z.string().regex(SPEC_ID, "a catalogue id such as area/name")).min(1).optional(),
  /** A scenario, not a definition: what the learner would face. Markdown. */
  stem: z.string().trim().min(20),
  /** Slug of the lesson that teaches this, and an optional pinned heading id. */
  lesson: z.string().regex(ID).optional(),
  section: z.string().regex(ID).optional(),
  /** Which "Remember for the exam" points (EXAM_POINTS) the question drills. */
  examPoints: z
    .array(examPointSchema)
    .min(1)
    .refine((ps) => new Set(ps).size === ps.length, "an exam point is listed twice")
    .optional(),
};

/**
 * Options in any order: the file order never reaches the screen, since each attempt shows them in
 * its own seeded order (`optionOrder` in lib/quiz/presentation) and grading uses option ids.
 */
const options = z.array(optionSchema).min(2).max(6);

const singleQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("single"),
  options,
  answer: id(),
});

const verdictSchema = z.enum(["pass", "fail", "skip"]);

/**
 * What a "predict" question's right option claims, in the terms of the scenario's `expect` block.
 * A unit test checks every claim against `content/scenarios/<scenario>.json`, so the quiz and the
 * simulator can never disagree about the host's decision.
 */
export const predictClaimsSchema = z.strictObject({
  outcome: z.enum(RUN_OUTCOMES).optional(),
  /** NEG-6: the era the session settles on. */
  era: z.enum(SESSION_ERAS).optional(),
  appCall: z.enum(["forwarded", "refused"]).optional(),
  rows: z.partialRecord(z.enum(ROWS), verdictSchema).optional(),
  /** Directives the expected CSP header contains, verbatim. */
  cspIncludes: z.array(z.string().min(1)).optional(),
  /** The exact iframe `allow` attribute. */
  allow: z.string().optional(),
});

/**
 * "Predict the host's decision": one answer about what the host does with a simulator preset,
 * which the learner can then run in the simulator.
 */
const predictQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("predict"),
  /** Id of a preset in content/scenarios/ (the file name without `.json`). */
  scenario: id(),
  options,
  answer: id(),
  claims: predictClaimsSchema,
});

const multiQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("multi"),
  options: z.array(optionSchema).min(3).max(7),
  answer: z.array(id()).min(2, "a select-several question has at least two right options"),
});

const trueFalseQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("true-false"),
  answer: z.boolean(),
  /** Why "true" is right or wrong, and why "false" is. */
  explanations: z.strictObject({
    true: z.string().trim().min(10),
    false: z.string().trim().min(10),
  }),
});

const orderQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("order"),
  /**
   * The steps in their correct order. Each attempt starts from a seeded random permutation that
   * is never this order (`startingOrder` in lib/quiz/presentation).
   */
  steps: z.array(z.strictObject({ id: id(), text: z.string().trim().min(1) })).min(3),
  explanation: z.string().trim().min(10),
});

const fillInQuestionSchema = z.strictObject({
  ...common,
  type: z.literal("fill-in"),
  /** Accepted answers, compared exactly after trimming and collapsing whitespace. */
  accepted: z.array(z.string().trim().min(1)).min(1),
  explanation: z.string().trim().min(10),
});

export const questionSchema = z
  .discriminatedUnion("type", [
    singleQuestionSchema,
    predictQuestionSchema,
    multiQuestionSchema,
    trueFalseQuestionSchema,
    orderQuestionSchema,
    fillInQuestionSchema,
  ])
  .superRefine((q, ctx) => {
    const ids =
      q.type === "single" || q.type === "predict" || q.type === "multi"
        ? q.options.map((o) => o.id)
        : q.type === "order"
          ? q.steps.map((s) => s.id)
          : [];
    const seen = new Set<string>();
    ids.forEach((optionId, i) => {
      if (seen.has(optionId)) {
        ctx.addIssue({
          code: "custom",
          path: [q.type === "order" ? "steps" : "options", i, "id"],
          message: `duplicate id "${optionId}"`,
        });
      }
      seen.add(optionId);
    });
    const answers =
      q.type === "single" || q.type === "predict" ? [q.answer] : q.type === "multi" ? q.answer : [];
    answers.forEach((answer, i) => {
      if (!seen.has(answer)) {
        ctx.addIssue({
          code: "custom",
          path: q.type === "multi" ? ["answer", i] : ["answer"],
          message: `answer "${answer}" is not among the options (${[...seen].join(", ")})`,
        });
      }
    });
    if (q.type === "multi") {
      if (new Set(q.answer).size !== q.answer.length) {
        ctx.addIssue({ code: "custom", path: ["answer"], message: "answer lists an option twice" });
      }
      if (q.answer.length >= q.options.length) {
        ctx.addIssue({ code: "custom", path: ["answer"], message: "every option is right" });
      }
    }
    if (q.section && !q.lesson) {
      ctx.addIssue({ code: "custom", path: ["section"], message: "a section needs a lesson" });
    }
  });

export const quizBankSchema = z.strictObject({
  id: id(),
  title: z.string().trim().min(3),
  description: z.string().trim().min(10),
  questions: z.array(questionSchema).min(1),
});

export type Question = z.infer<typeof questionSchema>;
export type QuizBank = z.infer<typeof quizBankSchema>;
