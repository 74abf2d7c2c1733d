import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES, SOURCE_LABELS } from "../rules";
import { loadLesson } from "./lessons";
import { parseInline } from "./markdown-lite";
import { loadQuizBanks } from "./quizzes";
import { remarkSourceLinks } from "./remark-source-links";
import { SOURCE_DOCUMENTS, SOURCES_PATH, mentionsSource, splitSourceMentions } from "./sources";

// Issue #35 item 5: lessons and questions cite practitioners' checklists; every mention links to
// the sources page, which says what each is, and no learner meets a bare "[seed]".

describe("mentions of source documents", () => {
  it("finds each document by its name, in any case and across a line break, with an anchor the page has", () => {
    const anchors = new Set(SOURCE_DOCUMENTS.map((d) => `${SOURCES_PATH}#${d.id}`));
    for (const d of SOURCE_DOCUMENTS) {
      for (const m of d.mentions) {
        const said = m.toUpperCase().replace(" ", "\n");
        const parts = splitSourceMentions(`As the ${said} says.`);
        expect(parts).toEqual([
          { text: "As the " },
          { text: said, href: `${SOURCES_PATH}#${d.id}` },
          { text: " says." },
        ]);
        expect(anchors.has(`${SOURCES_PATH}#${d.id}`)).toBe(true);
      }
    }
    expect(splitSourceMentions("checklist advice")).toEqual([
      { text: "checklist advice", href: SOURCES_PATH },
    ]);
    expect(mentionsSource("a checklist of my own")).toBe(false);
  });

  it("makes a mention in quiz text a link, but not one inside `code`", () => {
    expect(
      parseInline("Under the review checklist's rule, `review checklist` stays code."),
    ).toEqual([
      { type: "text", text: "Under the " },
      { type: "source", text: "review checklist", href: `${SOURCES_PATH}#review-checklist` },
      { type: "text", text: "'s rule, " },
      { type: "code", text: "review checklist" },
      { type: "text", text: " stays code." },
    ]);
  });

  it("links a mention in lesson prose and leaves headings and existing links alone", () => {
    const text = (value: string) => ({ type: "text", value });
    const tree = {
      type: "root",
      children: [
        { type: "heading", children: [text("The review checklist")] },
        { type: "paragraph", children: [text("See the PermDock note here.")] },
        { type: "link", url: "/x", children: [text("metadata matrix")] },
      ],
    };
    remarkSourceLinks()(tree);
    expect(tree.children[0]).toEqual({ type: "heading", children: [text("The review checklist")] });
    expect(tree.children[1]).toEqual({
      type: "paragraph",
      children: [
        text("See the "),
        { type: "link", url: `${SOURCES_PATH}#permdock-note`, children: [text("PermDock note")] },
        text(" here."),
      ],
    });
    expect(tree.children[2]).toEqual({
      type: "link",
      url: "/x",
      children: [text("metadata matrix")],
    });
  });

  it("compiles a shipped lesson with its mentions linked to the sources page", async () => {
    const lesson = await loadLesson("permissions");
    expect(lesson.code).toContain(`${SOURCES_PATH}#review-checklist`);
  });
});

describe("no bare [seed] where a learner reads", async () => {
  const SEED = /\[seed\]|\bseeds?\b(?!=)/i;
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const lessonsDir = path.join(process.cwd(), "content", "checklist");

  it("the rules page labels a checklist's rule 'checklist advice', not 'seed'", () => {
    expect(SOURCE_LABELS.seed).toBe("checklist advice");
    const statements = RULES.filter((r) => SEED.test(r.statement)).map((r) => r.id);
    expect(statements).toEqual([]);
  });

  it("no question says 'seed' for a source document (ids aside)", () => {
    const offenders = questions.flatMap((q) => {
      const text = JSON.stringify(q, (key, value: unknown) => (key === "id" ? undefined : value));
      return SEED.test(text) ? [q.id] : [];
    });
    expect(offenders).toEqual([]);
  });

  it("no lesson says 'seed' for a source document", () => {
    const offenders = readdirSync(lessonsDir)
      .filter((f) => f.endsWith(".mdx"))
      .filter((f) => SEED.test(readFileSync(path.join(lessonsDir, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
