// The review page's states and the server it reviews: the vocabulary its parts share.
import type { BrowserReviewResult } from "@/lib/review/browser";
import type { ReachProblem } from "@/lib/review/reach";
import type { CollectStep } from "@/lib/review/steps";

/** What the learner connected to, kept in memory only (the token never leaves the review page). */
export interface ReviewTarget {
  url: string;
  token?: string;
}

/** Where the review stands: not started, at a step, done, or failed with the reason. */
export type Phase =
  | { kind: "idle" }
  | { kind: "running"; step: CollectStep | "load" }
  | { kind: "done"; target: ReviewTarget; result: Extract<BrowserReviewResult, { ok: true }> }
  | { kind: "failed"; problem: ReachProblem };
