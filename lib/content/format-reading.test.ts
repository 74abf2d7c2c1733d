/**
 * Findings of an independent reading (issue #19, item 4) about the format, CSP, permissions,
 * visibility and sandbox content: each test holds one claim, so the fault cannot come back.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Question } from "./quiz-schema";

const root = process.cwd();
const read = (rel: string) => readFileSync(path.join(root, rel), "utf8");
const lesson = (slug: string) => read(`content/checklist/${slug}.mdx`);
const BANKS = ["resources", "csp", "permissions", "visibility", "tools", "sandbox"] as const;
const bank = (id: string): Question[] => JSON.parse(read(`content/quizzes/${id}.json`)).questions;
const LESSONS = [
  "linking-a-tool-to-its-view",
  "resource-metadata-and-caching",
  "content-security-policy",
  "permissions",
  "who-may-call-a-tool",
  "the-sandbox-proxy",
] as const;

/** Every piece of learner-facing text of a question: stem, options, explanations. */
function texts(q: Question): string[] {
  const out = [q.stem];
  if ("options" in q) for (const o of q.options) out.push(o.text, o.explanation);
  if (q.type === "true-false") out.push(q.explanations.true, q.explanations.false);
  return out;
}

/** Sentences of a text (a lesson is split on sentence ends and blank lines). */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n\s*\n/);

