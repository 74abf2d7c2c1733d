import { beforeAll, describe, expect, it } from "vitest";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import {
  buildSearchIndex,
  createSearchDocuments,
  loadSearchIndex,
  searchLessons,
  type SearchDocument,
} from "./search";

let docs: SearchDocument[];

beforeAll(async () => {
  const lessons = await Promise.all((await listLessons()).map((l) => loadLesson(l.slug)));
  docs = createSearchDocuments(lessons);
}, 60_000);

describe("lesson search", () => {
  it("indexes one document per section, with the lesson summary on the introduction", () => {
    const intro = docs.find((d) => d.id === "permissions");
    expect(intro?.text).toContain("allow");
    expect(docs.some((d) => d.id === "permissions#allow-attribute")).toBe(true);
  });

  it("finds a lesson by a word that appears only in its body, after a JSON round trip", () => {
    // The browser loads the JSON the build wrote, so search the reloaded index.
    const index = loadSearchIndex(JSON.stringify(buildSearchIndex(docs)));
    const hits = searchLessons(index, "barcode");
    expect(hits[0]?.slug).toBe("permissions");
    expect(hits[0]?.href).toMatch(/^\/lessons\/permissions#[a-z-]+$/);
    expect(searchLessons(index, "PermDock")[0]?.slug).toBe("server-side-authorization");
  });

  it("tolerates a typo and matches prefixes", () => {
    const index = buildSearchIndex(docs);
    expect(searchLessons(index, "sandbx proxy")[0]?.slug).toBe("the-sandbox-proxy");
    expect(searchLessons(index, "clipbo").some((h) => h.slug === "permissions")).toBe(true);
  });

  it("finds nothing for a query under two characters", () => {
    expect(searchLessons(buildSearchIndex(docs), "a")).toEqual([]);
  });
});
