import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileLessonSource, listLessons, loadLesson, parseLessonFrontmatter } from "./lessons";

const good = {
  title: "A fixture lesson",
  slug: "fixture",
  order: 1,
  summary: "A lesson used only by the loader's tests.",
  rules: ["TOOL-2"],
  minutes: 3,
};

function frontmatter(fields: Record<string, unknown>): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "lessons-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string) {
  writeFileSync(path.join(dir, name), text);
}

describe("lesson frontmatter", () => {
  it("accepts a complete frontmatter block", () => {
    expect(parseLessonFrontmatter(good, "content/checklist/fixture.mdx").slug).toBe("fixture");
  });

  it("names the file and field of a missing field", () => {
    const rest: Partial<typeof good> = { ...good };
    delete rest.minutes;
    expect(() => parseLessonFrontmatter(rest, "content/checklist/fixture.mdx")).toThrow(
      /^content\/checklist\/fixture\.mdx: frontmatter minutes: /,
    );
  });

  it("names an unknown rule ID and its position", () => {
    expect(() =>
      parseLessonFrontmatter({ ...good, rules: ["TOOL-2", "TOOL-42"] }, "x/fixture.mdx"),
    ).toThrow('x/fixture.mdx: frontmatter rules[1]: unknown rule ID "TOOL-42"');
  });

  it("refuses an unknown key, so a misspelt field is not ignored", () => {
    expect(() => parseLessonFrontmatter({ ...good, minuts: 3 }, "x/fixture.mdx")).toThrow(
      /frontmatter \(root\): .*minuts/,
    );
  });

  it("requires the slug to match the file name", () => {
    expect(() => parseLessonFrontmatter(good, "x/other.mdx")).toThrow(
      'x/other.mdx: frontmatter slug: "fixture" must equal the file name "other"',
    );
  });

  it("reports a YAML error with the file", async () => {
    write("fixture.mdx", "---\ntitle: [unclosed\n---\nBody\n");
    await expect(listLessons(dir)).rejects.toThrow(/fixture\.mdx: frontmatter: /);
  });

  it("refuses two lessons with the same order", async () => {
    write("fixture.mdx", frontmatter(good) + "Body\n");
    write("second.mdx", frontmatter({ ...good, slug: "second" }) + "Body\n");
    await expect(listLessons(dir)).rejects.toThrow(
      /second\.mdx: frontmatter order: 1 is also used by/,
    );
  });
});

