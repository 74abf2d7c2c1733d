import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every file under `dir` (recursively) whose name ends in one of `exts`. */
function filesUnder(dir: string, exts: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, exts);
    return exts.some((e) => name.endsWith(e)) ? [full] : [];
  });
}

/** The lines of `files` that match `pattern`, as `file:line: text`. */
function linesMatching(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

const SOURCE_EXTS = [".ts", ".tsx", ".mts", ".mjs", ".mdx", ".json", ".md"];

describe("one vocabulary (issue #24)", () => {
  it("spells initialized as the spec's ui/notifications/initialized does, everywhere", () => {
    // The project writes British English, but this word names a protocol step: a sentence that
    // says a view "initialised" next to `initialized` reads as two different things.
    const files = ["app", "lib", "content", "scripts", "e2e"]
      .flatMap((d) => filesUnder(d, SOURCE_EXTS))
      .filter((f) => !f.endsWith("vocabulary.test.ts"));
    expect(linesMatching(files, /initialis/i)).toEqual([]);
  });

  it("never calls the rules reference 'the rules file' in anything a learner reads", () => {
    const files = [
      ...filesUnder("content/checklist", [".mdx"]),
      ...filesUnder("content/quizzes", [".json"]),
      ...filesUnder("content/scenarios", [".json"]),
      ...filesUnder("app", [".tsx"]),
    ];
    expect(linesMatching(files, /rules file/i)).toEqual([]);
  });

  it("counts the parties of lesson 1 as it lists them", () => {
    const text = readFileSync("content/checklist/what-mcp-apps-is.mdx", "utf8");
    const section = text.split("{/*roles*/}")[1]!.split("\n## ")[0]!;
    const listed = section.match(/^- The \*\*\w+\*\*/gm) ?? [];
    expect(listed).toHaveLength(4);
    const counted = [
      ...text.matchAll(/\b(two|three|four|five) (roles|parties)\b/gi),
      ...text.matchAll(/^## (Two|Three|Four|Five)\b[^\n]*\{\/\*roles\*\/\}/gim),
    ].map((m) => m[1]!.toLowerCase());
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.filter((c) => c !== "four")).toEqual([]);
  });
});
