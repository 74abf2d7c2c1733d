import { describe, expect, it } from "vitest";
import { questionSchema } from "../content/quiz-schema";
import {
  BLIND_STRATEGIES,
  WORD_CUES,
  blindResponse,
  hasCue,
  simulateBlindExams,
} from "../quiz/cues";
import {
  chanceOf,
  choiceItems,
  keyLengthRanks,
  lengthRankStrategies,
  scoreStrategy,
} from "../quiz/cue-strategies";
import { optionOrder } from "../quiz/presentation";
import { createRng } from "../quiz/random";
import { getRule } from "../rules";
import { runHeadless } from "../simulator/run";
import { parseScenario } from "../simulator/scenario";
import { decodeScenarioLink } from "../simulator/share";
import { previewDecision } from "../simulator/preview";
import { agentListOf } from "./answers";
import {
  AGENT_LIST_EMPTY,
  APP_CALL_TEXT,
  DRILLABLE_RULES,
  DRILL_KINDS,
  HOST_POLICY_LINE,
  NO_ALLOW,
  NO_HEADER,
  NO_IFRAME,
  OUTCOME_TEXT,
  ROW_TEXT,
  answerText,
  drillSimulatorLink,
  generateDrillItem,
  type DrillItem,
} from "./generator";
import { DRILL_TOPICS } from "./space";

const SEEDS = 1000;
const items: DrillItem[] = Array.from({ length: SEEDS }, (_, i) =>
  generateDrillItem({ seed: `guard-${i}` }),
);
/** The key in canonical words (an option may show a shorter wording of the same answer). */
const keyText = (item: DrillItem) => item.meanings[item.question.answer]!;
/** The names the engine's visibility gate lets into the agent's list (TOOL-2, TOOL-3). */
const listedNames = (item: DrillItem) =>
  agentListOf(item.scenario)
    .filter((t) => t.listed)
    .map((t) => t.name);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