/** Section body of a pinned heading, up to the next heading of any level. */
function section(slug: string, id: string): string {
  const src = lesson(slug);
  const start = src.indexOf(`{/*${id}*/}`);
  expect(start, `${slug}#${id}`).toBeGreaterThan(-1);
  const rest = src.slice(start);
  const next = rest.slice(1).search(/\n#{2,3} /);
  return next === -1 ? rest : rest.slice(0, next + 1);
}

describe("permissions: both frames", () => {
  it("the permissions lesson says a web host sets allow on the proxy's own iframe as well as the proxy on the view's (PERM-3 [SDK])", () => {
    const text = section("permissions", "allow-attribute");
    // Both frames are named, and the consequence of naming one: the grant silently fails.
    expect(text).toMatch(/proxy's own iframe/);
    expect(text).toMatch(/view's (own )?(iframe|frame)/);
    expect(text).toMatch(/both/);
    expect(text).toMatch(/Chromium/);
    expect(text).toMatch(/<RuleRef id="PERM-3" \/>/);
  });
});

describe("source labels", () => {
  // Broadened by the second reading: "never block rendering", "it never does", "always ends in
  // rendering" and "no reason to withhold" escaped the first pattern.
  const NEVER =
    /never (a reason|grounds|blocks?|stops|justif\w*|does)|no reason to (refuse|reject|withhold)|always ends in rendering/i;
  const GRANT = /grant|permission/i;
  // "policy" alone matched "out-of-policy"; a label names the source.
  const LABEL = /checklist|seed|this course/i;

  it("every claim that a missing grant never justifies refusing names the review checklist (seed) as its source (PERM-3)", () => {
    const offenders: string[] = [];
    for (const slug of LESSONS)
      for (const s of sentences(lesson(slug)))
        if (NEVER.test(s) && GRANT.test(s) && !LABEL.test(s)) offenders.push(`${slug}: ${s}`);
    for (const id of BANKS)
      for (const q of bank(id))
        for (const t of texts(q))
          if (NEVER.test(t) && GRANT.test(t) && !LABEL.test(t)) offenders.push(`${q.id}: ${t}`);
    expect(offenders).toEqual([]);
  });

  it("validating, rejecting and logging view messages is never presented as a SHOULD (SBX-6: no RFC keyword)", () => {
    const SHOULD =
      /SHOULD (be )?(validat|reject|check|log(ged)? (view|call|message|what))|calls? a view starts SHOULD|SHOULD validate/;
    const offenders: string[] = [];
    for (const s of sentences(lesson("the-sandbox-proxy")))
      if (SHOULD.test(s)) offenders.push(`the-sandbox-proxy: ${s}`);
    for (const q of bank("sandbox"))
      for (const t of texts(q)) if (SHOULD.test(t)) offenders.push(`${q.id}: ${t}`);
    expect(offenders).toEqual([]);
  });
});

describe("questions", () => {
  const all = BANKS.flatMap((id) => bank(id).map((q) => ({ bank: id, q })));
  const byId = (id: string) => all.find(({ q }) => q.id === id)!.q;

  it("csp-predict-flat-array rests its verdict on the shape rule and the host's latitude, not on the omitted-csp rule", () => {
    const q = byId("csp-predict-flat-array");
    if (q.type !== "predict") throw new Error("expected a predict question");
    const key = q.options.find((o) => o.id === q.answer)!;
    expect(q.rules).toContain("CSP-3");
    // csp IS present, so the rule for an omitted csp (CSP-4) cannot be what decides it.
    expect(key.explanation).toMatch(/restrict further/i);
    expect(key.explanation).not.toMatch(/treats the view as declaring none/i);
    expect(key.explanation).toMatch(/present/);
  });

  it("no stem in these banks states the rule that decides its answer (rule IDs, 'character for character', 'even empty')", () => {
    const offenders = all
      .filter(({ q }) =>
        /\b(NEG|TOOL|RES|CSP|PERM|SBX|BRG|OUT|AUTHZ)-\d+\b|character for character|even empty|rules file/i.test(
          q.stem,
        ),
      )
      .map(({ q }) => q.id);
    expect(offenders).toEqual([]);
  });

  it("an examPoints tag fits the rule a question mainly tests (its first rule)", () => {
    const FITS: Record<number, RegExp> = {
      1: /^(NEG-\d|RES-8)$/,
      2: /^(CSP-1|PERM-1)$/,
      3: /^(RES-2|CSP-3|CSP-5|PERM-2|PERM-3|NEG-2|NEG-4|OUT-1)$/,
      4: /^TOOL-[2-5]$/,
      5: /^(SBX-\d|BRG-2)$/,
    };
    const offenders = all.flatMap(({ q }) =>
      (q.examPoints ?? []).filter((p) => !FITS[p]!.test(q.rules[0]!)).map((p) => `${q.id}: ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it("each bank keeps its true/false keys between 40 % and 60 % true", () => {
    for (const id of BANKS) {
      const tf = bank(id).filter((q) => q.type === "true-false");
      if (tf.length < 2) continue;
      const share = tf.filter((q) => q.answer === true).length / tf.length;
      expect(share, `${id}: ${tf.length} true/false questions`).toBeGreaterThanOrEqual(0.4);
      expect(share, `${id}: ${tf.length} true/false questions`).toBeLessThanOrEqual(0.6);
    }
  });
});

describe("second reading of issue 19's format, CSP, permissions and sandbox part", () => {
  const all = BANKS.flatMap((id) => bank(id).map((q) => ({ bank: id, q })));
  const byId = (id: string) => all.find(({ q }) => q.id === id)!.q;

  it("the permissions lesson sets allow on the proxy's iframe before the frame loads, since a frame's permissions policy is fixed when it navigates", () => {
    const text = section("permissions", "allow-attribute");
    expect(text).toMatch(/before (it|the frame|the proxy frame) (loads|navigates)/);
    const sample = text.slice(text.indexOf("```ts\n// Host page"));
    expect(sample.indexOf('setAttribute("allow"')).toBeGreaterThan(-1);
    // The attribute is written before the proxy's address is given to the frame.
    expect(sample.indexOf('setAttribute("allow"')).toBeLessThan(sample.indexOf(".src ="));
  });

  it("the SDK registration sample avoids registerAppTool's deprecated raw-shape inputSchema and states cacheScope as the core does (same authorization context)", () => {
    const text = section("linking-a-tool-to-its-view", "sdk-registration");
    expect(text).toMatch(/inputSchema: z\.object\(/);
    expect(text).not.toMatch(/inputSchema: \{/);
    expect(text).not.toMatch(/same user/);
    expect(text).toMatch(/authorization context/);
  });

  it("the SDK registration section does not claim registerAppTool makes both keys agree when both were already set (it only fills a missing one)", () => {
    const text = section("linking-a-tool-to-its-view", "sdk-registration");
    expect(text).not.toMatch(/Both keys then name the same view/);
    expect(text).toMatch(/only one/);
  });

  it("a permissions question whose key renders despite a withheld grant names whose host decides (this course's or the review checklist's), since the spec leaves that open (PERM-3 [seed])", () => {
    const offenders = all
      .filter(
        ({ q }) => q.rules.includes("PERM-3") && (q.type === "single" || q.type === "predict"),
      )
      .filter(
        ({ q }) => "options" in q && /render/i.test(q.options.find((o) => o.id === q.answer)!.text),
      )
      .filter(({ q }) => !/this course's host|review checklist/.test(q.stem))
      .map(({ q }) => q.id);
    expect(offenders).toEqual([]);
  });

  it("res-tf-domain-one-format's stem does not tell the student that the author skipped the host's documentation, which is the rule it tests (RES-8)", () => {
    expect(byId("res-tf-domain-one-format").stem).not.toMatch(/documentation/i);
  });

  it("every order question's stem names whose order it asks for, and one that orders the decision-table checks asks for the review checklist's order by name", () => {
    const files = readdirSync(path.join(root, "content/quizzes")).filter((f) =>
      f.endsWith(".json"),
    );
    const orders = files.flatMap((f) =>
      bank(f.replace(/\.json$/, "")).filter((q) => q.type === "order"),
    );
    expect(orders.length).toBeGreaterThan(5);
    const WHOSE = /\bin the order (they|it|the|this|that|in which)\b/i;
    const vague = orders.filter((q) => !WHOSE.test(q.stem)).map((q) => q.id);
    expect(vague).toEqual([]);
    // The checklist lists negotiation before visibility; this course's host meets visibility first.
    const table = orders.filter(
      (q) =>
        q.type === "order" &&
        ["negotiation", "visibility"].every((s) => q.steps.some((x) => x.id === s)),
    );
    expect(table.length).toBeGreaterThan(0);
    for (const q of table) {
      expect(q.stem, q.id).toMatch(/order (in which )?the review checklist('s table)? lists/);
      expect(q.stem, q.id).toMatch(/this course/); // and says it is not asking for ours
    }
  });
});
