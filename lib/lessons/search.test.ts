import type MiniSearch from "minisearch";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  loadSearchIndex,
  makeSnippet,
  searchCourse,
  type SearchDocument,
} from "./search";
import { loadSearchDocuments } from "./search-sources";

let docs: SearchDocument[];
let index: MiniSearch<SearchDocument>;

beforeAll(async () => {
  docs = await loadSearchDocuments();
  // The browser loads the JSON the build wrote, so search the reloaded index.
  index = loadSearchIndex(JSON.stringify(buildSearchIndex(docs)));
}, 60_000);

const textOf = (id: string) => {
  const d = docs.find((x) => x.id === id)!;
  return `${d.title} ${d.heading} ${d.text}`;
};

describe("course search", () => {
  it("indexes one document per section, with the lesson summary on the introduction", () => {
    const intro = docs.find((d) => d.id === "permissions");
    expect(intro?.text).toContain("allow");
    expect(docs.some((d) => d.id === "permissions#allow-attribute")).toBe(true);
  });

  it("finds a lesson by a word that appears only in its body", () => {
    const hits = searchCourse(index, "barcode");
    expect(hits[0]?.group).toBe("permissions");
    expect(hits[0]?.href).toMatch(/^\/lessons\/permissions#[a-z-]+$/);
    expect(searchCourse(index, "PermDock")[0]?.group).toBe("server-side-authorization");
  });

  it('puts the app-initiated tool calls lesson first for "consent", not "content" lessons', () => {
    const hits = searchCourse(index, "consent");
    expect(hits[0]?.group).toBe("app-initiated-tool-calls");
    expect(hits[0]?.kind).toBe("section");
  });

  it('puts the CSP lesson above the CSP rules for "csp", in either case (issue #24)', () => {
    for (const q of ["csp", "CSP"]) {
      const hits = searchCourse(index, q);
      expect(hits[0]?.group, q).toBe("content-security-policy");
      expect(hits[0]?.kind, q).toBe("section");
    }
  });

  it("ranks every whole-word match above the prefix and fuzzy ones", () => {
    for (const q of ["consent", "origin", "visibility", "sandbox"]) {
      const hits = searchCourse(index, q, 20);
      // A whole word as the index splits words: `_` separates them too (PROXY_ORIGIN holds "origin").
      const word = new RegExp(`(?<![a-z0-9])${q}(?![a-z0-9])`, "i");
      const whole = hits.map((h) => word.test(textOf(h.id)));
      expect(whole.indexOf(true), q).toBe(0);
      // Once a hit lacks the whole word, no later hit has it.
      const firstPartial = whole.indexOf(false);
      if (firstPartial >= 0) expect(whole.slice(firstPartial).includes(true), q).toBe(false);
      expect(hits.map((h) => h.tier)).toEqual([...hits.map((h) => h.tier)].sort());
    }
  });

  it('finds the caching material for "ttlMs"', () => {
    const hits = searchCourse(index, "ttlMs");
    const firstSection = hits.find((h) => h.kind === "section");
    expect(firstSection?.group).toBe("resource-metadata-and-caching");
    expect(hits.indexOf(firstSection!)).toBeLessThan(3);
    expect(firstSection?.snippet?.match).toBe("ttlMs");
  });

  it("still tolerates a typo and matches prefixes when nothing matches whole", () => {
    expect(searchCourse(index, "sandbx proxy")[0]?.group).toBe("the-sandbox-proxy");
    expect(searchCourse(index, "clipbo").some((h) => h.group === "permissions")).toBe(true);
  });

  it("shows each lesson once, linked to its best section, with a snippet around the word", () => {
    const hits = searchCourse(index, "consent", 20);
    const groups = hits.map((h) => h.group);
    expect(new Set(groups).size).toBe(groups.length);
    const snippet = hits[0]!.snippet!;
    expect(snippet.match.toLowerCase()).toBe("consent");
    expect(`${snippet.before}${snippet.match}${snippet.after}`.length).toBeLessThan(200);
  });

  it("finds a rule by its ID and by its words, linking to the rules page", () => {
    const byId = searchCourse(index, "TOOL-2")[0];
    expect(byId).toMatchObject({ kind: "rule", title: "TOOL-2", href: "/rules#TOOL-2", tier: 0 });
    const lower = searchCourse(index, "tool-2")[0];
    expect(lower?.id).toBe("rule:TOOL-2");
    expect(searchCourse(index, "extension identifier", 20).some((h) => h.id === "rule:NEG-1")).toBe(
      true,
    );
  });

  it("finds a matrix field by its name, linking to its row of the matrix", () => {
    const hit = searchCourse(index, "_meta.ui.prefersBorder")[0];
    expect(hit).toMatchObject({
      kind: "field",
      title: "_meta.ui.prefersBorder",
      href: "/reference/metadata-matrix#ui-prefers-border",
    });
    expect(searchCourse(index, "baseUriDomains", 20).some((h) => h.kind === "field")).toBe(true);
  });

  it("finds nothing for a query under two characters", () => {
    expect(searchCourse(index, "a")).toEqual([]);
  });
});

describe("snippets", () => {
  it("centres on the first whole-word match and marks it", () => {
    const text = `${"filler ".repeat(30)}the host asks for consent before the call ${"tail ".repeat(30)}`;
    const s = makeSnippet(text, ["consent"])!;
    expect(s.match).toBe("consent");
    expect(s.before.startsWith("…")).toBe(true);
    expect(s.after.endsWith("…")).toBe(true);
    expect(s.before).toContain("asks for ");
  });

  it("prefers a whole word to the same letters inside a longer one", () => {
    expect(makeSnippet("consentPolicy first, then consent itself", ["consent"])!.before).toBe(
      "consentPolicy first, then ",
    );
  });
});
