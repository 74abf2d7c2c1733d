/**
 * Issue #35, last "done means": every lesson section and question changed for #35 (and #34's new
 * questions) read against the specs by someone who did not write them. This file holds what that
 * reading corrected (content/checklist/REVIEW.md and content/quizzes/REVIEW.md, "Independent
 * reading of #34 and #35"); each test failed on the content as it was before the fix.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_IDS } from "../rules";
import { hasSharedCopies, sharedCopy } from "../shared-dir";
import type { Question } from "./quiz-schema";
import { loadQuizBanks } from "./quizzes";

const root = process.cwd();
const lesson = (slug: string) =>
  readFileSync(path.join(root, "content", "checklist", `${slug}.mdx`), "utf8");

/** The text under one pinned heading, up to the next heading of any level. */
function section(slug: string, id: string): string {
  const text = lesson(slug);
  const start = text.indexOf(`{/*${id}*/}`);
  expect(start, `${slug}#${id}`).toBeGreaterThan(-1);
  const rest = text.slice(start);
  const next = rest.slice(1).search(/\n#+ /);
  return next < 0 ? rest : rest.slice(0, next + 1);
}

describe("the independent reading of #35's lesson sections", () => {
  it("names where server/discover's caching hints come from, since the changelog's list leaves it out (RES-5, NEG-3)", () => {
    const hints = section("what-changed-in-2026-07-28", "caching-hints");
    expect(hints).toMatch(/caching page/);
    expect(hints).toMatch(/schema/);
    expect(hints).toMatch(/changelog/);
    for (const method of [
      "tools/list",
      "prompts/list",
      "resources/list",
      "resources/templates/list",
    ])
      expect(hints).toContain(method);
    expect(hints).not.toMatch(/every list result/);
    const caching = section("resource-metadata-and-caching", "caching");
    expect(caching).toMatch(/`server\/discover`[^.]*caching page/);
  });

  it("gives the HTTP 400 on the two refusals no reason the core does not give (NEG-2, NEG-6)", () => {
    const perRequest = section("what-changed-in-2026-07-28", "per-request");
    expect(perRequest).not.toMatch(/tell them apart from a transport failure/);
    expect(perRequest).toMatch(/dual-era client that gets a `400` reads its body/);
  });

  it("does not say the agent learns only from `content`: a view can send it context (BRG-4)", () => {
    const roles = section("what-mcp-apps-is", "roles");
    expect(roles).not.toMatch(/only what reaches it as content/);
    expect(roles).toMatch(/ui\/update-model-context/);
  });
});

describe("the independent reading of #34's and #35's questions", async () => {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const get = (id: string): Question => {
    const q = questions.find((x) => x.id === id);
    if (!q) throw new Error(`no question ${id}`);
    return q;
  };
  const option = (id: string, optionId: string) => {
    const q = get(id);
    if (q.type !== "single" && q.type !== "predict" && q.type !== "multi")
      throw new Error(`${id} has no options`);
    const o = q.options.find((x) => x.id === optionId);
    if (!o) throw new Error(`${id} has no option ${optionId}`);
    return o;
  };
  const trueFalse = (id: string) => {
    const q = get(id);
    if (q.type !== "true-false") throw new Error(`${id} is not true/false`);
    return q;
  };

  it("neg-discover-cache-hints says where the server/discover requirement is written (RES-5)", () => {
    const key = option("neg-discover-cache-hints", "must-hints").explanation;
    expect(key).toMatch(/caching page/);
    expect(key).toMatch(/changelog/);
  });

  it("neg-which-side-falls-back puts no condition on the supporting side's reject (NEG-4)", () => {
    const key = option("neg-which-side-falls-back", "supporting");
    expect(key.text).not.toMatch(/\bif it needs\b|\bif the extension is mandatory\b/);
    expect(key.explanation).toMatch(/no condition/);
  });

  it("neg-unsupported-version-reply does not call -32601 'no era test': on stdio it reads as legacy (NEG-6)", () => {
    const expl = option("neg-unsupported-version-reply", "method-not-found").explanation;
    expect(expl).not.toMatch(/no era test/);
    expect(expl).toMatch(/NEG-6/);
  });

  it("neg-tf-stateless-capabilities does not say a server 'returns the view': the host decides per request (NEG-2, NEG-8)", () => {
    const q = trueFalse("neg-tf-stateless-capabilities");
    expect(q.stem).not.toMatch(/return the view/);
    expect(q.stem).toMatch(/rely on Apps support/);
  });

  it("tool-list-per-connection does not leave a SHOULD departure (shuffled order) as one way the list is 'allowed' to differ (TOOL-9)", () => {
    const q = get("tool-list-per-connection");
    expect(q.stem).not.toMatch(/allowed to differ/);
    expect(q.stem).toMatch(/expressly permits/);
  });

  it("brg-tf-decline-undeclared-view grounds the 'inline' reply in the MUST to return the resulting mode (BRG-6)", () => {
    const q = trueFalse("brg-tf-decline-undeclared-view");
    for (const e of [q.explanations.true, q.explanations.false]) {
      expect(e).toMatch(/resulting mode/);
      expect(e).toMatch(/MUST (?:return|answer)/);
      expect(e).not.toMatch(/recommended reply|what a host SHOULD do/);
    }
  });

  it("no changed mime question tells hosts they have no latitude: the MUST binds the server (RES-2)", () => {
    const texts = [
      option("res-bug-old-mime", "policy"),
      option("res-select-two-severity", "mime-policy"),
      option("res-predict-charset", "policy"),
    ].flatMap((o) => [o.text, o.explanation]);
    for (const t of texts) expect(t).not.toMatch(/no host latitude|latitude belongs to origins/);
    expect(option("res-bug-old-mime", "policy").text).not.toMatch(/lenient host may render/);
    expect(option("res-select-two-severity", "mime-policy").text).not.toMatch(
      /lenient host may render/,
    );
  });
});

/** The spec copies a reference such as "versioning L121" points into. */
const COPIES: Record<string, string> = {
  apps: "reference/specs/apps-2026-01-26.mdx",
  "basic/index": "reference/specs/core-2026-07-28-basic-index.mdx",
  versioning: "reference/specs/core-2026-07-28-versioning.mdx",
  "server-tools": "reference/specs/core-2026-07-28-server-tools.mdx",
  changelog: "reference/specs/core-2026-07-28-changelog.mdx",
};
const HEADING = "## Independent reading of #34 and #35";

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

describe.each(["checklist", "quizzes"])("the independent reading's log in %s/REVIEW.md", (dir) => {
  const log = readFileSync(path.join(root, "content", dir, "REVIEW.md"), "utf8");
  const at = log.indexOf(HEADING);
  const rest = log.slice(at + HEADING.length);
  const end = rest.search(/\n## /);
  const part = end < 0 ? rest : rest.slice(0, end);

  it("is there", () => {
    expect(at).toBeGreaterThan(-1);
  });

  it("cites only rule IDs that exist", () => {
    const cited = [...part.matchAll(/\b(?:NEG|TOOL|RES|CSP|PERM|SBX|BRG|OUT|AUTHZ)-\d+\b/g)].map(
      (m) => m[0],
    );
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter((r) => !(RULE_IDS as readonly string[]).includes(r))).toEqual([]);
  });

  it.skipIf(!hasSharedCopies(...Object.values(COPIES)))(
    "cites spec lines that exist and are not blank in the copies",
    () => {
      const refs = lineRefs(part);
      expect(refs.length).toBeGreaterThan(5);
      const bad = refs.filter(({ source, line }) => {
        const lines = readFileSync(sharedCopy(COPIES[source]!), "utf8").split("\n");
        return line > lines.length || lines[line - 1]!.trim() === "";
      });
      expect(bad).toEqual([]);
    },
  );
});

/** The lesson sections #34 and #35 changed (heading ids), which this reading covered. */
const CHANGED_SECTIONS: Record<string, string[]> = {
  "app-initiated-tool-calls": ["two-gates"],
  "content-security-policy": ["built-policy", "no-csp", "recap", "what-csp-cannot-block"],
  "linking-a-tool-to-its-view": ["fetching", "mime-type", "pitfalls", "recap", "tool-name"],
  permissions: ["microphone-and-location", "never-a-reason", "recap", "telling-the-view"],
  "resource-metadata-and-caching": ["border-and-domain", "caching", "recap"],
  "result-channels-and-annotations": ["annotations", "heavy-data", "recap", "text-fallback"],
  "server-side-authorization": ["recap"],
  "testing-before-shipping": [
    "annotations",
    "capabilities",
    "result-channels",
    "tool-linkage",
    "ui-resource",
    "view-runtime",
    "you-will-learn",
  ],
  "the-app-host-bridge": ["host-to-view", "sdk-view"],
  "the-decision-table": [
    "mime",
    "must-or-policy",
    "negotiation",
    "permissions",
    "pitfalls",
    "recap",
    "walk-the-table",
  ],
  "the-sandbox-proxy": ["hostile-view"],
  "two-protocol-eras": ["apps-negotiation", "pitfalls", "result-type", "three-kinds"],
  "what-changed-in-2026-07-28": [
    "before",
    "caching-hints",
    "declare-in-code",
    "extension-identifiers",
    "per-request",
    "pitfalls",
    "recap",
    "server-discover",
    "version-mismatch",
  ],
  "what-mcp-apps-is": ["one-name", "pitfalls", "recap", "roles"],
  "who-may-call-a-tool": ["two-names"],
};

/** The questions #34 and #35 added or changed that this reading covered (the bank log lists them). */
const READ_QUESTIONS = [
  "brg-tf-decline-undeclared-view",
  "csp-webrtc-undeclared",
  "csp-tf-warn-external",
  "neg-stateless-cart",
  "neg-tf-stateless-capabilities",
  "neg-missing-result-type",
  "neg-unknown-result-type",
  "neg-server-info-where",
  "neg-server-info-strength",
  "neg-stateless-busy-process",
  "neg-tf-same-connection-required",
  "neg-stdio-process-per-chat",
  "neg-tf-reject-reserved-for-mandatory",
  "neg-legacy-extensions-key-source",
  "neg-result-type-supported-set",
  "neg-tf-mcp-third-label",
  "perm-tf-clipboard-two-spellings",
  "res-mime-case",
  "res-mime-whose-must",
  "tool-name-warning",
  "tool-list-per-connection",
  "tool-list-order",
  "tool-human-in-loop-strength",
  "tool-select-two-server-musts",
  "tool-name-max-length",
  "tool-tf-lowercase-lookup",
  "tool-duplicate-names",
  "tool-autopilot-no-deny",
  "tool-tf-prompt-shows-inputs",
  "tool-list-none-allowed",
  "authz-select-two-why",
  "brg-partial-critical",
  "brg-cancelled",
  "brg-display-mode-not-offered",
  "brg-predict-unknown-tool",
  "brg-predict-plain-bridge",
  "brg-declare-supported-modes",
  "csp-tf-cors-seed",
  "csp-tf-host-declines-conforms",
  "csp-predict-approved-subset",
  "csp-predict-flat-array",
  "csp-predict-listing-only",
  "neg-predict-mime-types-without-profile",
  "neg-discover-cache-hints",
  "neg-which-side-falls-back",
  "neg-predict-not-declared",
  "neg-select-two-extension-mechanism",
  "neg-predict-modern-client-legacy-server",
  "neg-unsupported-version-reply",
  "neg-third-party-identifier",
  "neg-extension-prefix-order",
  "neg-tf-modern-server-without-discover",
  "perm-predict-as-list",
  "perm-missing-grant",
  "perm-tf-spec-mandates-render",
  "res-bug-plain-html",
  "res-bug-old-mime",
  "res-tf-listing-vs-content",
  "res-decision-order",
  "res-select-two-severity",
  "res-predict-charset",
  "res-predict-profile-space",
  "out-meta-secrets",
  "out-large-data",
  "out-fill-structured",
  "out-selection-to-model",
  "out-bug-pii-structured",
  "out-schema-who-broke",
  "sbx-predict-garbage",
  "sbx-tf-initialize-without-app-capabilities",
  "tool-predict-missing-resource",
  "tool-select-two-untrusted-hints",
  "tool-review-name-and-uri",
];

const SOURCES = [
  ...Object.values(COPIES),
  "seeds/requirements-checklist.md",
  "seeds/review-checklist.md",
  "seeds/permdock-mcp-apps.txt",
];
const RUN = 8;
const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const runsOf = (s: string) => {
  const w = words(s);
  return w.slice(0, Math.max(0, w.length - RUN + 1)).map((_, i) => w.slice(i, i + RUN).join(" "));
};

describe("what the independent reading covered is in our own words", async () => {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const sourceRuns = () =>
    new Set(SOURCES.flatMap((rel) => runsOf(readFileSync(sharedCopy(rel), "utf8"))));

  it("covers 73 questions and 57 pinned lesson sections", () => {
    expect(new Set(READ_QUESTIONS).size).toBe(73);
    expect(READ_QUESTIONS.filter((id) => !questions.some((q) => q.id === id))).toEqual([]);
    expect(Object.values(CHANGED_SECTIONS).flat()).toHaveLength(57);
  });

  it.skipIf(!hasSharedCopies(...SOURCES))(
    `no changed lesson section repeats a run of ${RUN} words from the spec copies or the seeds`,
    () => {
      const runs = sourceRuns();
      for (const [slug, ids] of Object.entries(CHANGED_SECTIONS))
        for (const id of ids) {
          const prose = section(slug, id).replace(/```[\s\S]*?```/g, "");
          expect(
            runsOf(prose).filter((r) => runs.has(r)),
            `${slug}#${id}`,
          ).toEqual([]);
        }
    },
  );

  it.skipIf(!hasSharedCopies(...SOURCES))(
    `no option or explanation of a question read repeats a run of ${RUN} words from the spec copies or the seeds`,
    () => {
      const runs = sourceRuns();
      for (const q of questions.filter((x) => READ_QUESTIONS.includes(x.id))) {
        const texts = [
          ...("options" in q && q.options ? q.options.flatMap((o) => [o.text, o.explanation]) : []),
          ...("explanations" in q && q.explanations ? Object.values(q.explanations) : []),
          ...("explanation" in q && typeof q.explanation === "string" ? [q.explanation] : []),
        ];
        for (const t of texts)
          expect(
            runsOf(t).filter((r) => runs.has(r)),
            q.id,
          ).toEqual([]);
      }
    },
  );
});
