"use client";

import { useEffect, useState } from "react";

type ExamEngine = typeof import("./exam-engine");

let engine: ExamEngine | undefined;
let loading: Promise<ExamEngine> | undefined;

/** Loads the exam's engine chunk once; a failed load is not kept, so the next call tries again. */
export function loadExamEngine(): Promise<ExamEngine> {
  return (loading ??= import("./exam-engine").then(
    (m) => (engine = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

// The request starts as this module is evaluated in the browser, while React hydrates: by the
// time a learner presses "Start exam" the engine is normally there.
if (typeof window !== "undefined") void loadExamEngine().catch(() => {});

export type EngineState =
  | { status: "ready"; engine: ExamEngine }
  | { status: "loading" }
  | { status: "failed"; retry: () => void };

/** The exam's engine for a component: ready at once when already loaded, else when it arrives. */
export function useExamEngine(): EngineState {
  const [state, setState] = useState<EngineState>(() =>
    engine ? { status: "ready", engine } : { status: "loading" },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadExamEngine().then(
      (m) => live && setState((s) => (s.status === "ready" ? s : { status: "ready", engine: m })),
      () =>
        live &&
        setState({
          status: "failed",
          retry: () => {
            setState({ status: "loading" });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
