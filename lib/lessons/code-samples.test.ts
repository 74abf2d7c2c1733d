import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileLessonSource, LESSONS_DIR, parseLessonFrontmatter } from "../content/lessons";
import { extractCheckedSamples, typeCheckSamples } from "./code-samples";

const FIXTURE = "lib/lessons/fixtures/code-samples.mdx";

describe("lesson code samples fenced ```ts check", () => {
  it("extracts only the check blocks, with the lesson line of their first code line", () => {
    const samples = extractCheckedSamples(readFileSync(FIXTURE, "utf8"), FIXTURE);
    expect(samples.map((s) => s.line)).toEqual([13, 29]);
    expect(samples[0]!.code.split("\n")[0]).toBe(
      'import { App } from "@modelcontextprotocol/ext-apps";',
    );
  });

  it("fails a sample with a type error, naming the lesson file and line, and passes the one that compiles", () => {
    const samples = extractCheckedSamples(readFileSync(FIXTURE, "utf8"), FIXTURE);
    const errors = typeCheckSamples(samples);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^lib\/lessons\/fixtures\/code-samples\.mdx: line 32:7: TS2322: Type .* is not assignable to type 'number'/s,
    );
  }, 60_000);

  it("checks each block as a module of its own, strict", () => {
    const errors = typeCheckSamples([
      { file: "a.mdx", line: 1, code: "const x = 1;\nexport const y = x;" },
      { file: "b.mdx", line: 1, code: "const x = 2;\nfunction f(a) { return a; }\nf(x);" },
    ]);
    expect(errors).toEqual([
      expect.stringMatching(
        /^b\.mdx: line 2:12: TS7006: Parameter 'a' implicitly has an 'any' type/,
      ),
    ]);
  }, 60_000);

  it("every ```ts check block in content/checklist compiles against the pinned SDK", () => {
    const samples = readdirSync(LESSONS_DIR)
      .filter((n) => n.endsWith(".mdx"))
      .sort()
      .flatMap((n) =>
        extractCheckedSamples(
          readFileSync(path.join(LESSONS_DIR, n), "utf8"),
          `content/checklist/${n}`,
        ),
      );
    console.log(
      `Type-checked lesson samples: ${samples.length} in ${new Set(samples.map((s) => s.file)).size} lessons`,
    );
    expect(typeCheckSamples(samples)).toEqual([]);
  }, 120_000);

  it("the lesson pipeline accepts the check meta and leaves it out of the page; another word fails", async () => {
    const source = readFileSync(FIXTURE, "utf8");
    const body = source.slice(source.indexOf("---", 3) + 3);
    const meta = parseLessonFrontmatter(
      {
        title: "A fixture lesson with checked code",
        slug: "code-samples",
        order: 1,
        summary: "Used only by lib/lessons/code-samples.test.ts.",
        rules: ["BRG-1"],
        minutes: 3,
      },
      FIXTURE,
    );
    const lesson = await compileLessonSource(body, meta);
    expect(lesson.code).toContain("callServerTool");
    expect(lesson.code).not.toMatch(/\bcheck\b/);
    await expect(compileLessonSource("```ts chek\nconst x = 1;\n```\n", meta)).rejects.toThrow(
      /code-samples\.mdx: line 1:1: unknown code fence meta "chek" after "ts"/,
    );
    await expect(compileLessonSource("```json check\n{}\n```\n", meta)).rejects.toThrow(
      /unknown code fence meta "check" after "json"/,
    );
  }, 60_000);
});
