"use client";

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MutableRefObject,
  type SyntheticEvent,
} from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import type { Predictions } from "./prediction";

/** A text field re-runs once typing pauses this long (or on Enter or leaving the field). */
const TYPING_PAUSE_MS = 700;

/** Fields whose every keystroke changes the scenario; their runs wait for a pause. */
function isTyping(target: EventTarget): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
}

/**
 * When runs start. A change starts its run in the input's own event handler (changeScenario),
 * with the new scenario computed there, not after React has rendered it: the previous view's
 * teardown and the new agent turn overlap the table's render. Typing in a text field waits for a
 * pause, Enter or leaving the field: runs follow intent, not keystrokes, while the table still
 * follows every keystroke. A run held back (the first one, after a link is read, after predicting)
 * starts once `held` turns false.
 */
export function useRunScheduler({
  execute,
  latestRef,
  setScenario,
  held,
}: {
  execute(s: Scenario, predicted?: Predictions): Promise<void>;
  /** The scenario as the learner last changed it, ahead of React's render of it. */
  latestRef: MutableRefObject<Scenario>;
  setScenario(s: Scenario): void;
  /** True while no change may start a run: predicting first, a link being read, no theme yet. */
  held: boolean;
}) {
  /** How the next scenario change should start its run: at once, or after a typing pause. */
  const nextRun = useRef<"now" | "pause">("now");
  /** A run waiting for a typing pause. */
  const pendingRun = useRef<number | undefined>(undefined);
  const runsHeld = useRef(true);

  // Only a run held back starts here, once it may; a new theme starts none (it goes to the live
  // view as a host-context change).
  useLayoutEffect(() => {
    runsHeld.current = held;
    if (held) return;
    // On a task of its own (a message, not a timer, so it is not held back behind the paint), so
    // the table's preview is in the DOM first.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      window.clearTimeout(pendingRun.current);
      void execute(latestRef.current);
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [held, execute, latestRef]);
  useEffect(() => () => window.clearTimeout(pendingRun.current), []);

  /** Starts the run for the latest scenario now, or after a typing pause. */
  const runLatest = useCallback(
    (how: "now" | "pause") => {
      window.clearTimeout(pendingRun.current);
      pendingRun.current = undefined;
      if (runsHeld.current) return;
      const start = () => {
        pendingRun.current = undefined;
        if (!runsHeld.current) void execute(latestRef.current);
      };
      if (how === "pause") pendingRun.current = window.setTimeout(start, TYPING_PAUSE_MS);
      else start();
    },
    [execute, latestRef],
  );

  /** Starts a run that is waiting for a typing pause, at once (Enter, or leaving the field). */
  const flushRun = useCallback(() => {
    if (pendingRun.current !== undefined) runLatest("now");
  }, [runLatest]);

  /**
   * Every change of the scenario by the learner goes through here, from the input's event
   * handler: the new scenario is shown (React renders it) and its run starts at once, or after a
   * typing pause when the change came from a text field.
   */
  const changeScenario = useCallback(
    (next: Scenario) => {
      latestRef.current = next;
      setScenario(next);
      const how = nextRun.current;
      nextRun.current = "now";
      runLatest(how);
    },
    [runLatest, latestRef, setScenario],
  );

  /** How the next change starts its run. */
  const markChange = useCallback((how: "now" | "pause") => {
    nextRun.current = how;
  }, []);

  /** The Run button: a run waiting for a typing pause is this run. */
  const runNow = (predicted?: Predictions) => {
    window.clearTimeout(pendingRun.current);
    pendingRun.current = undefined;
    void execute(latestRef.current, predicted);
  };

  /** On the form's column: text fields wait for a pause before re-running; anything else runs at once. */
  const fieldHandlers = {
    onChangeCapture: (e: SyntheticEvent) => {
      nextRun.current = isTyping(e.target) ? "pause" : "now";
    },
    onClickCapture: (e: SyntheticEvent) => {
      if (!isTyping(e.target)) nextRun.current = "now";
    },
    onBlur: (e: FocusEvent) => {
      if (isTyping(e.target)) flushRun();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" && e.target instanceof HTMLInputElement && isTyping(e.target))
        flushRun();
    },
  };

  return { changeScenario, flushRun, markChange, runNow, fieldHandlers };
}
