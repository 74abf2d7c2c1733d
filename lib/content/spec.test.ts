import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError } from "./errors";
import { loadSpecCatalogue, parseSpecFile, specArea } from "./spec";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "spec");
const FILE = "content/spec/fixture.json";

/** A valid host entry; tests break one field at a time. */
const entry = {
  id: "visibility/app-tool-hidden",
  keyword: "MUST NOT",
  party: "host",
  places: [{ source: "apps-2026-01-26", section: "Resource Discovery › Visibility", line: 400 }],
  statement: "The host keeps a tool without model visibility out of the agent's list.",
  rules: ["TOOL-3"],
  lessons: ["who-may-call-a-tool#two-names"],
  questions: ["vis-one"],
  check: { tests: ["e2e/x.spec.ts: hides an app-only tool"] },
};
const file = (...entries: unknown[]) => JSON.stringify({ entries });

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ContentError);
    return (e as Error).message;
  }
  throw new Error("expected a ContentError");
}

describe("the catalogue schema", () => {
  it("accepts an entry in the format SPEC-CATALOGUE.md gives", () => {
    expect(parseSpecFile(file(entry), FILE)).toEqual([{ ...entry, file: FILE }]);
  });

  it("refuses an unknown field, naming the file, the entry id and the field", () => {
    expect(errorOf(() => parseSpecFile(file({ ...entry, note: "x" }), FILE))).toBe(
      `${FILE}: entry "visibility/app-tool-hidden": unknown field "note"`,
    );
    expect(
      errorOf(() =>
        parseSpecFile(file({ ...entry, places: [{ ...entry.places[0], page: 3 }] }), FILE),
      ),
    ).toBe(`${FILE}: entry "visibility/app-tool-hidden" places[0]: unknown field "page"`);
    expect(errorOf(() => parseSpecFile(JSON.stringify({ entries: [], extra: 1 }), FILE))).toBe(
      `${FILE}: (root): unknown field "extra"`,
    );
  });

  it("names the field of an unknown rule ID, a bad keyword, a bad lesson ref and a bad line", () => {
    expect(errorOf(() => parseSpecFile(file({ ...entry, rules: ["TOOL-99"] }), FILE))).toBe(
      `${FILE}: entry "visibility/app-tool-hidden" rules[0]: unknown rule ID "TOOL-99"`,
    );
    expect(errorOf(() => parseSpecFile(file({ ...entry, keyword: "must" }), FILE))).toMatch(
      /^content\/spec\/fixture.json: entry "visibility\/app-tool-hidden" keyword: /,
    );
    expect(
      errorOf(() => parseSpecFile(file({ ...entry, lessons: ["who-may-call-a-tool"] }), FILE)),
    ).toBe(
      `${FILE}: entry "visibility/app-tool-hidden" lessons[0]: write \`lesson-slug#heading-id\``,
    );
    expect(
      errorOf(() =>
        parseSpecFile(file({ ...entry, places: [{ ...entry.places[0], line: 0 }] }), FILE),
      ),
    ).toMatch(/entry "visibility\/app-tool-hidden" places\[0\]\.line: /);
  });

  it("refuses an id that is not area/short-name", () => {
    expect(errorOf(() => parseSpecFile(file({ ...entry, id: "app-tool-hidden" }), FILE))).toMatch(
      /entry "app-tool-hidden" id: write `area\/short-name`/,
    );
    expect(errorOf(() => parseSpecFile(file({ ...entry, id: "Visibility/x" }), FILE))).toMatch(
      /entry "Visibility\/x" id:/,
    );
  });

  it("takes exactly one way of checking, and only the one the party allows", () => {
    expect(
      errorOf(() =>
        parseSpecFile(file({ ...entry, check: { tests: ["e2e/x.spec.ts: t"], none: "x" } }), FILE),
      ),
    ).toMatch(/entry "visibility\/app-tool-hidden" check: /);
    expect(
      errorOf(() => parseSpecFile(file({ ...entry, check: { review: ["mime"] } }), FILE)),
    ).toBe(
      `${FILE}: entry "visibility/app-tool-hidden" check.review: review items and notCheckable are for server, view, supporting-side or extension-author statements, not host ones`,
    );
    expect(
      errorOf(() => parseSpecFile(file({ ...entry, party: "server", check: entry.check }), FILE)),
    ).toMatch(
      /check\.tests: tests check host, sandbox-proxy, client or supporting-side statements, not server/,
    );
    expect(
      errorOf(() => parseSpecFile(file({ ...entry, check: { tests: ["hides it"] } }), FILE)),
    ).toMatch(/check\.tests\[0\]: write `<path>: <exact title>`/);
  });

  it("takes an entry with no rule yet: the coverage test counts it as a gap", () => {
    expect(parseSpecFile(file({ ...entry, rules: [] }), FILE)).toHaveLength(1);
  });

  it("takes an omitReason only on a MAY with no rules", () => {
    const may = {
      ...entry,
      keyword: "MAY",
      rules: [],
      lessons: [],
      questions: [],
      omitReason: "the course has no model",
    };
    expect(parseSpecFile(file(may), FILE)).toHaveLength(1);
    expect(errorOf(() => parseSpecFile(file({ ...may, rules: ["TOOL-3"] }), FILE))).toMatch(
      /omitReason: only a MAY entry with no rules takes an omitReason/,
    );
    expect(errorOf(() => parseSpecFile(file({ ...may, keyword: "MUST" }), FILE))).toMatch(
      /omitReason: only a MAY entry with no rules takes an omitReason/,
    );
  });

  it("refuses a rule, lesson or question listed twice", () => {
    expect(errorOf(() => parseSpecFile(file({ ...entry, questions: ["a", "a"] }), FILE))).toMatch(
      /questions: a question is listed twice/,
    );
  });

  it("names the file on broken JSON", () => {
    expect(errorOf(() => parseSpecFile("{", FILE))).toMatch(/^content\/spec\/fixture.json: JSON: /);
  });

  it("reads the area from the id's first segment", () => {
    expect(specArea("visibility/app-tool-hidden")).toBe("visibility");
  });
});

describe("loading the catalogue folder", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), "spec-"));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("reads every file of the fixture folder", async () => {
    const entries = await loadSpecCatalogue(FIXTURES);
    expect(entries.map((e) => e.id)).toEqual([
      "visibility/app-tool-hidden",
      "display-mode/fixture-may",
    ]);
    expect(entries[0]!.file).toBe("lib/content/fixtures/spec/sample.json");
  });

  it("accepts an absent or an empty folder as an empty catalogue", async () => {
    expect(await loadSpecCatalogue(path.join(tmp(), "nothing-here"))).toEqual([]);
    expect(await loadSpecCatalogue(tmp())).toEqual([]);
  });

  it("skips gaps.json, which is the ratchet and not part of the catalogue", async () => {
    const d = tmp();
    writeFileSync(path.join(d, "a.json"), file(entry));
    writeFileSync(path.join(d, "gaps.json"), JSON.stringify({ "x/y": ["lesson"] }));
    expect((await loadSpecCatalogue(d)).map((e) => e.id)).toEqual([entry.id]);
  });

  it("refuses an id used in two files, naming both", async () => {
    const d = tmp();
    writeFileSync(path.join(d, "a.json"), file(entry));
    writeFileSync(path.join(d, "b.json"), file(entry));
    const rel = (n: string) => path.relative(process.cwd(), path.join(d, n));
    await expect(loadSpecCatalogue(d)).rejects.toThrow(
      `${rel("b.json")}: entry "visibility/app-tool-hidden": duplicate entry id, also in ${rel("a.json")}`,
    );
  });
});
