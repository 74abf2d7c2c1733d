// npm run bench:static-view — no build and no browser: times the checks the review makes of a
// view's HTML without a browser (the html-document item and staticViewItems: the analysis of
// static-view.ts and the items' evidence) on pathological documents, each at 100, 200, 400 and
// 800 KB, and prints the median CPU time of BENCH_RUNS runs per size, the ratio per doubling and
// over the whole range (linear checks give about 2 per doubling, quadratic ones about 4) and the
// largest evidence the items carry. Figures, not pass/fail (issue #39, item 3).
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import type { UiToolReview } from "../lib/host";
import { staticViewItems } from "../lib/review/static-view-items";
import { htmlDocumentVerdict } from "../lib/review/wire-checks";
import { stats } from "./bench-harness";

// Enough runs that a garbage collection falling in one of them does not move the median.
const RUNS = Number(process.env.BENCH_RUNS ?? 11);

const SIZES_KB = (process.env.BENCH_SIZES ?? "100,200,400,800").split(",").map(Number);

/**
 * A document whose body repeats `unit(i)` up to `kb` KB (1024 characters each): complete, or (with
 * `bare`) only the units, as a server might send a fragment.
 */
function documentOf(
  kb: number,
  unit: (i: number) => string,
  open = "",
  close = "",
  bare = false,
): string {
  if (bare) return documentOf(kb, unit, open, close).replace(/^.*?<body>|<\/body><\/html>$/g, "");
  const head = `<!doctype html><html><head><title>bench</title></head><body>${open}`;
  const parts = [head];
  let length = head.length;
  for (let i = 0; length < kb * 1024; i++) {
    const u = unit(i);
    parts.push(u);
    length += u.length;
  }
  return `${parts.join("")}${close}</body></html>`;
}

/** The inputs of issue #39: each made, at every size, of what today's checks rescan per match. */
const INPUTS: { name: string; make: (kb: number) => string }[] = [
  { name: "unclosed comment", make: (kb) => documentOf(kb, (i) => `<!-- note ${i}\n`) },
  { name: "unclosed tag", make: (kb) => documentOf(kb, (i) => `<img alt="${i}"\n`) },
  {
    // Not a complete document, so the html-document item looks for any tag in it.
    name: "unclosed tag, no <!doctype html>",
    make: (kb) => documentOf(kb, (i) => `<img alt="${i}"\n`, "", "", true),
  },
  {
    name: "many <img src> loads",
    make: (kb) => documentOf(kb, (i) => `<img src="https://img${i}.example.org/a.png">\n`),
  },
  {
    name: 'many fetch("https://…") literals',
    make: (kb) =>
      documentOf(
        kb,
        (i) => `fetch("https://api${i}.example.org/v1");\n`,
        "<script type=module>\n",
        "</script>",
      ),
  },
];

/** The part of a tool review these checks read: its name and the view as resources/read gave it. */
function tool(html: string): UiToolReview {
  return {
    name: "bench",
    read: {
      ok: true,
      result: {
        contents: [
          { uri: "ui://bench/view.html", mimeType: "text/html;profile=mcp-app", text: html },
        ],
      },
      hints: {},
    },
  } as unknown as UiToolReview;
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
/**
 * This process's CPU time, in ms. The ratios are taken on it rather than on the clock: on a
 * machine shared with other work the clock also counts the time the checks waited for a core.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
console.log(
  `A view's checks without a browser (html-document, staticViewItems): median CPU time per check over ${RUNS} runs per size (a run checks a smaller document several times, as much text as the largest), median elapsed time beside it; ratio = this size / half of it, on CPU time`,
);
/** What the review checks of a view's HTML without a browser: is it a document, and the static items. */
function viewChecks(html: string) {
  const verdict = htmlDocumentVerdict(html, "text", "text/html;profile=mcp-app");
  return [verdict, ...staticViewItems(tool(html))];
}
// Warms the JIT up on each kind of document at the first size (for half a second, and at least
// once), so that size is not charged for compiling the checks.
for (const input of INPUTS) {
  const html = input.make(SIZES_KB[0]!);
  for (const t0 = performance.now(); performance.now() - t0 < 500;) viewChecks(html);
}
/**
 * Each run checks a document this many times (the time per check is its share): every run then
 * reads as much text as one check of the largest, so a small document is timed over more than a
 * few milliseconds.
 */
const largest = Math.max(...SIZES_KB);
const repeatsOf = (kb: number) => Math.max(1, Math.round(largest / kb));

for (const input of INPUTS) {
  console.log(`\n${input.name}`);
  const sizes = SIZES_KB.map((kb) => ({
    kb,
    html: input.make(kb),
    times: [] as number[],
    elapsed: [] as number[],
    evidence: 0,
  }));
  // The sizes take turns, run after run: a spell when the machine is busier falls on all of them,
  // not on one size, and the ratios between them hold.
  for (let r = 0; r < RUNS; r++) {
    for (const size of sizes) {
      const repeats = repeatsOf(size.kb);
      const [c0, t0] = [cpuMs(), performance.now()];
      let items: { evidence: string }[] = [];
      for (let k = 0; k < repeats; k++) items = viewChecks(size.html);
      size.elapsed.push((performance.now() - t0) / repeats);
      size.times.push((cpuMs() - c0) / repeats);
      size.evidence = Math.max(...items.map((i) => i.evidence.length));
    }
  }
  let previous: number | undefined;
  let worst = 0;
  const medians: number[] = [];
  for (const size of sizes) {
    const median = stats(size.times).median;
    medians.push(median);
    const ratio = previous === undefined ? undefined : median / previous;
    if (ratio !== undefined) worst = Math.max(worst, ratio);
    console.log(
      `  ${String(size.kb).padStart(4)} KB: median ${ms(median).padStart(7)} ms CPU` +
        ` (${ms(stats(size.elapsed).median)} ms elapsed)` +
        `${ratio === undefined ? "        " : `  ×${ratio.toFixed(2)}`}` +
        `   largest evidence ${size.evidence} characters`,
    );
    previous = median;
  }
  // Linear checks give about 2 per doubling (a run's noise moves one ratio by a tenth or two, the
  // whole range much less); quadratic ones about 4.
  const growth = medians.at(-1)! / medians[0]!;
  const span = SIZES_KB.at(-1)! / SIZES_KB[0]!;
  console.log(
    `  largest ratio per doubling ×${worst.toFixed(2)}; ${SIZES_KB[0]} to ${SIZES_KB.at(-1)} KB ×${growth.toFixed(2)} for ×${span} the size`,
  );
}
