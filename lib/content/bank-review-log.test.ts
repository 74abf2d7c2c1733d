import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_IDS } from "../rules";
import { hasSharedCopies, sharedCopy } from "../shared-dir";
import { loadQuizBanks } from "./quizzes";

// Issue #35, done means: the REVIEW.md log names, for every change, the rule ID and the spec line;
// a test checks that those IDs and lines exist. This one reads the bank's section for #34/#35.

const HEADING = "## Issue #34's new questions and #35 items 3–4";
const log = readFileSync(path.join(process.cwd(), "content", "quizzes", "REVIEW.md"), "utf8");
const section = log.slice(log.indexOf(HEADING));

/** The spec copies a reference such as "basic/index L396" points into. */
const COPIES: Record<string, string> = {
  apps: "reference/specs/apps-2026-01-26.mdx",
  "basic/index": "reference/specs/core-2026-07-28-basic-index.mdx",
  versioning: "reference/specs/core-2026-07-28-versioning.mdx",
  "server-tools": "reference/specs/core-2026-07-28-server-tools.mdx",
  changelog: "reference/specs/core-2026-07-28-changelog.mdx",
};

/** Every "source Lnn[, Lnn…]" reference: the copy and each line number (ranges give both ends). */
function lineRefs(text: string): { source: string; line: number }[] {
  const out: { source: string; line: number }[] = [];
  const sources = Object.keys(COPIES).join("|").replace("/", "\\/");
  const ref = new RegExp(`\\b(${sources}) (L\\d+(?:[–-]\\d+)?(?:, L\\d+(?:[–-]\\d+)?)*)`, "g");
  for (const m of text.replace(/\s+/g, " ").matchAll(ref)) {
    for (const n of m[2]!.matchAll(/\d+/g)) out.push({ source: m[1]!, line: Number(n[0]) });
  }
  return out;
}

describe("the bank's REVIEW.md log for #34 and #35", async () => {
  const ids = new Set((await loadQuizBanks()).flatMap((b) => b.questions.map((q) => q.id)));

  it("is there", () => {
    expect(log).toContain(HEADING);
  });

  it("names only questions that exist, or says it deleted them", () => {
    const named = [
      ...section.matchAll(/`((?:neg|tool|res|csp|brg|perm|sbx|out|authz|vis)-[a-z0-9-]+)`/g),
    ]
      .map((m) => m[1]!)
      .filter((id) => !id.endsWith("-"));
    const missing = [...new Set(named)].filter(
      (id) => !ids.has(id) && !new RegExp(`\`${id}\` deleted`).test(section),
    );
    expect(named.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("cites only rule IDs that exist", () => {
    const cited = [...section.matchAll(/\b(?:NEG|TOOL|RES|CSP|PERM|SBX|BRG|OUT|AUTHZ)-\d+\b/g)].map(
      (m) => m[0],
    );
    expect(cited.length).toBeGreaterThan(30);
    expect(cited.filter((r) => !(RULE_IDS as readonly string[]).includes(r))).toEqual([]);
  });

  it.skipIf(!hasSharedCopies(...Object.values(COPIES)))(
    "cites spec lines that exist and are not blank in the copies",
    () => {
      const refs = lineRefs(section);
      expect(refs.length).toBeGreaterThan(20);
      const bad = refs.filter(({ source, line }) => {
        const lines = readFileSync(sharedCopy(COPIES[source]!), "utf8").split("\n");
        return line > lines.length || lines[line - 1]!.trim() === "";
      });
      expect(bad).toEqual([]);
    },
  );
});