describe("the drill generator", () => {
  it("gives the same item for the same seed, and another item for another seed", () => {
    expect(generateDrillItem({ seed: "guard-7" })).toEqual(items[7]);
    const stems = new Set(items.map((i) => i.question.stem + keyText(i)));
    console.log(`Distinct items over ${SEEDS} seeds: ${stems.size}`);
    expect(stems.size).toBeGreaterThan(SEEDS * 0.9);
  });

  it("writes every item as a valid quiz question citing known rule IDs, with a valid scenario", () => {
    for (const item of items) {
      expect(() => questionSchema.parse(item.question), item.seed).not.toThrow();
      for (const r of item.question.rules) expect(() => getRule(r)).not.toThrow();
      // The scenario survives the simulator's own parser (as a share link would carry it).
      expect(parseScenario(JSON.stringify(item.scenario), item.seed)).toEqual(item.scenario);
    }
    expect(new Set(items.map((i) => i.question.id)).size).toBe(SEEDS);
  });

  it("draws every kind and every topic, and keys spread over each kind's answers", () => {
    // The mix follows cases.ts: kinds whose keys the scenario builds (a csp directive, an allow
    // attribute, the agent's list) come more often than the closed sets, whose few cases would
    // otherwise repeat within a run of 100 items.
    const byKind = Object.fromEntries(DRILL_KINDS.map((k) => [k, new Map<string, number>()]));
    for (const item of items) {
      const m = byKind[item.kind]!;
      m.set(keyText(item), (m.get(keyText(item)) ?? 0) + 1);
    }
    for (const kind of DRILL_KINDS) {
      const m = byKind[kind]!;
      const n = [...m.values()].reduce((a, b) => a + b, 0);
      console.log(
        `${kind}: ${n} items, ${m.size} distinct keys; most common ${pct(Math.max(...m.values()) / n)}`,
      );
      expect(n).toBeGreaterThan(SEEDS / 25);
    }
    // Every outcome is some item's key.
    expect(byKind.outcome!.size).toBe(Object.keys(OUTCOME_TEXT).length);
    const topics = new Set(items.map((i) => i.question.topic));
    expect([...topics].sort()).toEqual([...DRILL_TOPICS].sort());
  });

  it("keys each item with the engine: the key is what the decision says, and no distractor is", () => {
    for (const item of items) {
      const decision = previewDecision(item.scenario);
      expect(answerText(item.kind, decision, item.directive, listedNames(item)), item.seed).toBe(
        keyText(item),
      );
      expect(item.key).toBe(keyText(item));
      const texts = item.question.options.map((o) => o.text);
      expect(new Set(texts).size, item.seed).toBe(texts.length);
      // No distractor stands for the key's answer, in any wording.
      const meanings = item.question.options.map((o) => item.meanings[o.id]);
      expect(
        meanings.filter((m) => m === item.key),
        item.seed,
      ).toHaveLength(1);
      expect(item.question.options.length, item.seed).toBeGreaterThanOrEqual(3);
    }
  });

  it(
    `keys all ${SEEDS} items as a headless run of the real server, host and view decides them`,
    { timeout: 240_000 },
    async () => {
      const started = performance.now();
      const mismatches: string[] = [];
      const BATCH = 6;
      for (let i = 0; i < items.length; i += BATCH) {
        await Promise.all(
          items.slice(i, i + BATCH).map(async (item) => {
            const run = await runHeadless(item.scenario);
            const outcome = run.outcome === "timed-out" ? "timed-out" : run.outcome;
            const got = answerText(
              item.kind,
              { ...run.decision, outcome: outcome as typeof run.decision.outcome },
              item.directive,
              run.agentTools.filter((t) => t.listed).map((t) => t.name),
            );
            if (got !== keyText(item))
              mismatches.push(`${item.seed}: run says "${got}", key "${keyText(item)}"`);
            // The app call, when the view placed one, went the way the key says.
            if (item.kind === "app-call" && run.appCall) {
              expect(run.appCall).toBe(run.decision.appCall?.forward ? "forwarded" : "refused");
            }
          }),
        );
      }
      console.log(
        `Headless runs: ${items.length} items, ${items.length - mismatches.length} keys equal to the run's outcome, ${mismatches.length} differ (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      expect(mismatches).toEqual([]);
    },
  );

  it("says so in the explanation when the key turns on this host's policy, citing [seed] rules, and states the policy in every stem", () => {
    let flagged = 0;
    for (const item of items) {
      const d = item.decision;
      expect(item.question.stem).toContain(HOST_POLICY_LINE);
      const says = /\*\*Host policy, not a spec MUST:\*\*/.test(item.explanation);
      const sources = ["seed", "draft", "sdk"];
      // Independent of the generator's own notes: read the verdicts the key rests on.
      const onPolicy = item.deciding.some(
        (v) =>
          v.refusal === "host-policy" ||
          (v.row === "csp" && v.verdict === "fail") ||
          (v.row === "negotiation" && v.verdict === "fail" && d.outcome === "text") ||
          (v.row === "app-call" && d.appCall?.askedConsent === true),
      );
      if (onPolicy) expect(says, `${item.seed}: ${item.explanation.slice(0, 200)}`).toBe(true);
      expect(says).toBe(item.hostPolicy.length > 0);
      for (const note of item.hostPolicy) {
        for (const id of note.ruleIds) {
          expect(
            (getRule(id).sources as readonly string[]).some((s) => sources.includes(s)),
            `${item.seed}: ${id}`,
          ).toBe(true);
          expect(item.explanation).toContain(id);
        }
      }
      if (says) flagged++;
    }
    console.log(`Items whose explanation says they turn on host policy: ${flagged} of ${SEEDS}`);
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(SEEDS);
  });

  it("explains every item with the decision rows and their rule IDs, and every option", () => {
    for (const item of items) {
      for (const row of item.decision.rows) {
        expect(item.explanation).toContain(`**${row.row}**`);
        for (const id of row.ruleIds) expect(item.explanation).toContain(id);
      }
      for (const o of item.question.options) expect(o.explanation.length).toBeGreaterThan(10);
      const key = item.question.options.find((o) => o.id === item.question.answer)!;
      expect(key.explanation.startsWith("Right")).toBe(true);
      for (const o of item.question.options)
        if (o.id !== key.id) expect(o.explanation.startsWith("Right")).toBe(false);
    }
  });

  it("reaches, over 1,000 seeds, every rule a decision row of the engine cites, and DRILLABLE_RULES lists exactly those", () => {
    const keyed = new Set(items.flatMap((i) => i.question.rules));
    const cited = new Set(items.flatMap((i) => i.decision.rows.flatMap((r) => r.ruleIds)));
    console.log(
      `Rules the items rest on: ${[...keyed].sort().join(", ")} (${keyed.size}); cited in rows but never a key: ${[...cited].filter((r) => !keyed.has(r as never)).join(", ") || "none"}`,
    );
    // DRILLABLE_RULES, which the drill page offers, is exactly what the engine reaches.
    expect([...keyed].sort()).toEqual([...DRILLABLE_RULES].sort());
  });

  it("targets a topic and a rule on request", () => {
    for (const topic of DRILL_TOPICS) {
      for (let i = 0; i < 10; i++) {
        expect(generateDrillItem({ seed: `t${i}`, topic }).question.topic).toBe(topic);
      }
    }
    for (const rule of DRILLABLE_RULES) {
      const item = generateDrillItem({ seed: "r1", rule });
      expect(item.question.rules).toContain(rule);
    }
  });

  it("links each item to the same scenario in the simulator, which decides it the same way", async () => {
    for (const item of items.slice(0, 40)) {
      const link = await drillSimulatorLink(item);
      expect(link.startsWith("/simulator#s=")).toBe(true);
      const decoded = await decodeScenarioLink(link.slice("/simulator#s=".length));
      expect(decoded.ok).toBe(true);
      if (!decoded.ok) continue;
      expect(decoded.scenario).toEqual(item.scenario);
      expect(previewDecision(decoded.scenario)).toEqual(item.decision);
    }
  });
});

describe("generated items give a blind learner nothing to go on", () => {
  const questions = items.map((i) => i.question);
  const CHANCE = 0.25;

  it("offers four options, none carrying a cue word except the CSP keyword 'none'", () => {
    const options = questions.flatMap((q) => q.options);
    const carrying = Object.keys(WORD_CUES).map((cue) => {
      const n = options.filter((o) => hasCue(o.text, cue as keyof typeof WORD_CUES)).length;
      return `${cue} ${n}`;
    });
    console.log(
      `Options carrying a cue word: ${carrying.join(", ")} (absolute: the keyword 'none')`,
    );
    for (const o of options) {
      for (const cue of Object.keys(WORD_CUES) as (keyof typeof WORD_CUES)[]) {
        if (hasCue(o.text.replaceAll("'none'", ""), cue)) expect.fail(`${cue} in "${o.text}"`);
      }
    }
    expect(questions.filter((q) => q.options.length !== 4).map((q) => q.id)).toEqual([]);
  });

  it("offers each answer of a closed set, and each fixed answer, about four times as often as it is the key", () => {
    // An answer offered only when it is right (or never when it is) would be a cue a learner picks
    // up over a few dozen items; so each is offered in proportion to how often it is the key.
    const fixed = [
      ...Object.values(OUTCOME_TEXT),
      ...Object.values(APP_CALL_TEXT),
      ...Object.values(ROW_TEXT),
      NO_HEADER,
      NO_IFRAME,
      NO_ALLOW,
      AGENT_LIST_EMPTY,
    ];
    const rows = fixed.map((answer) => {
      let offered = 0;
      let key = 0;
      for (const item of items) {
        if (!Object.values(item.meanings).includes(answer)) continue;
        offered++;
        if (keyText(item) === answer) key++;
      }
      return { answer, offered, key };
    });
    console.log(
      [
        "Answers of closed sets: key / offered",
        ...rows.map((r) => `  ${`${r.key} / ${r.offered}`.padStart(10)}  ${r.answer}`),
      ].join("\n"),
    );
    for (const r of rows) {
      if (r.offered < 40) continue;
      expect(Math.abs(r.key / r.offered - CHANCE), r.answer).toBeLessThan(0.12);
    }
  });

  it("gives a learner who learns which words mark keys on half the items no more than chance ± 5 points on the other half", () => {
    // Each word's share of appearances in a key, learnt on one half; on the other half the option
    // whose words score best is picked (ties at random). A word, or a whole answer, offered only
    // when right (or never when right) would show here.
    const byWord = (t: string) => [
      ...new Set(
        t
          .toLowerCase()
          .split(/[^a-z0-9'*:/.-]+/)
          .filter(Boolean),
      ),
    ];
    let words = byWord;
    const learn = (train: readonly DrillItem[]) => {
      const inKey = new Map<string, number>();
      const seen = new Map<string, number>();
      for (const item of train)
        for (const o of item.question.options)
          for (const w of words(o.text)) {
            seen.set(w, (seen.get(w) ?? 0) + 1);
            if (o.id === item.question.answer) inKey.set(w, (inKey.get(w) ?? 0) + 1);
          }
      // Laplace-smoothed towards chance, so a word seen once weighs little.
      return (w: string) => ((inKey.get(w) ?? 0) + CHANCE) / ((seen.get(w) ?? 0) + 1);
    };
    const score = (train: readonly DrillItem[], test: readonly DrillItem[]) => {
      const weight = learn(train);
      const rng = createRng("drill-words");
      const mean = (t: string) => {
        const ws = words(t);
        return ws.reduce((sum, w) => sum + weight(w), 0) / ws.length;
      };
      let right = 0;
      for (const item of test) {
        const best = Math.max(...item.question.options.map((o) => mean(o.text)));
        const tied = item.question.options.filter((o) => mean(o.text) === best);
        if (tied[Math.floor(rng() * tied.length)]!.id === item.question.answer) right++;
      }
      return right / test.length;
    };
    const even = items.filter((_, i) => i % 2 === 0);
    const odd = items.filter((_, i) => i % 2 === 1);
    const scores = [score(even, odd), score(odd, even)];
    // The same with whole options as the unit: the open kinds' most common strings (a csp
    // directive with one origin, a grant of two flags) are keys a little more often than
    // distractors. Printed, not held: the issue's strategy learns words.
    words = (t) => [t];
    const whole = [score(even, odd), score(odd, even)];
    console.log(
      `Words learnt on half the items, tried on the other half: ${scores.map(pct).join(" and ")} (chance ${pct(CHANCE)}); whole options learnt: ${whole.map(pct).join(" and ")}`,
    );
    for (const x of scores) expect(Math.abs(x - CHANCE)).toBeLessThanOrEqual(0.05);
  });

  it(`keeps every length rank, from the longest and from the shortest, at chance ± 5 points over ${SEEDS} items`, () => {
    // The blind strategies below try only the longest and the shortest option; a key that is
    // mostly the second-longest would slip past them.
    const choices = choiceItems(questions);
    const chance = chanceOf(choices);
    const rows = lengthRankStrategies(4).map((s) => ({
      name: s.name,
      score: scoreStrategy(choices, s.prefer),
    }));
    console.log(
      [
        `Length ranks over ${choices.length} generated items (chance ${pct(chance)}); key's rank from the longest: ${[
          ...keyLengthRanks(choices),
        ]
          .sort(([a], [b]) => a - b)
          .map(([r, n]) => `${r}: ${n}`)
          .join(", ")}`,
        ...rows.map((r) => `  ${r.name.padEnd(32)} ${pct(r.score).padStart(7)}`),
      ].join("\n"),
    );
    const outside = rows.filter((r) => Math.abs(r.score - chance) > 0.05).map((r) => r.name);
    expect(outside).toEqual([]);
  });

  it(`keeps every blind strategy at chance (${pct(CHANCE)}) ± 5 % over ${SEEDS} items`, () => {
    // Each item once, its options in the order an attempt shows them.
    const perItem = Object.fromEntries(BLIND_STRATEGIES.map((s) => [s, 0])) as Record<
      (typeof BLIND_STRATEGIES)[number],
      number
    >;
    for (const s of BLIND_STRATEGIES) {
      const rng = createRng(`drill-blind:${s}`);
      for (const q of questions) {
        const r = blindResponse(q, s, "drill-attempt", optionOrder, rng);
        if (r?.type === "single" && r.choice === q.answer) perItem[s]++;
      }
      perItem[s] /= questions.length;
    }
    // And as the exam page would draw them, 1,000 exams of 40 from these items.
    const exams = simulateBlindExams(questions, { prefix: "drill" });
    console.log(
      [
        `Blind strategies over ${SEEDS} generated items (chance ${pct(CHANCE)}):`,
        ...BLIND_STRATEGIES.map(
          (s) =>
            `  ${s.padEnd(24)} each item once ${pct(perItem[s]).padStart(7)}   1,000 exams ${pct(exams[s]).padStart(7)}`,
        ),
      ].join("\n"),
    );
    // Per kind too, so that no kind hides a length cue the mix averages away (about 250 items
    // each, so a wider band).
    const kinds = DRILL_KINDS.map((kind) => {
      const qs = items.filter((i) => i.kind === kind).map((i) => i.question);
      const score = (s: (typeof BLIND_STRATEGIES)[number]) => {
        const rng = createRng(`drill-blind:${kind}:${s}`);
        const right = qs.filter((q) => {
          const r = blindResponse(q, s, "drill-attempt", optionOrder, rng);
          return r?.type === "single" && r.choice === q.answer;
        }).length;
        return right / qs.length;
      };
      return {
        kind,
        longest: score("longest option, False"),
        shortest: score("shortest option, True"),
      };
    });
    console.log(
      `By kind: ${kinds.map((k) => `${k.kind} longest ${pct(k.longest)} shortest ${pct(k.shortest)}`).join("; ")}`,
    );
    for (const k of kinds) {
      expect(Math.abs(k.longest - CHANCE), k.kind).toBeLessThan(0.1);
      expect(Math.abs(k.shortest - CHANCE), k.kind).toBeLessThan(0.1);
    }
    const off = BLIND_STRATEGIES.filter(
      (s) => Math.abs(perItem[s] - CHANCE) > 0.05 || Math.abs(exams[s] - CHANCE) > 0.05,
    );
    expect(off.map((s) => `${s}: ${pct(perItem[s])} / ${pct(exams[s])}`)).toEqual([]);
  });
});
