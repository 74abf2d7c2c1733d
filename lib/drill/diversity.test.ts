import { describe, expect, it } from "vitest";
import { generateDrillItem, failingRows, type DrillItem } from "./generator";

// Issue 36, item 4: diversity by construction. One hundred items once covered only 48 distinct
// cases (seven of them "modern-only client, legacy server, no session opens"). A case is the
// item's kind, its key, the rows that fail and the rules the key rests on.

const caseOf = (item: DrillItem) =>
  [
    item.kind,
    item.meanings[item.question.answer],
    failingRows(item.decision)
      .map((r) => r.row)
      .join("+"),
    [...item.question.rules].sort().join(","),
  ].join(" | ");

const run = (prefix: string, from: number, n: number) =>
  Array.from({ length: n }, (_, i) => generateDrillItem({ seed: `${prefix}${from + i}` }));

describe("diversity by construction", () => {
  it("meets at least 80 distinct cases in every run of 100 consecutive seeds", () => {
    const runs = [
      { prefix: "window-", from: 0, items: run("window-", 0, 1000) },
      { prefix: "session-k3j2h1x9-", from: 5000, items: run("session-k3j2h1x9-", 5000, 300) },
      { prefix: "exam-abc-", from: 0, items: run("exam-abc-", 0, 200) },
    ];
    const worst: string[] = [];
    let least = Infinity;
    for (const r of runs) {
      const cases = r.items.map(caseOf);
      for (let n = 0; n + 100 <= cases.length; n += 20) {
        const distinct = new Set(cases.slice(n, n + 100)).size;
        least = Math.min(least, distinct);
        if (distinct < 80) worst.push(`${r.prefix}${r.from + n}…+99: ${distinct}`);
      }
    }
    const all = runs[0]!.items.map(caseOf);
    console.log(
      `Distinct cases per 100 consecutive seeds: at least ${least} (windows every 20 seeds over ${runs.map((r) => `${r.prefix}${r.from}…${r.from + r.items.length - 1}`).join(", ")}); ${new Set(all).size} distinct over window-0…999`,
    );
    expect(worst).toEqual([]);
  });

  it('offers "No session opens" only where the era labels leave it open (a legacy-only server)', () => {
    const items = run("window-", 0, 1000).filter((i) => i.kind === "outcome");
    let offered = 0;
    for (const item of items) {
      const has = Object.values(item.meanings).some((m) => m.startsWith("No session opens"));
      if (has) offered++;
      if (item.scenario.server.era !== "legacy")
        expect(has, `${item.seed}: ${item.shown[1]!.label}`).toBe(false);
    }
    console.log(`Outcome items offering "No session opens": ${offered} of ${items.length}`);
  });

  it("draws most distractors from near misses of the item's own scenario", () => {
    const items = run("window-", 0, 1000);
    let distractors = 0;
    let near = 0;
    for (const item of items) {
      for (const o of item.question.options) {
        if (o.id === item.question.answer) continue;
        distractors++;
        // A near miss's explanation says what change would make the option right.
        if (/it would be if |would be right if|is (listed|left out) here/.test(o.explanation))
          near++;
      }
    }
    console.log(
      `Distractors explained by a near miss of their scenario: ${near} of ${distractors}`,
    );
    expect(near / distractors).toBeGreaterThan(0.5);
  });
});
