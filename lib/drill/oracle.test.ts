import { describe, expect, it } from "vitest";
import type { Decision } from "../decide";
import { previewDecision } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import {
  AGENT_LIST_EMPTY,
  APP_CALL_TEXT,
  NO_ALLOW,
  ROW_TEXT,
  agentListOf,
  agentListText,
  allowText,
  answerText,
} from "./answers";
import { generateDrillItem, type DrillItem } from "./generator";
import { oracle, type OracleAnswer } from "./oracle/spec-oracle";
import { oracleText, sameAnswer } from "./oracle-words";

// Issue 36, item 3: a second oracle, written from the rules text and reading only what the
// learner sees (lib/drill/oracle/spec-oracle.ts imports nothing from the engine). Over 1,000 seeds
// it must key every item as the engine does, find every distractor false, and catch each of three
// faults planted in the engine.

const SEEDS = 1000;
const items: DrillItem[] = Array.from({ length: SEEDS }, (_, i) =>
  generateDrillItem({ seed: `oracle-${i}` }),
);
const ask = (item: DrillItem) =>
  oracle({ kind: item.kind, directive: item.directive, shown: item.shown });

/** The statements of the item's vocabulary that the oracle finds true here. */
function truths(item: DrillItem, a: OracleAnswer): string[] {
  if (a.kind === "app-call") return [oracleText(a), ...a.alsoTrue.map((t) => APP_CALL_TEXT[t])];
  if (a.kind === "deciding-row") return a.failing.map((r) => ROW_TEXT[r as keyof typeof ROW_TEXT]);
  return [oracleText(a)];
}

/** The engine as the generator uses it: a scenario in, the item's key out. */
type Engine = (s: Scenario, item: DrillItem) => string;
const engine =
  (
    input: (s: Scenario) => Scenario = (s) => s,
    output: (d: Decision, s: Scenario) => Decision = (d) => d,
  ): Engine =>
  (scenario, item) => {
    const s = input(structuredClone(scenario));
    const listed = agentListOf(s)
      .filter((t) => t.listed)
      .map((t) => t.name);
    return answerText(item.kind, output(previewDecision(s), s), item.directive, listed);
  };

/** Items where `run` keys differently from the oracle. */
const disagreements = (run: Engine) =>
  items.filter((item) => !sameAnswer(item, run(item.scenario, item), oracleText(ask(item))));

describe("a second oracle, from the rules text", () => {
  it(`keys all ${SEEDS} items as the engine does`, () => {
    let exact = 0;
    const differ: string[] = [];
    for (const item of items) {
      const o = oracleText(ask(item));
      if (o === item.key) exact++;
      else if (!sameAnswer(item, o, item.key))
        differ.push(
          `${item.seed} (${item.kind}, ${item.cause}): oracle "${o}", engine "${item.key}"`,
        );
    }
    const asSets = SEEDS - differ.length - exact;
    console.log(
      `Oracle agreement: ${SEEDS - differ.length} of ${SEEDS} keys equal (${exact} word for word${asSets ? `, ${asSets} as sets of csp sources: the engine drops a repeated origin` : ""})`,
    );
    expect(differ).toEqual([]);
  });

  it("finds no distractor true: every item has one true answer among its options", () => {
    const twoTrue: string[] = [];
    for (const item of items) {
      const t = truths(item, ask(item));
      for (const o of item.question.options) {
        if (o.id === item.question.answer) continue;
        const meaning = item.meanings[o.id]!;
        if (t.some((x) => sameAnswer(item, x, meaning)))
          twoTrue.push(`${item.seed} (${item.kind}): "${meaning}" is also true`);
      }
    }
    console.log(`Items with a second true option, by the oracle: ${twoTrue.length} of ${SEEDS}`);
    expect(twoTrue).toEqual([]);
  });

  it("catches each of three faults planted in the engine", () => {
    const faults: Record<string, Engine> = {
      // Input: an omitted visibility read as an empty list, not as both callers (TOOL-2).
      "omitted visibility read as []": engine((s) => {
        s.uiTool.visibility ??= [];
        for (const t of s.otherTools) t.visibility ??= [];
        return s;
      }),
      // Output: connect-src built without the declared connectDomains (CSP-2).
      "connect-src without its declared origins": engine(undefined, (d) =>
        d.csp
          ? {
              ...d,
              csp: {
                ...d.csp,
                header: d.csp.header.replace(/connect-src 'self'[^;]*/, "connect-src 'self'"),
              },
            }
          : d,
      ),
      // Order: consent asked before visibility, so a refused consent hides a visibility refusal.
      "consent before visibility": engine(undefined, (d, s) => {
        const refuses =
          s.consent === "deny" || (s.consent === "ask" && s.consentAnswer !== "allow");
        if (!d.appCall || d.appCall.forward || d.appCall.askedConsent || !refuses) return d;
        if (!d.appCall.ruleIds.some((r) => r.startsWith("TOOL-"))) return d;
        return { ...d, appCall: { ...d.appCall, askedConsent: true, ruleIds: ["BRG-5"] } };
      }),
    };
    expect(disagreements(engine())).toEqual([]);
    const caught = Object.entries(faults).map(([name, run]) => ({
      name,
      items: disagreements(run).length,
    }));
    console.log(
      `Mutation test: ${caught.filter((c) => c.items > 0).length} of ${caught.length} planted faults caught (${caught.map((c) => `${c.name}: ${c.items} items`).join("; ")})`,
    );
    for (const c of caught) expect(c.items, c.name).toBeGreaterThan(0);
  });

  it("reads fixed answers in the same words as the items", () => {
    // Guards textOf against drift: the oracle's words for "nothing" are the items' own.
    expect(allowText("")).toBe(NO_ALLOW);
    expect(agentListText([])).toBe(AGENT_LIST_EMPTY);
  });
});
