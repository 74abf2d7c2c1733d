import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The exam page draws its generated items in the browser with the pure host engine (as the drill
 * page does); its first load carries neither the MCP SDK nor zod. The generator itself, with the
 * rules' text it cites, loads as a chunk of its own (exam-engine.ts), with the running exam's and
 * the results' screens: the start page needs none of them (issue 23, first-load budgets).
 */
describe("the exam page's first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/quizzes/exam", 2, [
    "lib/rules/data.ts",
    "lib/drill/generator.ts",
    "app/quizzes/exam/exam-results.tsx",
    "app/quizzes/exam/running-exam.tsx",
  ]);
});
