import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The quiz hub's and practice's browser modules name topics (lib/rules/groups.ts), not rules:
 * the rules' text (lib/rules/data.ts) stays on the server, out of their first load (issue 23).
 */
describe("the quiz pages' first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/quizzes", 4, ["lib/rules/data.ts"]);
});
