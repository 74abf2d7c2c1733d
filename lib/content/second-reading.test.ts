import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/ext-apps";
import { describe, expect, it } from "vitest";
import { RULES } from "@/lib/rules/data";
import { hasSharedCopies, sharedCopy } from "../shared-dir";

// Facts the independent second reading (content/checklist/REVIEW.md) checked against the
// specifications and the installed SDK, kept from drifting back.
const dir = path.resolve(import.meta.dirname, "../../content/checklist");
const lessons = readdirSync(dir)
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), "utf8") }));

/** Blank-line separated blocks, so a claim is read with the sentences around it. */
function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/);
}

/** The questions with these ids, read from every bank as the files hold them. */
function questionsWithIds<Q extends { id: string }>(ids: readonly string[]): Q[] {
  const quizDir = path.resolve(import.meta.dirname, "../../content/quizzes");
  return readdirSync(quizDir)
    .filter((name) => name.endsWith(".json"))
    .flatMap(
      (name) =>
        (JSON.parse(readFileSync(path.join(quizDir, name), "utf8")) as { questions: Q[] })
          .questions,
    )
    .filter((q) => ids.includes(q.id));
}

describe("the bridge protocol version", () => {
  it("is the SDK's own in every bridge sample a lesson prints", () => {
    // Bridge messages are the fenced samples that carry appCapabilities or hostCapabilities;
    // core `initialize` samples carry a core revision and are left alone.
    const fences = lessons.flatMap(({ name, text }) =>
      [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)]
        .map((m) => m[1] ?? "")
        .filter((code) => /appCapabilities|hostCapabilities/.test(code))
        .map((code) => ({ name, code })),
    );
    const samples = fences.flatMap(({ name, code }) =>
      [...code.matchAll(/"?protocolVersion"?:\s*"([^"]+)"/g)].map((m) => `${name}: ${m[1]}`),
    );
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples)
      expect(sample).toMatch(new RegExp(`: ${LATEST_PROTOCOL_VERSION}$`));
  });

  it("labels 2025-06-18 as the later draft's value, never as the stable specification's nor an earlier draft's", () => {
    const mentions = lessons.flatMap(({ name, text }) =>
      paragraphs(text)
        .filter((p) => p.includes("2025-06-18"))
        .map((p) => ({ name, p })),
    );
    expect(mentions.length).toBeGreaterThan(0);
    for (const { name, p } of mentions) {
      expect(p, name).toMatch(/draft/i);
      expect(p, name).not.toMatch(/specification's (own )?sample/i);
      // The draft that shows 2025-06-18 postdates the stable 2026-01-26 text, so it is no
      // "earlier" draft: the date string is older, the document is newer.
      expect(p, name).not.toMatch(/\b(earlier|older|previous|prior) drafts?\b/i);
    }
  });
});

/** Lessons whose every sentence about who calls a tool this reading checked (issue 19). */
const CALLER_CHECKED = [
  "the-decision-table.mdx",
  "the-app-host-bridge.mdx",
  "app-initiated-tool-calls.mdx",
  "result-channels-and-annotations.mdx",
  "server-side-authorization.mdx",
  "testing-before-shipping.mdx",
  "what-mcp-apps-is.mdx",
];

describe("a tool hidden from the agent", () => {
  it("is never said to be never called, since a view of its server may still call it (TOOL-3, TOOL-4)", () => {
    const claims = lessons
      .filter(({ name }) => CALLER_CHECKED.includes(name))
      .flatMap(({ name, text }) =>
        text
          .split(/(?<=[.;:])\s+/)
          .filter((s) => /\bnever (be )?called\b/i.test(s))
          .map((s) => ({ name, s })),
      );
    for (const { name, s } of claims)
      expect(s, name).toMatch(/by the agent|the agent never calls/i);
  });
});

