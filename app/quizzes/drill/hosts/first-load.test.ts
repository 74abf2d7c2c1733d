import { describe } from "vitest";
import { itKeepsSdkAndZodOutOfFirstLoad } from "@/scripts/first-load-suite";

/** The host drill page, like the drill page, keys items in the browser without the SDK or zod. */
describe("the host drill page's first load", () => {
  itKeepsSdkAndZodOutOfFirstLoad("app/quizzes/drill/hosts");
});
