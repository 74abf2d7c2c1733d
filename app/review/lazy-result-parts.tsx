"use client";

import dynamic from "next/dynamic";

/**
 * The tool runner is only ever shown with a review's result, which needs Connect first, so its
 * code (the form, the dialogs, the log) is not in /review's first load: it loads with the result.
 */
export const LazyToolRunner = dynamic(() => import("./tool-runner").then((m) => m.ToolRunner), {
  ssr: false,
  loading: () => <p className="muted">Loading the tool runner…</p>,
});

/** "Works in" too is only shown with a review's result: it loads with it. */
export const LazyWorksInTable = dynamic(
  () => import("./works-in-table").then((m) => m.WorksInTable),
  { ssr: false, loading: () => <p className="muted">Loading the Works in table…</p> },
);
