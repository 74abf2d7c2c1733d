// The cold-start figure (f) of `npm run bench:simulator`, split into the steps a first visit
// goes through: each step's time since navigation, and the segment that ends at it. Pure, so
// the arithmetic is unit-tested; the bench collects the times from the page.

/** The steps, in the order a first run goes through them, with a label for the printout. */
export const COLD_STEPS = [
  ["document", "document received (responseEnd)"],
  ["hydrated", "page hydrated"],
  ["runner", "runner chunk evaluated"],
  ["runStart", "first run starts"],
  ["ticket", "agent turn done, proxy URL in hand"],
  ["proxyReady", "proxy loaded (sandbox-proxy-ready)"],
  ["initialized", "view initialized"],
  ["result", "view has its result"],
] as const;

type ColdStep = (typeof COLD_STEPS)[number][0];
/** One cold load: ms since navigation start per step (NaN when the page did not record it). */
export type ColdSample = Record<ColdStep, number>;

const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export interface ColdSegment {
  step: ColdStep;
  label: string;
  /** Median time of the step since navigation. */
  at: number;
  /** Median over samples of (this step − the previous recorded step), per sample. */
  segment: number;
}

/** Median time of each step and of each segment (per sample, then the median). */
export function coldSegments(samples: readonly ColdSample[]): ColdSegment[] {
  return COLD_STEPS.map(([step, label], i) => ({
    step,
    label,
    at: median(samples.map((s) => s[step])),
    segment: median(
      samples.map((s) => {
        if (i === 0) return s[step];
        // The step before that this sample recorded (a spare proxy may have had its ticket early).
        for (let j = i - 1; j >= 0; j--) {
          const prev = s[COLD_STEPS[j]![0]];
          if (Number.isFinite(prev)) return s[step] - prev;
        }
        return s[step];
      }),
    ),
  }));
}

/** The segments as printed lines, with each segment's share of the median total. */
export function formatColdSegments(rows: readonly ColdSegment[], fmt: (ms: number) => string) {
  const total = rows[rows.length - 1]!.at;
  return rows.map(
    (r) =>
      `    ${r.label.padEnd(38)} at ${fmt(r.at).padStart(9)}   +${fmt(r.segment).padStart(9)}` +
      (Number.isFinite(total) && total > 0 ? ` (${Math.round((100 * r.segment) / total)} %)` : ""),
  );
}