describe("lesson compilation", () => {
  const meta = { ...good, file: "content/checklist/fixture.mdx" } as Parameters<
    typeof compileLessonSource
  >[1];

  it("compiles registered components and pins heading ids", async () => {
    const source =
      frontmatter(good) +
      '\n## First part {/*pinned-id*/}\n\nText <RuleRef id="TOOL-2" />.\n\n### Auto id here\n\n<VisibilityMatrix />\n';
    const lesson = await compileLessonSource(source, meta);
    expect(lesson.headings).toEqual([
      { id: "pinned-id", depth: 2, text: "First part" },
      { id: "auto-id-here", depth: 3, text: "Auto id here" },
    ]);
    expect(lesson.code).toContain("pinned-id");
  });

  it("fails an unknown component tag with file and line", async () => {
    const source = frontmatter(good) + "\nIntro.\n\n<VisibiltyMatrix />\n";
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /^content\/checklist\/fixture\.mdx: line 12:1: unknown component <VisibiltyMatrix>;/,
    );
  });

  it("fails a stray HTML element", async () => {
    const source = frontmatter(good) + "\n<script>alert(1)</script>\n";
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /HTML element <script> is not allowed/,
    );
  });

  it("fails an import, which would bypass the registry", async () => {
    const source = frontmatter(good) + '\nimport X from "./x"\n\nBody\n';
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /import\/export is not allowed/,
    );
  });

  it("fails an MDX syntax error with file and line", async () => {
    const source = frontmatter(good) + "\nFine line.\n\n<Callout>\nnever closed\n";
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /^content\/checklist\/fixture\.mdx: line 12:1: Expected a closing tag for `<Callout>`/,
    );
  });

  it("fails a <RuleRef> citing an unknown rule, with file and line", async () => {
    const source =
      frontmatter(good) + '\nText <RuleRef id="TOOL-2" /> and <RuleRef id="TOOL-42" />.\n';
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /^content\/checklist\/fixture\.mdx: line 10:34: <RuleRef> cites unknown rule ID "TOOL-42"/,
    );
  });

  it("fails a <TryIt> whose scenario file does not exist, with file and line", async () => {
    write("present.json", "{}");
    const ok = frontmatter(good) + '\n<TryIt scenario="present">works</TryIt>\n';
    const compiled = await compileLessonSource(ok, meta, { scenariosDir: dir });
    expect(compiled.scenarios).toEqual(["present"]);
    const bad = frontmatter(good) + '\nIntro.\n\n<TryIt scenario="no-such-preset">x</TryIt>\n';
    await expect(compileLessonSource(bad, meta, { scenariosDir: dir })).rejects.toThrow(
      /^content\/checklist\/fixture\.mdx: line 12:1: <TryIt> links preset "no-such-preset", but content\/scenarios\/no-such-preset\.json does not exist/,
    );
  });

  it("records a <SelfCheck> and refuses one that is not literal or cites an unknown rule", async () => {
    const ok =
      frontmatter(good) +
      '\n<SelfCheck rules={["TOOL-2", "TOOL-3"]} questions={["vis-omitted-default"]} count={3} />\n';
    const compiled = await compileLessonSource(ok, meta);
    expect(compiled.selfChecks).toEqual([
      { rules: ["TOOL-2", "TOOL-3"], questions: ["vis-omitted-default"], count: 3, line: 10 },
    ]);
    const defaults = await compileLessonSource(
      frontmatter(good) + '\n<SelfCheck rules={["TOOL-2"]} />\n',
      meta,
    );
    expect(defaults.selfChecks[0]).toMatchObject({ questions: [], count: 4 });
    await expect(
      compileLessonSource(frontmatter(good) + "\n<SelfCheck rules={someList} />\n", meta),
    ).rejects.toThrow(/line 10:1: <SelfCheck> rules must be a literal/);
    await expect(
      compileLessonSource(frontmatter(good) + '\n<SelfCheck rules={["TOOL-99"]} />\n', meta),
    ).rejects.toThrow(/<SelfCheck> rules: "TOOL-99" is not a known rule ID/);
    await expect(
      compileLessonSource(
        frontmatter(good) + '\n<SelfCheck rules={["TOOL-2"]} count={9} />\n',
        meta,
      ),
    ).rejects.toThrow(/count must be a whole number from 3 to 5/);
  });

  it("highlights code at build time with both themes as CSS variables", async () => {
    const source = frontmatter(good) + '\n```json\n{ "ui": { "csp": {} } }\n```\n';
    const { code } = await compileLessonSource(source, meta);
    expect(code).toContain("shiki-themes github-light-default github-dark-default");
    expect(code).toContain('"--shiki-light"');
    expect(code).toContain('"--shiki-dark"');
    // No inline colour: the stylesheet picks the theme, so the toggle needs no script.
    expect(code).not.toMatch(/[{,]color:/);
  });

  it("gives each pair of token colours one class, defined once in the lesson's codeCss", async () => {
    const source =
      frontmatter(good) +
      '\n```json\n{ "ui": { "csp": {} } }\n```\n\n```ts\nconst a = "b";\nconst c = "d";\n```\n';
    const { code, codeCss } = await compileLessonSource(source, meta);
    const rules = [
      ...codeCss.matchAll(/\.shiki \.(sk\d+)\{--shiki-light:#\w+;--shiki-dark:#\w+\}/g),
    ];
    // Every rule is well formed, every class defined once, and the body uses each of them.
    expect(rules.map((r) => r[0]).join("")).toBe(codeCss);
    const classes = rules.map((r) => r[1]!);
    expect(new Set(classes).size).toBe(classes.length);
    expect(classes.length).toBeGreaterThan(2);
    for (const c of classes) expect(code).toContain(`"${c}"`);
    // Tokens no longer carry the pair inline; only the block's own colours and backgrounds do.
    expect(code.match(/"--shiki-light":/g)).toHaveLength(2);
  });

  it("fails a code fence in a language the highlighter does not load", async () => {
    const source = frontmatter(good) + "\nIntro.\n\n```jsno\n{}\n```\n";
    await expect(compileLessonSource(source, meta)).rejects.toThrow(
      /^content\/checklist\/fixture\.mdx: line 12:1: unknown code language "jsno"; use one of json, ts, typescript, text/,
    );
  });

  it("records each section's plain text for search", async () => {
    const source =
      frontmatter(good) +
      "\nIntro words.\n\n## First {/*first*/}\n\nBody with `code` and a list:\n\n- one\n- two\n";
    const { sections } = await compileLessonSource(source, meta);
    expect(sections).toEqual([
      { id: "", heading: "", text: "Intro words." },
      { id: "first", heading: "First", text: "Body with code and a list: one two" },
    ]);
  });

  it("fails a duplicate heading id", async () => {
    const source = frontmatter(good) + "\n## Same\n\n## Same\n";
    await expect(compileLessonSource(source, meta)).rejects.toThrow(/duplicate heading id "same"/);
  });
});

describe("the shipped lessons", () => {
  // Sixteen lessons through mdx-bundler and shiki: ~8 s alone, past 30 s on a loaded 2-core machine.
  it("all load and compile", { timeout: 90_000 }, async () => {
    const lessons = await listLessons();
    expect(lessons.length).toBeGreaterThan(0);
    for (const l of lessons) {
      const compiled = await loadLesson(l.slug);
      expect(compiled.code.length).toBeGreaterThan(100);
      expect(compiled.headings.length).toBeGreaterThan(0);
    }
  });
});
