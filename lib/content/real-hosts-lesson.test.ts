import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROFILE_FIELDS, type ProfileFieldName } from "../decide/host-profile";
import { describeValue } from "../decide/host-fields";
import { loadHostProfiles } from "./host-profiles";
import { loadHostRecords } from "./hosts";
import { LESSONS_DIR, loadLesson } from "./lessons";

// The "Real hosts" lesson (issue 33, item 5) cites its evidence for every claim about a host. The
// citation form: `<HostFact host="<profile id>" field="<profile field>" value="<its value>" />`,
// or `<HostFact host="<record id>" cell="<catalogue id>" />`, inside the sentence that makes the
// claim, and the sentence gives the source's date (or "undated") and kind in words. A sentence that
// names a host and holds no HostFact is a claim without a source; a HostFact whose value is not
// the profile's, or whose sentence gives no date and kind of one of its sources, cites wrongly.

const FILE = path.join(LESSONS_DIR, "real-hosts.mdx");
const source = await fs.readFile(FILE, "utf8");
const records = await loadHostRecords();
const profiles = await loadHostProfiles(records, "2026-12-06");

/** How each evidence kind is said in prose. */
const KIND_WORDS: Record<string, RegExp> = {
  measured: /\bmeasured\b/,
  "vendor-documented": /\b(vendor|documented|documentation)\b/,
  "user-reported": /\buser\b/,
  "host-code": /\bcode\b/,
  "third-party-prober": /\bprober\b/,
};

/** The names a sentence may call a host by: each record's name, and its first words. */
const HOST_NAMES = [
  ...new Set(
    records
      // The academy's own hosts (the simulator, /review) are not real hosts.
      .filter((r) => !r.id.startsWith("academy-"))
      .flatMap((r) => [r.name.replace(/\s*\(.*\)$/, ""), r.name.split(/[\s,]/)[0]!, r.id]),
  ),
].filter((n) => n.length > 3 && !/^(mcp|ext-apps|the)$/i.test(n));

/** The body's prose sentences: no frontmatter, code, headings, or links (a link names, not claims). */
function sentences(mdx: string): string[] {
  const body = mdx
    .replace(/^---[\s\S]*?---/, "")
    .replace(/```[\s\S]*?```/g, "")
    .split("\n")
    .filter((l) => !l.startsWith("#") && !l.startsWith("<SelfCheck"))
    .join("\n")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "(a link)");
  return body
    .split(/\n\s*\n|\n- /)
    .flatMap((p) => p.replace(/\s+/g, " ").split(/(?<=[.!?])\s+(?=[A-Z*])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

interface Citation {
  host: string;
  field?: string;
  cell?: string;
  value?: string;
}
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
function citationsIn(sentence: string): Citation[] {
  return [...sentence.matchAll(/<HostFact\b[^>]*\/>/g)].map(([tag]) => ({
    host: attr(tag, "host")!,
    field: attr(tag, "field"),
    cell: attr(tag, "cell"),
    value: attr(tag, "value"),
  }));
}

/** The sources a citation rests on: kind and date of each. */
function sourcesOf(c: Citation): { kind: string; date: string }[] | string {
  if (c.field) {
    const p = profiles.find((x) => x.id === c.host);
    if (!p) return `no profile content/host-profiles/${c.host}.json`;
    if (!PROFILE_FIELDS.includes(c.field as ProfileFieldName)) return `no profile field ${c.field}`;
    const f = p.fields[c.field as ProfileFieldName];
    if (f.status === "unknown") return `${c.host}'s ${c.field} is unknown: nothing to cite`;
    const value = describeValue(c.field as ProfileFieldName, f.value);
    if (c.value !== value)
      return `${c.host}'s ${c.field} is "${value}", the lesson says "${c.value}"`;
    return f.evidence.filter((e) => e.used);
  }
  const r = records.find((x) => x.id === c.host);
  const cell = r?.cells[c.cell ?? ""];
  if (!cell) return `no cell ${c.cell} in content/hosts/${c.host}.json`;
  return [cell];
}

describe('the "Real hosts" lesson', () => {
  const all = sentences(source);

  it("compiles, with every HostFact a known tag", async () => {
    const lesson = await loadLesson("real-hosts");
    expect(lesson.meta.title).toBe("Real hosts");
    expect(lesson.headings.map((h) => h.id)).toEqual(
      expect.arrayContaining(["allowed-or-not", "survive-every-profile", "grid-and-profiles"]),
    );
    // Every lesson links a simulator preset to try (e2e/lessons-pages.spec.ts asks for one).
    expect(lesson.scenarios.length).toBeGreaterThan(0);
  });

  it("cites a profile field or a catalogue entry in every sentence that makes a claim about a host", () => {
    const naming = all.filter((s) => HOST_NAMES.some((n) => s.includes(n)));
    console.log(`Host names looked for: ${HOST_NAMES.join(", ")}`);
    const uncited = naming.filter((s) => citationsIn(s).length === 0);
    console.log(
      `Sentences naming a host: ${naming.length}, each with a citation: ${naming.length - uncited.length}`,
    );
    expect(naming.length).toBeGreaterThan(10);
    expect(uncited).toEqual([]);
  });

  it("cites only values the profiles hold, each with the date and kind of one of its sources", () => {
    const wrong: string[] = [];
    let cited = 0;
    for (const s of all)
      for (const c of citationsIn(s)) {
        cited++;
        const sources = sourcesOf(c);
        if (typeof sources === "string") {
          wrong.push(sources);
          continue;
        }
        const dated = sources.some(
          (e) => s.includes(e.date) && KIND_WORDS[e.kind]!.test(s.replace(/<[^>]*>/g, "")),
        );
        if (!dated)
          wrong.push(
            `${c.host} ${c.field ?? c.cell}: the sentence gives none of ${sources.map((e) => `${e.kind} ${e.date}`).join(", ")}`,
          );
      }
    console.log(`HostFact citations checked: ${cited}`);
    expect(cited).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it("files every host it lists under violations as breaking a MUST, and every one under variations as within the spec", async () => {
    const { judgeField } = await import("../decide/host-fields");
    const section = (id: string) => source.split(`{/*${id}*/}`)[1]!.split(/\n###? /)[0]!;
    for (const [id, kind] of [
      ["violations", "violation"],
      ["allowed-variations", "variation"],
    ] as const)
      for (const s of sentences(section(id)))
        for (const c of citationsIn(s).filter((c) => c.field)) {
          const p = profiles.find((x) => x.id === c.host)!;
          const j = judgeField(
            c.field as ProfileFieldName,
            p.fields[c.field as ProfileFieldName].value as never,
          );
          // A variation may also be the reference's own value: a choice the spec leaves, which
          // this course's host makes the same way (VS Code's inline only).
          if (kind === "variation" && j === null) continue;
          expect(j?.kind, `${c.host} ${c.field} under ${id}`).toBe(kind);
        }
  });
});
