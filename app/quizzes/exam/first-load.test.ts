import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The exam page draws its generated items in the browser with the pure host engine (as the drill
 * page does); its first load carries neither the MCP SDK nor zod.
 */
describe("the exam page's first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/quizzes/exam");
});
