// What a page holds in memory, read over the Chrome DevTools Protocol after forced garbage
// collection: shared by the leak test (e2e/simulator-footprint.spec.ts) and bench:simulator.
import type { Page } from "@playwright/test";

export interface Footprint {
  /** Elements in the page's document (`document.getElementsByTagName('*').length`). */
  elements: number;
  /** Live DOM nodes in the page's renderer, attached or not (CDP Performance metric `Nodes`). */
  nodes: number;
  /** Bytes of JS heap in use in the page's renderer after garbage collection. */
  heapUsed: number;
  /** Live JS event listeners in the renderer (CDP `JSEventListeners`). */
  listeners: number;
  /** Live documents in the renderer (CDP `Documents`), detached ones included. */
  documents: number;
}

/**
 * Collects garbage (twice: the first pass can leave what finalizers free) and reads the page's
 * footprint. Out-of-process frames (the per-run sandbox origins) are not in these figures: they
 * are the host page's own, which is what a run must not grow.
 */
export async function pageFootprint(page: Page): Promise<Footprint> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Performance.enable");
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    return {
      elements,
      nodes: metric("Nodes"),
      heapUsed: heap.usedSize,
      listeners: metric("JSEventListeners"),
      documents: metric("Documents"),
    };
  } finally {
    await cdp.detach();
  }
}

/** One line per figure: at the first measure, at the second, and the change in per cent. */
export function describeGrowth(a: Footprint, b: Footprint, atA: number, atB: number): string {
  const pct = (x: number, y: number) => `${(((y - x) / x) * 100).toFixed(1)} %`;
  const row = (name: keyof Footprint, unit = (v: number) => String(v)) =>
    `${name}: run ${atA} ${unit(a[name])}, run ${atB} ${unit(b[name])} (${pct(a[name], b[name])})`;
  const mib = (v: number) => `${(v / 1024 / 1024).toFixed(2)} MiB`;
  return [
    row("elements"),
    row("nodes"),
    row("heapUsed", mib),
    row("listeners"),
    row("documents"),
  ].join("\n");
}
