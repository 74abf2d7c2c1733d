/**
 * One view's life in the page (browser only): see ViewSession. The simulator
 * (lib/simulator/browser/run-in-browser) and /review's live view (lib/review/live-view) are
 * adapters over it that supply the view, its tool input and its result.
 */
export * from "./session";
export * from "./frame-sizer";
