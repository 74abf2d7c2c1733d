import { z } from "zod";
import { isRuleId, type RuleId } from ".";

/**
 * A zod schema for a rule ID, with an error that names the unknown ID. Kept apart from the rules
 * data so the browser code that shows rules does not load zod; content loaders import it.
 */
export const ruleIdSchema = z.custom<RuleId>((v) => typeof v === "string" && isRuleId(v), {
  error: (issue) => `unknown rule ID ${JSON.stringify(issue.input)}`,
});
