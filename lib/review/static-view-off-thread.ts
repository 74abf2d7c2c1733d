/**
 * The static view checks for the /review page, in a Web Worker (issue #39, item 3): a large view
 * can take the checks up to their deadline, and on the page's own thread that froze the tab. Where
 * no worker starts (no Worker, or its script fails to load), they run on this thread, bounded by
 * the same caps.
 */
import { analyzeView, STATIC_VIEW_LIMITS } from "./static-view";
import type { StaticViewFindings } from "./static-view-findings";

/** One view for the worker to check, and its answer. */
export interface StaticViewRequest {
  id: number;
  html: string;
}
export interface StaticViewAnswer {
  id: number;
  findings: StaticViewFindings;
}

/** The part of a Worker this module uses (a test hands in its own). */
export interface StaticViewWorker {
  postMessage(request: StaticViewRequest): void;
  onmessage: ((event: { data: StaticViewAnswer }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

/** The worker of static-view.worker.ts, or undefined where none can start. */
function startStaticViewWorker(): StaticViewWorker | undefined {
  if (typeof Worker === "undefined") return undefined;
  try {
    // The pattern Next's bundler recognises: the worker becomes a chunk of its own, loaded only now.
    return new Worker(new URL("./static-view.worker.ts", import.meta.url), {
      type: "module",
    }) as unknown as StaticViewWorker;
  } catch {
    return undefined;
  }
}

/**
 * What a worker that never answered leaves: nothing read. Its deadline should end every view's
 * check within about 2 s; this is for a worker stuck anyway.
 */
function notRead(html: string): StaticViewFindings {
  return {
    loads: [],
    evals: [],
    displayModes: { requests: [], reads: [] },
    reading: { length: html.length, read: 0, line: 1, stopped: "deadline" },
    dropped: { loads: 0, evals: 0, requests: 0, reads: 0 },
  };
}

/**
 * Each view's static findings, in the order given, worked out in a worker. When the worker fails
 * (it did not load, or it threw), the views it has not answered are checked on this thread; when
 * it has not answered them all after `waitMs` (each view's deadline and 5 s more), it is ended and
 * those views count as not read.
 */
export function analyzeViewsOffThread(
  htmls: readonly string[],
  start: () => StaticViewWorker | undefined = startStaticViewWorker,
  waitMs = htmls.length * STATIC_VIEW_LIMITS.deadlineMs + 5000,
): Promise<StaticViewFindings[]> {
  if (!htmls.length) return Promise.resolve([]);
  const worker = start();
  if (!worker) return Promise.resolve(htmls.map((html) => analyzeView(html)));
  return new Promise((resolve) => {
    const found: (StaticViewFindings | undefined)[] = htmls.map(() => undefined);
    let left = htmls.length;
    const finish = (rest: (html: string) => StaticViewFindings) => {
      clearTimeout(timer);
      worker.onmessage = worker.onerror = null;
      worker.terminate();
      resolve(htmls.map((html, i) => found[i] ?? rest(html)));
    };
    const timer = setTimeout(() => finish(notRead), waitMs);
    worker.onmessage = ({ data }) => {
      if (found[data.id] || !data.findings) return;
      found[data.id] = data.findings;
      if (--left === 0) finish(notRead);
    };
    worker.onerror = () => finish((html) => analyzeView(html));
    htmls.forEach((html, id) => worker.postMessage({ id, html }));
  });
}
