import { describe, expect, it } from "vitest";
import { listLessons } from "@/lib/content/lessons";
import { RULES } from "@/lib/rules";
import { TOPICS } from "./topics";

// Practice topics are named after lessons (issue #24's one vocabulary); the test lives beside the
// topics, the higher of the two layers.
describe("one vocabulary (issue #24)", () => {
  it("names each practice topic as a lesson that teaches at least half of its rules", async () => {
    const lessons = await listLessons();
    const wrong = TOPICS.flatMap((t) => {
      const groupRules = RULES.filter((r) => r.group === t.id).map((r) => r.id);
      const lesson = lessons.find((l) => l.title === t.name);
      if (!lesson) return [`${t.id}: "${t.name}" is no lesson's title`];
      const taught = groupRules.filter((id) => (lesson.rules as string[]).includes(id));
      // Its frontmatter lists at least half of the topic's rules as what it teaches.
      return taught.length * 2 >= groupRules.length
        ? []
        : [`${t.id}: "${t.name}" teaches ${taught.length} of ${groupRules.length} rules`];
    });
    expect(wrong).toEqual([]);
  });
});
