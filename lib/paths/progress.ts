/**
 * Where a learner stands on a learning path (content/paths/), read from the saved progress. Pure
 * and free of Node and React, so the home page's client code and vitest share it.
 */

/** The three learners the home page asks about. */
export const PATH_IDS = ["exam", "host", "server"] as const;
export type PathId = (typeof PATH_IDS)[number];

/** A step as far as progress goes (the content schema in lib/content/paths has the full shape). */
export type ProgressStep =
  | { kind: "lesson"; lesson: string }
  | { kind: "preset"; preset: string }
  | { kind: "practice"; topic: string; goal: number }
  | { kind: "exam" }
  | { kind: "spaced-review" }
  | { kind: "server-review" };

/** The parts of the saved progress a path reads. */
export interface PathProgressInput {
  completedLessons: Readonly<Record<string, string>>;
  answers: Readonly<Record<string, unknown>>;
  examsTaken: number;
  /** Review cards due today, and how many cards there are in all. */
  dueToday: number;
  cards: number;
  /** Topic id → the ids of its questions. */
  topicQuestions: Readonly<Record<string, readonly string[]>>;
}

interface StepStatus {
  done: boolean;
  /** False where nothing is saved that could tell (the server review keeps nothing). */
  tracked: boolean;
  /** How far along, in words, where there is more to say than done or not. */
  detail?: string;
}

/** The answer key under which the simulator saves a prediction for a preset. */
export function predictionKey(preset: string): string {
  return `simulator:${preset}`;
}

function stepStatus(step: ProgressStep, input: PathProgressInput): StepStatus {
  switch (step.kind) {
    case "lesson":
      return { done: Boolean(input.completedLessons[step.lesson]), tracked: true };
    case "preset":
      return {
        done: Object.hasOwn(input.answers, predictionKey(step.preset)),
        tracked: true,
      };
    case "practice": {
      const ids = input.topicQuestions[step.topic] ?? [];
      const answered = ids.filter((id) => Object.hasOwn(input.answers, id)).length;
      const goal = Math.min(step.goal, ids.length);
      return {
        done: answered >= goal,
        tracked: true,
        detail: `${Math.min(answered, goal)} of ${goal} answered`,
      };
    }
    case "exam":
      return {
        done: input.examsTaken > 0,
        tracked: true,
        detail: input.examsTaken > 0 ? `${input.examsTaken} taken` : undefined,
      };
    case "spaced-review":
      // A standing habit rather than a box to tick: done for today when nothing is due.
      return {
        done: input.cards > 0 && input.dueToday === 0,
        tracked: true,
        detail:
          input.cards === 0
            ? "no cards yet"
            : input.dueToday === 0
              ? "nothing due today"
              : `${input.dueToday} due today`,
      };
    case "server-review":
      return {
        done: false,
        tracked: false,
        detail: "not tracked: nothing about your server is saved",
      };
  }
}

export interface PathProgress {
  statuses: StepStatus[];
  /** Tracked steps done, out of tracked steps. */
  done: number;
  tracked: number;
  /** The first step not done (untracked steps included), or null when every step is done. */
  next: number | null;
}

export function pathProgress(
  steps: readonly ProgressStep[],
  input: PathProgressInput,
): PathProgress {
  const statuses = steps.map((s) => stepStatus(s, input));
  const tracked = statuses.filter((s) => s.tracked);
  const next = statuses.findIndex((s) => !s.done);
  return {
    statuses,
    done: tracked.filter((s) => s.done).length,
    tracked: tracked.length,
    next: next === -1 ? null : next,
  };
}
