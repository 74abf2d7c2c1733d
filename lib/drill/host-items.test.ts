import { describe, expect, it } from "vitest";
import { behavioursOf, REFERENCE_BEHAVIOURS } from "../decide/host-profile";
import { loadHostProfiles } from "../content/host-profiles";
import { loadHostRecords } from "../content/hosts";
import { questionSchema } from "../content/quiz-schema";
import { optionOrder } from "../quiz/presentation";
import { createRng } from "../quiz/random";
import { previewDecision } from "../simulator/preview";
import { APP_CALL_TEXT, ROW_TEXT, agentListOf, answerText, failingRows } from "./answers";
import {
  generateDrillItem,
  HOST_POLICY_LINE,
  type DrillItem,
  type HostDrillItem,
} from "./generator";
import { drillHostOf, type DrillHost } from "./host";
import { MODE_KIND, MODE_TEXT, modeAnswer, type HostModeItem } from "./host-modes";
import { oracle, type OracleAnswer } from "./oracle/spec-oracle";
import { oracleText, sameAnswer } from "./oracle-words";

// Drills on real hosts (issue 33, item 4): the generator's items asked of one host, keyed by the
// engine with that host's profile. Every profile in content/host-profiles is drilled here.

const profiles = await loadHostProfiles(await loadHostRecords(), "2026-12-06");
const hosts: DrillHost[] = profiles.map(drillHostOf);
const PER_HOST = 200;
const itemsOf = new Map(
  hosts.map((h) => [
    h.id,
    Array.from({ length: PER_HOST }, (_, i) => generateDrillItem({ seed: `host-${i}`, host: h })),
  ]),
);
const all = [...itemsOf.values()].flat();
const isMode = (item: HostDrillItem): item is HostModeItem => item.kind === MODE_KIND;
const listedUnder = (
  item: DrillItem,
  b = behavioursOf(profiles.find((p) => p.id === item.host!.id)!),
) =>
  agentListOf(item.scenario, b)
    .filter((t) => t.listed)
    .map((t) => t.name);
const behavioursOfItem = (item: HostDrillItem) =>
  behavioursOf(profiles.find((p) => p.id === item.host!.id)!);

function truths(a: OracleAnswer): string[] {
  if (a.kind === "app-call") return [oracleText(a), ...a.alsoTrue.map((t) => APP_CALL_TEXT[t])];
  if (a.kind === "deciding-row") return a.failing.map((r) => ROW_TEXT[r as keyof typeof ROW_TEXT]);
  return [oracleText(a)];
}
const ask = (item: HostDrillItem) =>
  oracle({ kind: item.kind, directive: item.directive, shown: item.shown });

