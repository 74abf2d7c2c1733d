import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isRuleId, RULE_GROUPS } from "../rules";

const root = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "lib", "content"];
const EXTENSIONS = /\.(ts|tsx|mdx|json|md)$/;
const citation = new RegExp(`\\b(?:${RULE_GROUPS.map((g) => g.id).join("|")})-\\d+\\b`, "g");

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (EXTENSIONS.test(name) && !name.endsWith(".test.ts")) yield full;
  }
}

describe("rule citations", () => {
  it("cite only rule IDs that exist, in every lesson, bank, component and module", () => {
    const unknown: string[] = [];
    let count = 0;
    for (const dir of SCANNED) {
      for (const file of files(path.join(root, dir))) {
        for (const match of readFileSync(file, "utf8").matchAll(citation)) {
          count++;
          if (!isRuleId(match[0])) unknown.push(`${path.relative(root, file)}: ${match[0]}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });
});
