"use client";

import { useEffect, useMemo, useState } from "react";
import { QuestionCard } from "@/app/_components/question-card";
import { RichText } from "@/app/_components/rich-text";
import { useAppStore } from "@/app/_components/store-provider";
import { drillSimulatorLink, DRILLABLE_RULES, generateDrillItem } from "@/lib/drill/generator";
import { DRILL_TOPICS, type DrillTopic } from "@/lib/drill/space";
import { formatInterval } from "@/lib/quiz/card";
import { lastMissedRules } from "@/lib/quiz/readiness";
import type { RuleId } from "@/lib/rules";
import { ShortcutList } from "../shortcuts";
import { topicName } from "../topics";
import { useNow } from "../use-now";
import { DRILL_SHORTCUTS, useDrillSequence } from "./use-drill-sequence";

/**
 * What the session draws from: a topic, a rule, or the learner's weakest rules at the moment they
 * chose them (a fixed list, taken in turn, so an item never changes under the learner).
 */
type Focus = { topic?: DrillTopic; rule?: RuleId; weakest?: RuleId[] };

const WEAKEST = "weakest";

/**
 * A drill session: generated items one at a time, on a topic, a rule or anything. The seed is
 * drawn in the browser (or read from `?seed=`, so a session can be replayed); nothing renders
 * before it, so the server never draws an item the browser would then replace.
 */
export function DrillSession() {
  const { itemSeed, n, answered, root, heading, next, addAnswer, redraw } = useDrillSequence<{
    rules: readonly string[];
    correct: boolean;
  }>();
  const [focus, setFocus] = useState<Focus>({});
  const recordDrill = useAppStore((s) => s.recordDrill);
  const ruleCards = useAppStore((s) => s.quiz.ruleCards);
  const drillResults = useAppStore((s) => s.quiz.drillResults);
  const drilled = DRILLABLE_RULES.filter((r) => ruleCards?.[r]);
  const hydrated = useAppStore((s) => s.hydrated);

  useEffect(() => {
    // Runs once in the browser, with the session's seed: `?topic=` or `?rule=` (the Progress
    // page's "drill next" link) is the first choice.
    const params = new URLSearchParams(window.location.search);
    const topic = DRILL_TOPICS.find((t) => t === params.get("topic"));
    const rule = DRILLABLE_RULES.find((r) => r === params.get("rule"));
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (rule) setFocus({ rule });
    else if (topic) setFocus({ topic });
  }, []);

  const item = useMemo(() => {
    if (itemSeed === null) return null;
    try {
      const { weakest, ...rest } = focus;
      const rule = weakest ? weakest[n % weakest.length] : rest.rule;
      return generateDrillItem({ seed: itemSeed, ...rest, rule });
    } catch (error) {
      return error as Error;
    }
  }, [itemSeed, n, focus]);

  const choose = (f: Focus) => {
    setFocus(f);
    redraw();
  };

  return (
    <div className="widget practice" data-testid="drill" ref={root}>
      <form className="drill-focus" onSubmit={(e) => e.preventDefault()}>
        <label>
          Topic{" "}
          <select
            value={focus.topic ?? ""}
            onChange={(e) => choose(e.target.value ? { topic: e.target.value as DrillTopic } : {})}
          >
            <option value="">Any topic</option>
            {DRILL_TOPICS.map((t) => (
              <option key={t} value={t}>
                {topicName(t)}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Rule{" "}
          <select
            value={focus.weakest ? WEAKEST : (focus.rule ?? "")}
            onChange={async (e) => {
              const value = e.target.value;
              if (value !== WEAKEST) return choose(value ? { rule: value as RuleId } : {});
              // The scheduler loads on demand, as it does for the first answer.
              const { weakestRules } = await import("@/lib/quiz/review");
              const cards = Object.fromEntries(drilled.map((r) => [r, ruleCards![r]!]));
              const missed = lastMissedRules(drillResults ?? {});
              choose({
                weakest: weakestRules(cards, new Date(), 5, missed).map((w) => w.rule as RuleId),
              });
            }}
          >
            <option value="">Any rule</option>
            <option value={WEAKEST} disabled={drilled.length === 0}>
              {drilled.length === 0
                ? "My weakest rules (drill a few items first)"
                : "My weakest rules, weakest first"}
            </option>
            {DRILLABLE_RULES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        {focus.weakest ? (
          <p className="muted" data-testid="weakest-rules">
            Your weakest rules when you chose them, taken in turn: {focus.weakest.join(", ")}
          </p>
        ) : null}
      </form>
      <div className="practice-bar">
        <h2 ref={heading} tabIndex={-1} className="question-heading">
          Item {n + 1}
        </h2>
        {item && !(item instanceof Error) ? (
          <p className="muted">
            {topicName(item.question.topic)} · {item.question.difficulty} ·{" "}
            {answered.filter((a) => a.correct).length} of {answered.length} right this session
          </p>
        ) : null}
      </div>
      {item instanceof Error ? (
        <p role="alert">No item could be drawn for this choice: {item.message}</p>
      ) : item && hydrated ? (
        <QuestionCard
          key={itemSeed}
          question={item.question}
          record={async (correct) => {
            await recordDrill(item.question.rules, correct, item.question.topic);
            addAnswer({ rules: item.question.rules, correct });
          }}
          afterFeedback={
            <>
              <RichText text={item.explanation} />
              <SimulatorLink item={item} />
              <button type="button" onClick={next}>
                Next item
              </button>
            </>
          }
        />
      ) : (
        <p className="muted">Drawing an item…</p>
      )}
      <RulesDue rules={[...new Set(answered.flatMap((a) => a.rules))]} />
      <ShortcutList items={DRILL_SHORTCUTS} />
    </div>
  );
}

function SimulatorLink({ item }: { item: Parameters<typeof drillSimulatorLink>[0] }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void drillSimulatorLink(item).then((h) => live && setHref(h));
    return () => {
      live = false;
    };
  }, [item]);
  return href ? (
    <p>
      <a href={href}>Run this scenario in the simulator</a>
    </p>
  ) : null;
}

/** The rules drilled this session and when each is due again, from its drill card. */
function RulesDue({ rules }: { rules: string[] }) {
  const cards = useAppStore((s) => s.quiz.ruleCards);
  const now = useNow(15_000);
  if (!rules.length) return null;
  return (
    <section aria-labelledby="drill-due-heading" data-testid="drill-due">
      <h3 id="drill-due-heading">Rules drilled this session</h3>
      <ul>
        {rules.sort().map((r) => {
          const card = cards?.[r];
          const ms = card ? Date.parse(card.due) - now : 0;
          return (
            <li key={r} data-rule={r}>
              {r}: due again {ms <= 60_000 ? "within a minute" : `in ${formatInterval(ms)}`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