describe("drills on real hosts", () => {
  it("has a profile to drill for every host profile file, and writes valid questions", () => {
    expect(hosts.length).toBeGreaterThan(5);
    for (const item of all) {
      expect(questionSchema.safeParse(item.question).success, item.seed).toBe(true);
      expect(item.question.options, `${item.host!.id} ${item.seed}`).toHaveLength(4);
    }
  });

  it("keys every item by the engine with the host's profile", () => {
    for (const item of all) {
      const b = behavioursOfItem(item);
      if (isMode(item)) {
        // Keyed by the engine's display-mode decision with the host's profile, and the reference's.
        const key = MODE_TEXT[modeAnswer(item.request, b)];
        expect(item.meanings[item.question.answer], `${item.host.id} ${item.seed}`).toBe(key);
        expect(item.key).toBe(key);
        const ref = MODE_TEXT[modeAnswer(item.request, REFERENCE_BEHAVIOURS)];
        expect(item.host.referenceKey).toBe(ref);
        expect(item.host.decides).toBe(ref !== key);
        continue;
      }
      const key = answerText(
        item.kind,
        previewDecision(item.scenario, b),
        item.directive,
        listedUnder(item, b),
      );
      expect(item.meanings[item.question.answer], `${item.host!.id} ${item.seed}`).toBe(key);
      expect(item.key).toBe(key);
      // The reference host's key is read the same way, without the profile.
      const ref = answerText(
        item.kind,
        previewDecision(item.scenario, REFERENCE_BEHAVIOURS),
        item.directive,
        listedUnder(item, REFERENCE_BEHAVIOURS),
      );
      expect(item.host!.referenceKey).toBe(ref);
      expect(item.host!.decides).toBe(ref !== key);
    }
  });

  // A host's share of items its profile decides is (10 + the distinct answers it can decide) %,
  // from 15 % to 50 % (generator.ts, decidedShare): enough to learn the host, few enough that a
  // host with one departing field does not repeat its handful of answers.
  it("is decided by the profile in some items of each host, and says so in the explanation", () => {
    const shares: string[] = [];
    for (const h of hosts) {
      const items = itemsOf.get(h.id)!;
      const decided = items.filter((i) => i.host!.decides);
      shares.push(`${h.id} ${decided.length}/${items.length}`);
      expect(decided.length, h.id).toBeGreaterThanOrEqual(0.08 * items.length);
      expect(decided.length, h.id).toBeLessThanOrEqual(0.6 * items.length);
      for (const i of decided) {
        expect(i.host!.fields.length, i.seed).toBeGreaterThan(0);
        expect(i.explanation).toContain(`${h.name}'s profile decides this item`);
        // The reference host's answer, offered as a distractor, is explained as the reference's.
        const ref = i.question.options.find((o) => i.meanings[o.id] === i.host!.referenceKey);
        if (ref) expect(ref.explanation, i.seed).toMatch(/reference host/);
      }
      for (const i of items.filter((i) => !i.host!.decides))
        expect(i.explanation).toContain(`${h.name}'s profile does not decide this item`);
    }
    console.log(`Host items the profile decides, of ${PER_HOST} per host: ${shares.join(", ")}`);
  });

  it("states the profile and the policy line, with the host named, in the same words in every item on a host", () => {
    for (const h of hosts) {
      const items = itemsOf.get(h.id)!;
      const profile = new Set(
        items.map((i) => i.shown.find((s) => s.label.includes("'s profile ("))?.json),
      );
      expect(profile.size, h.id).toBe(1);
      expect([...profile][0], h.id).toBeDefined();
      const lines = new Set(items.map((i) => i.question.stem.split("\n\n").at(-1)));
      expect(lines.size, h.id).toBe(1);
      const line = [...lines][0]!;
      expect(line).toContain(`**This host (${h.name}), where its profile says nothing:**`);
      // The same line as every other drill, with the host named in it.
      expect(
        line.replace(`(${h.name}), where its profile says nothing`, "").replace(" :**", ":**"),
      ).toBe(HOST_POLICY_LINE.replace("**This host:**", "**This host :**").replace(" :**", ":**"));
      for (const i of items)
        expect(i.question.stem).toMatch(new RegExp(`^\\*\\*Predict ${h.name}\\.\\*\\*`));
    }
  });

  it("is keyed the same by the second oracle, which reads the profile from the stem, and has one true answer", () => {
    const differ: string[] = [];
    const twoTrue: string[] = [];
    for (const item of all) {
      const a = ask(item);
      if (!sameAnswer(item, oracleText(a), item.key))
        differ.push(
          `${item.host!.id} ${item.seed} (${item.kind}, ${item.cause}): oracle "${oracleText(a)}", engine "${item.key}"`,
        );
      const t = truths(a);
      for (const o of item.question.options)
        if (
          o.id !== item.question.answer &&
          t.some((x) => sameAnswer(item, x, item.meanings[o.id]!))
        )
          twoTrue.push(`${item.host!.id} ${item.seed}: "${item.meanings[o.id]}" is also true`);
    }
    console.log(
      `Host items keyed alike by the oracle: ${all.length - differ.length} of ${all.length}; with a second true option: ${twoTrue.length}`,
    );
    expect(differ.slice(0, 5)).toEqual([]);
    expect(twoTrue.slice(0, 5)).toEqual([]);
  });

  // The reference drills meet at least 80 (diversity.test.ts). On a host, the items its profile
  // decides come from few answers (apprenderer-csp: a view's call to a tool without "app",
  // forwarded), so fewer: 56 to 81 measured, the least per host over windows every 20 seeds.
  it("meets at least 55 distinct cases in every run of 100 consecutive seeds on each host", () => {
    const caseOf = (item: HostDrillItem) =>
      [
        item.kind,
        item.meanings[item.question.answer],
        failingRows(item.decision)
          .map((r) => r.row)
          .join("+"),
        [...item.question.rules].sort().join(","),
      ].join(" | ");
    const least: string[] = [];
    const mins: number[] = [];
    for (const h of hosts) {
      const cases = itemsOf.get(h.id)!.map(caseOf);
      let min = Infinity;
      for (let n = 0; n + 100 <= cases.length; n += 20)
        min = Math.min(min, new Set(cases.slice(n, n + 100)).size);
      least.push(`${h.id} ${min}`);
      mins.push(min);
    }
    console.log(`Distinct cases per 100 consecutive seeds, least per host: ${least.join(", ")}`);
    expect(Math.min(...mins)).toBeGreaterThanOrEqual(55);
  });

  it("gives a learner who reads only the profile and the policy line no more than chance ± 5 points", () => {
    const rng = createRng("host-profile-line");
    const words = (text: string) =>
      new Set(
        text
          .toLowerCase()
          .split(/[^a-z0-9/'-]+/)
          .filter((w) => w.length > 2),
      );
    let right = 0;
    let chance = 0;
    for (const item of all) {
      const profile = item.shown.find((s) => s.label.includes("'s profile ("))!.json;
      const vocabulary = words(`${profile} ${item.question.stem.split("\n\n").at(-1)}`);
      const shown = optionOrder(item.question, "host-line");
      const text = new Map(item.question.options.map((o) => [o.id, o.text]));
      const overlap = (id: string) =>
        [...words(text.get(id)!)].filter((w) => vocabulary.has(w)).length;
      const best = Math.max(...shown.map(overlap));
      const tied = shown.filter((id) => overlap(id) === best);
      if (tied[Math.floor(rng() * tied.length)] === item.question.answer) right++;
      chance += 1 / item.question.options.length;
    }
    const score = right / all.length;
    console.log(
      `Reading only the profile and the policy line: ${(score * 100).toFixed(1)} % right (chance ${((chance / all.length) * 100).toFixed(1)} %) over ${all.length} host items`,
    );
    expect(Math.abs(score - chance / all.length)).toBeLessThanOrEqual(0.05);
  });

  it("asks about display modes on every host, keyed alike by the engine and the oracle, and never in the reference drills", () => {
    const counts: string[] = [];
    const answers = new Set<string>();
    for (const h of hosts) {
      const modes = itemsOf.get(h.id)!.filter(isMode);
      counts.push(`${h.id} ${modes.length}`);
      expect(modes.length, h.id).toBeGreaterThan(0);
      for (const i of modes) {
        answers.add(i.key);
        expect(i.question.rules).toEqual(["BRG-6"]);
        expect(i.question.options.map((o) => o.text).sort()).toEqual(
          Object.values(MODE_TEXT).sort(),
        );
        expect(sameAnswer(i, oracleText(ask(i)), i.key), `${h.id} ${i.seed}`).toBe(true);
        // The stem shows the view's declared modes and its request.
        expect(i.question.stem).toContain(`"mode": "${i.request.requested}"`);
      }
    }
    console.log(
      `Display-mode items of ${PER_HOST} per host: ${counts.join(", ")}; answers met: ${answers.size}`,
    );
    // ChatGPT switches to an undeclared mode (a violation), others refuse, the reference offers inline only.
    expect(answers.size).toBe(Object.keys(MODE_TEXT).length);
    for (let n = 0; n < 300; n++)
      expect(generateDrillItem({ seed: `host-${n}` }).kind).not.toBe(MODE_KIND);
  });

  it("leaves the reference drills as they were: no host, no profile exhibit", () => {
    const item = generateDrillItem({ seed: "host-0" });
    expect(item.host).toBeUndefined();
    expect(item.shown.some((s) => s.label.includes("'s profile ("))).toBe(false);
    expect(item.question.stem.split("\n\n").at(-1)).toBe(HOST_POLICY_LINE);
  });
});
