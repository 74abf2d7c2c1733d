/**
 * The /review page's static view checks off its thread (issue #39, item 3): the worker's message
 * contract, and what happens when no worker starts, when it fails and when it never answers. Node
 * has no Web Worker, so the workers here are stand-ins with a Worker's shape.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  analyzeViewsOffThread,
  type StaticViewAnswer,
  type StaticViewRequest,
  type StaticViewWorker,
} from "./static-view-off-thread";
import { analyzeView } from "./static-view";

const VIEWS = [
  `<!doctype html><html><body><img src="https://one.example/a.png"></body></html>`,
  `<!doctype html><html><body><script>fetch("https://two.example/api")</script></body></html>`,
];

/** A stand-in worker: answers each request as the real one does, after a turn of the event loop. */
class StandInWorker implements StaticViewWorker {
  onmessage: ((event: { data: StaticViewAnswer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  posted: StaticViewRequest[] = [];
  terminated = false;
  constructor(private readonly behaviour: "answer" | "fail" | "silent" = "answer") {}

  postMessage(request: StaticViewRequest) {
    this.posted.push(request);
    setTimeout(() => {
      if (this.terminated) return;
      if (this.behaviour === "answer")
        this.onmessage?.({ data: { id: request.id, findings: analyzeView(request.html) } });
      if (this.behaviour === "fail") this.onerror?.(new Error("the worker's script did not load"));
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("analyzeViewsOffThread", () => {
  it("posts each view to the worker, gives its findings in the order asked and ends the worker", async () => {
    const worker = new StandInWorker();
    const found = await analyzeViewsOffThread(VIEWS, () => worker);
    expect(worker.posted).toEqual([
      { id: 0, html: VIEWS[0] },
      { id: 1, html: VIEWS[1] },
    ]);
    expect(found).toEqual(VIEWS.map((html) => analyzeView(html)));
    expect(found.map((f) => f.loads.map((l) => l.origin))).toEqual([
      ["https://one.example"],
      ["https://two.example"],
    ]);
    expect(worker.terminated).toBe(true);
  });

  it("with no Worker at all (Node here), checks the views on this thread", async () => {
    expect(typeof Worker).toBe("undefined");
    expect(await analyzeViewsOffThread(VIEWS)).toEqual(VIEWS.map((html) => analyzeView(html)));
  });

  it("when the worker fails (its script did not load), checks the views on this thread", async () => {
    const worker = new StandInWorker("fail");
    expect(await analyzeViewsOffThread(VIEWS, () => worker)).toEqual(
      VIEWS.map((html) => analyzeView(html)),
    );
    expect(worker.terminated).toBe(true);
  });

  it("when the worker never answers, ends it and counts the views as not read", async () => {
    const worker = new StandInWorker("silent");
    const found = await analyzeViewsOffThread(VIEWS, () => worker, 20);
    expect(worker.terminated).toBe(true);
    expect(found.map((f) => f.reading)).toEqual(
      VIEWS.map((html) => ({ length: html.length, read: 0, line: 1, stopped: "deadline" })),
    );
  });
});

describe("static-view.worker.ts", () => {
  it("answers { id, html } with { id, findings } from analyzeView", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal("onmessage", null);
    vi.stubGlobal("postMessage", (answer: unknown) => posted.push(answer));
    await import("./static-view.worker");
    const scope = globalThis as unknown as { onmessage: (e: { data: StaticViewRequest }) => void };
    scope.onmessage({ data: { id: 7, html: VIEWS[1]! } });
    expect(posted).toEqual([{ id: 7, findings: analyzeView(VIEWS[1]!) }]);
  });
});
