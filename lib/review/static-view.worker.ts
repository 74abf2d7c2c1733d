/**
 * The worker of static-view-off-thread.ts: the /review page's static view checks, away from the
 * page's thread. One message per view, `{ id, html }` in and `{ id, findings }` out.
 */
import type { StaticViewAnswer, StaticViewRequest } from "./static-view-off-thread";
import { analyzeView } from "./static-view";

/** The worker's global scope, as much of it as this uses (the project's types are the page's). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<StaticViewRequest>) => void) | null;
  postMessage(answer: StaticViewAnswer): void;
};

scope.onmessage = ({ data }) =>
  scope.postMessage({ id: data.id, findings: analyzeView(data.html) });
