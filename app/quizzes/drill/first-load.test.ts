import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/**
 * The drill page generates and keys items in the browser with the pure host engine; its first
 * load carries neither the MCP SDK nor zod (the simulator link's encoder is a dynamic import).
 */
describe("the drill page's first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/quizzes/drill");
});