describe("the bridge lesson's SDK samples", () => {
  const bridge = lessons.find((l) => l.name === "the-app-host-bridge.mdx")!.text;
  const fences = [...bridge.matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1],
    meta: m[2]!.trim(),
    code: m[3]!,
  }));

  it("are all fenced `ts check`, so the sample type-check compiles them against ext-apps", () => {
    const ts = fences.filter((f) => f.lang === "ts");
    expect(ts.length).toBeGreaterThan(2);
    for (const f of ts) expect(f.meta, f.code.slice(0, 80)).toBe("check");
  });

  it("apply the hostContext that ui/initialize returned, not only later changes (BRG-2)", () => {
    const wiring = fences.find(
      (f) => /app\.addEventListener\("toolresult"/.test(f.code) && /app\.connect\(/.test(f.code),
    );
    expect(wiring?.code).toMatch(/getHostContext\(\)/);
    expect(wiring!.code.indexOf("getHostContext()")).toBeGreaterThan(
      wiring!.code.indexOf("app.connect("),
    );
  });

  it("say that App reports size changes by itself unless autoResize is off (BRG-7, SDK)", () => {
    const sizing = bridge.split("{/*sizing*/}")[1]!.split(/\n## /)[0]!;
    expect(sizing).toMatch(/autoResize/);
    expect(sizing).toMatch(/sendSizeChanged/);
  });
});

/** The Apps specification's copy in the shared reference folder (lib/shared-dir.ts). */
const APPS_SPEC = "reference/specs/apps-2026-01-26.mdx";

/** The text under one pinned heading, up to the next heading of the same or a higher level. */
function section(lesson: string, id: string): string {
  const text = lessons.find((l) => l.name === lesson)!.text;
  const start = text.indexOf(`{/*${id}*/}`);
  expect(start, `${lesson}#${id}`).toBeGreaterThan(-1);
  const level = /#+(?= [^\n]*$)/.exec(text.slice(text.lastIndexOf("\n", start) + 1, start))![0]
    .length;
  const rest = text.slice(start);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

describe("second reading of issue 19's bridge and lifecycle part", () => {
  it("does not promise that a host's refusal of a view's tools/call always rejects the promise: the spec gives it no shape, and the simulator's refusal is a result with isError", async () => {
    const { runHeadless } = await import("@/lib/simulator/run");
    const { loadScenarioFiles } = await import("@/lib/content/scenarios");
    const { resolvePorts } = await import("@/lib/simulator/scenario");
    const file = (await loadScenarioFiles()).find(
      (f) => f.scenario.id === "app-calls-model-only-tool",
    )!;
    const run = await runHeadless(resolvePorts(file.scenario, 3000));
    expect(run.appCall).toBe("refused");
    expect(run.appCallResult?.isError).toBe(true); // our own host refuses with a result

    const view = section("app-initiated-tool-calls.mdx", "from-the-view");
    expect(view).not.toMatch(/it is not a tool result with `isError`/);
    expect(view).not.toMatch(/refusal by either gate comes back as a JSON-RPC error/);
    expect(view).toMatch(/refusal[^.]*\. A host may answer with a JSON-RPC error/);
    expect(view).toMatch(/`isError`[^.]*refused/);
  });

  it("says a host MAY show a model-context update to the user (spec line 1102), not that nothing of it appears", () => {
    const view = section("app-initiated-tool-calls.mdx", "from-the-view");
    expect(view).not.toMatch(/nothing appears in the conversation/);
    expect(view).toMatch(/host MAY show the update to the user/);
  });

  it("labels the text-only tool variant as the Apps spec's own SHOULD and MAY (lines 1531, 1560, NEG-5), not a seed's idea", () => {
    const fallback = section("result-channels-and-annotations.mdx", "text-fallback");
    const variant = paragraphs(fallback)
      .flatMap((p) => p.split("\n"))
      .find((line) => /separate fallback tool/i.test(line))!;
    expect(variant).not.toMatch(/checklist's idea/);
    expect(variant).toMatch(/Apps specification itself/);
    expect(variant).toMatch(/SHOULD check the client's capabilities/);
    expect(variant).toMatch(/MAY register a text-only variant/);
  });

  it("does not cite BRG-3 for the view's MAYs and SHOULD on partial input, which BRG-3 does not hold", () => {
    // lib/rules/data.ts mirrors the reference list (a test keeps them equal).
    const brg3 = RULES.find((r) => r.id === "BRG-3")!.statement;
    const ruleHoldsThem = /gracefully|missing or chang|cope|ignore/i.test(brg3);
    const hostToView = section("the-app-host-bridge.mdx", "host-to-view");
    const sentence = hostToView.split(/(?<=\.)\s+/).find((s) => /MAY ignore partials/.test(s))!;
    expect(sentence).toMatch(/MAY ignore partials/);
    if (!ruleHoldsThem) expect(sentence).not.toMatch(/RuleRef id="BRG-3"/);
  });
});

describe("the bridge catalogue (content/spec/apps-bridge.json)", () => {
  const specDir = path.resolve(import.meta.dirname, "../../content/spec");
  const entries = readdirSync(specDir)
    .filter((name) => name.endsWith(".json") && name !== "gaps.json")
    .flatMap(
      (name) =>
        (
          JSON.parse(readFileSync(path.join(specDir, name), "utf8")) as {
            entries?: { id: string }[];
          }
        ).entries?.map((e) => ({ name, id: e.id })) ?? [],
    );

  it("uses no id that apps-format.json already gives its own line-286 MUST NOT (security/csp-no-loosening)", () => {
    const bridge = entries.filter((e) => e.name === "apps-bridge.json").map((e) => e.id);
    expect(bridge.length).toBeGreaterThan(0);
    expect(bridge).not.toContain("security/csp-no-loosening");
  });

  it("has ids unique across every catalogue file present", () => {
    const seen = new Map<string, string>();
    for (const { name, id } of entries) {
      expect(seen.get(id), `${id} in ${name} and ${seen.get(id)}`).toBeUndefined();
      seen.set(id, name);
    }
  });
});

describe("the questions issue 19's bridge part added", () => {
  const NEW = [
    "brg-tf-app-capabilities-required",
    "brg-partial-prefill",
    "brg-tf-partial-after-input",
    "brg-host-ignores-size",
    "brg-display-mode-ignore-answer",
    "brg-display-mode-not-offered",
    "brg-tf-cancelled-classifier",
    "brg-tf-handle-other-mode",
    "brg-tf-request-undeclared-mode",
    "brg-tf-teardown-reallocation",
    "sbx-tf-proxy-forwards-size",
  ];
  type Q = {
    id: string;
    stem: string;
    answer: unknown;
    options?: { id: string; text: string; explanation: string }[];
    explanations?: Record<string, string>;
  };
  const questions = questionsWithIds<Q>(NEW);

  it("are all present", () => {
    expect(questions.map((q) => q.id).sort()).toEqual([...NEW].sort());
  });

  it("never make the key strictly the longest option", () => {
    for (const q of questions.filter((q) => q.options)) {
      const key = q.options!.find((o) => o.id === q.answer)!;
      const others = q.options!.filter((o) => o !== key).map((o) => o.text.length);
      expect(key.text.length, q.id).toBeLessThanOrEqual(Math.max(...others));
    }
  });

  // The spec copy lives beside the project in the team's checkout only; a user's clone has none.
  it.skipIf(!hasSharedCopies(APPS_SPEC))(
    "repeat no run of seven words from the Apps specification in any stem, option or explanation",
    () => {
      const words = (s: string) =>
        s
          .toLowerCase()
          .replace(/[`*"]/g, "")
          .match(/[a-z0-9/_.'-]+/g) ?? [];
      const spec = words(readFileSync(sharedCopy(APPS_SPEC), "utf8"));
      const runs = new Set(spec.slice(0, -6).map((_, i) => spec.slice(i, i + 7).join(" ")));
      for (const q of questions) {
        const texts = [
          q.stem,
          ...(q.options ?? []).flatMap((o) => [o.text, o.explanation]),
          ...Object.values(q.explanations ?? {}),
        ];
        for (const text of texts) {
          const w = words(text);
          const copied = w
            .slice(0, -6)
            .map((_, i) => w.slice(i, i + 7).join(" "))
            .filter((r) => runs.has(r));
          expect(copied, q.id).toEqual([]);
        }
      }
    },
  );
});

describe("the text path of result-channels-and-annotations", () => {
  it("credits the text fallback of a host without Apps to the spec (line 389), and only the never-read resource to the review checklist (NEG-4)", () => {
    const fallback = section("result-channels-and-annotations.mdx", "text-fallback");
    const host = fallback.split("\n").find((line) => /host without the extension/i.test(line))!;
    expect(host).not.toMatch(/That is the checklist's own host behaviour: the spec only says/);
    expect(host).toMatch(/spec's own fallback/);
    expect(host).toMatch(/standard tool/);
  });
});

describe("the catalogue counts each requirement once (issue 19's last fold)", () => {
  type Entry = { id: string; places: { source: string; line: number }[] };
  const specDir = path.resolve(import.meta.dirname, "../../content/spec");
  const entries = readdirSync(specDir)
    .filter((name) => name.endsWith(".json") && name !== "gaps.json")
    .flatMap(
      (name) =>
        (JSON.parse(readFileSync(path.join(specDir, name), "utf8")) as { entries: Entry[] })
          .entries,
    );

  it("keeps the Apps spec's line-1725 MUST to enforce a CSP from resource metadata inside the line-274 entry (CSP built from declared domains), not as an entry of its own", () => {
    const citing1725 = entries.filter((e) =>
      e.places.some((p) => p.source === "apps-2026-01-26" && p.line === 1725),
    );
    expect(citing1725.map((e) => e.id)).toEqual(["security/csp-construct-from-domains"]);
    const lines = citing1725[0]!.places.map((p) => p.line).sort((a, b) => a - b);
    expect(lines).toEqual([274, 1725]);
    expect(entries.map((e) => e.id)).not.toContain("security/csp-enforced");
  });
});

describe("the questions that closed issue 19's last question gaps", () => {
  const NEW = [
    "brg-declare-supported-modes",
    "brg-tf-check-host-list",
    "out-schema-who-broke",
    "tool-untrusted-readonly-hint",
    "tool-select-two-untrusted-hints",
  ];
  type Q = {
    id: string;
    stem: string;
    options?: { text: string; explanation: string }[];
    explanations?: Record<string, string>;
    explanation?: string;
  };
  const questions = questionsWithIds<Q>(NEW);

  it("are all present", () => {
    expect(questions.map((q) => q.id).sort()).toEqual([...NEW].sort());
  });

  const sources = [
    APPS_SPEC,
    "reference/specs/core-2026-07-28-server-tools.mdx",
    "seeds/requirements-checklist.md",
    "seeds/review-checklist.md",
    "seeds/permdock-mcp-apps.txt",
  ];

  // The copies live beside the project in the team's checkout only; a user's clone has none.
  it.skipIf(!hasSharedCopies(...sources))(
    "repeat no run of seven words from the Apps spec, the core tools page or the seeds",
    () => {
      const words = (s: string) =>
        s
          .toLowerCase()
          .replace(/[`*"]/g, "")
          .match(/[a-z0-9/_.'-]+/g) ?? [];
      const runs = new Set<string>();
      for (const rel of sources) {
        const w = words(readFileSync(sharedCopy(rel), "utf8"));
        for (let i = 0; i + 7 <= w.length; i++) runs.add(w.slice(i, i + 7).join(" "));
      }
      for (const q of questions) {
        const texts = [
          q.stem,
          ...(q.options ?? []).flatMap((o) => [o.text, o.explanation]),
          ...Object.values(q.explanations ?? {}),
        ];
        for (const text of texts) {
          const w = words(text);
          const copied = w
            .slice(0, -6)
            .map((_, i) => w.slice(i, i + 7).join(" "))
            .filter((r) => runs.has(r));
          expect(copied, q.id).toEqual([]);
        }
      }
    },
  );
});
