import { useEffect, useRef, useState } from "react";
import { randomSeed } from "@/lib/quiz/random";
import { answerByKey, useShortcuts, type ShortcutHelp } from "../shortcuts";

/** The keys a drill session answers to, as its page lists them. */
export const DRILL_SHORTCUTS: readonly ShortcutHelp[] = [
  { keys: "1–4", does: "choose an option" },
  { keys: "Enter", does: "check the answer" },
  { keys: "N", does: "next item" },
];

/** A `?seed=` a session may be replayed from: short, and safe to put in an item's seed. */
const REPLAYABLE_SEED = /^[\w-]{1,40}$/;

/**
 * The sequence of items a drill session walks through, shared by the drill page and the drill on
 * real hosts: the session's seed (read once in the browser from `?seed=`, else drawn, so nothing
 * renders before it and the server never draws an item the browser would replace), the item's
 * number, what was answered, and the keys: a digit picks an option and Enter checks it inside
 * `root`, N moves on once the item is answered. Item n's seed is `<seed>-<n>`.
 */
export function useDrillSequence<Answer>() {
  const [seed, setSeed] = useState<string | null>(null);
  const [n, setN] = useState(0);
  const [answered, setAnswered] = useState<Answer[]>([]);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("seed");
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSeed(fromUrl && REPLAYABLE_SEED.test(fromUrl) ? fromUrl : randomSeed());
  }, []);

  const done = answered.length > n;
  /** The next item, its heading focused so a screen reader starts there. */
  const next = () => {
    setN((x) => x + 1);
    requestAnimationFrame(() => heading.current?.focus());
  };
  useShortcuts((key) => {
    if (key === "n" && done) {
      next();
      return true;
    }
    return answerByKey(root, key);
  });

  return {
    /** The seed of the item on screen; null until the session's seed is known. */
    itemSeed: seed === null ? null : `${seed}-${n}`,
    n,
    answered,
    root,
    heading,
    next,
    addAnswer: (answer: Answer) => setAnswered((a) => [...a, answer]),
    /**
     * After the learner changes what is drawn: the item on screen is replaced by a fresh one,
     * numbered after those answered (an answered item keeps its number).
     */
    redraw: () => setN(answered.length),
  };
}
