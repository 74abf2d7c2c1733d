import { describe, expect, it } from "vitest";
import type { Question } from "./quiz-schema";
import { loadQuizBanks } from "./quizzes";
import { getRule } from "../rules";

// A seed's host policy is not a spec MUST (mcp-apps-rules.md): a question whose answer rests on
// one says whose advice or whose choice it asks about, where the learner reads it, not only in
// the feedback afterwards.
const banks = await loadQuizBanks();
const OWN_BANKS = ["bridge", "results", "authorization"];
const questions = banks.filter((b) => OWN_BANKS.includes(b.id)).flatMap((b) => b.questions);

function keyExplanation(q: Question): string {
  if (q.type === "true-false") return q.explanations[q.answer ? "true" : "false"];
  if ((q.type === "single" || q.type === "predict") && "options" in q)
    return q.options.find((o) => o.id === q.answer)?.explanation ?? "";
  return "";
}

describe("questions that rest on a seed's advice", () => {
  it("name the seed in the stem when their deciding rule comes from a seed only", () => {
    const seeded = questions.filter((q) => getRule(q.rules[0]!).sources.join() === "seed");
    expect(seeded.length).toBeGreaterThan(5);
    for (const q of seeded) expect(q.stem, q.id).toMatch(/checklist|PermDock|seed/i);
  });
});

describe("questions whose verdict is a host's choice", () => {
  // The spec names no case for these: the key is what this host (the simulator's) chose.
  const HOST_CHOICE = ["brg-predict-unknown-tool"];

  it("say in the key's explanation that the spec leaves the case to the host", () => {
    for (const id of HOST_CHOICE) {
      const q = questions.find((x) => x.id === id);
      expect(q, id).toBeDefined();
      expect(keyExplanation(q!), id).toMatch(/host'?s? (own )?(choice|policy)/i);
      expect(keyExplanation(q!), id).toMatch(/spec(ification)? (names|does) no|does not name/i);
    }
  });
});
