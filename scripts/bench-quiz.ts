// npm run bench:quiz — after `npm run build` (honours NEXT_DIST_DIR like the build does).
// Serves the production build, opens it in headless Chromium and prints median and p95 of
// (a) answer feedback latency: "Check answer" clicked → feedback in the DOM, and → the next
//     frame (when it can be painted), over practice questions of the mixed set, and
// (b) exam start: "Start exam" clicked → question 1 of 40 on screen (draw, save, render), and
//     → the next frame. Figures, not pass/fail; the targets are printed beside them.
// With --cold: (d) the first practice answer and (e) the exam start on a first visit, each in a new
//     browser context (empty cache), BENCH_COLD_RUNS times; with --throttle as well, under 4× CPU
//     slowdown and a slow network (the phone-class profile of bench-harness.ts).
//  and, first and without a browser, (c) drill item generation + keying: generateDrillItem over a
//     few hundred seeds (draw, decide with the host engine, near misses, options), BENCH_DRILL_ONLY=1
//     to stop there.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { chromium, type Browser, type Page } from "@playwright/test";
import { generateDrillItem } from "../lib/drill/generator";
import { requireBuildAndChromium, startServer, stats, throttle, THROTTLE } from "./bench-harness";
import { CHROMIUM_ARGS } from "./find-chromium";

// (c) Drill items: pure code, measured in this process. The first 20 warm the JIT up and are dropped.
const DRILL_SEEDS = Number(process.env.BENCH_DRILL_SEEDS ?? 400);
{
  const times: number[] = [];
  for (let i = 0; i < DRILL_SEEDS + 20; i++) {
    const t0 = performance.now();
    generateDrillItem({ seed: `bench-${i}` });
    if (i >= 20) times.push(performance.now() - t0);
  }
  const s = stats(times);
  console.log(
    `(c) drill item generation + keying (${s.n} seeds): median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms   target median < 5 ms`,
  );
  if (process.env.BENCH_DRILL_ONLY) process.exit(0);
}

const PORT = Number(process.env.BENCH_PORT ?? 3320);
const FEEDBACK_RUNS = Number(process.env.BENCH_FEEDBACK_RUNS ?? 60);
const EXAM_RUNS = Number(process.env.BENCH_EXAM_RUNS ?? 30);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 8);
/** `--cold`: only the first-visit figures (d) and (e). */
const COLD_ONLY = process.argv.includes("--cold");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const line = (label: string, xs: number[], target: string) => {
  const s = stats(xs);
  return `${label} (${s.n} runs): median ${fmt(s.median)}, p95 ${fmt(s.p95)}, max ${fmt(s.max)}   target ${target}`;
};

const browserPath = requireBuildAndChromium();
const { base, stop } = await startServer(PORT);

interface Sample {
  dom: number;
  frame: number;
}

// The in-page measurements are plain JavaScript strings: code compiled by tsx would carry
// helpers (`__name`) that do not exist in the page.
const IN_PAGE_HELPERS = String.raw`
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const button = (root, text) =>
    [...root.querySelectorAll("button")].find((b) => b.textContent.trim() === text);
  const waitFor = (root, test) =>
    new Promise((resolve) => {
      if (test()) return resolve();
      const o = new MutationObserver(() => {
        if (test()) {
          o.disconnect();
          resolve();
        }
      });
      o.observe(root, { childList: true, subtree: true, attributes: true });
    });
  const questionId = () =>
    document.querySelector("form[data-question]")?.getAttribute("data-question");
`;

/**
 * (a) Answers one-click questions (radio, or two checkboxes); skips the others. `warm` more are
 * answered first and kept in the list (the caller drops them).
 */
const FEEDBACK_IN_PAGE = String.raw`async (runs, warm) => {
  ${IN_PAGE_HELPERS}
  const out = [];
  for (let guard = 0; out.length < runs + warm && guard < 2000; guard++) {
    const form = document.querySelector("form[data-question]");
    const id = questionId();
    const boxes = form.querySelectorAll('input[type="checkbox"]');
    const radio = form.querySelector('input[type="radio"]');
    if (!radio && boxes.length === 0) {
      (button(document, "Skip") ?? button(document, "Shuffle")).click();
      await waitFor(document.body, () => questionId() !== id);
      continue;
    }
    // As a real click does: focus first (the card fetches the review scheduler on focus).
    if (radio) {
      radio.focus();
      radio.click();
    } else {
      boxes[0].focus();
      boxes[0].click();
      boxes[1].click();
    }
    await tick();
    const t0 = performance.now();
    button(form, "Check answer").click();
    await waitFor(form, () => !!form.querySelector('[data-testid="feedback"]'));
    const dom = performance.now() - t0;
    await nextFrame();
    out.push({ dom, frame: performance.now() - t0 });
    (button(form, "Next question") ?? button(document, "Shuffle")).click();
    await waitFor(document.body, () => questionId() !== id);
  }
  return out;
}`;

/** (b) Starts an exam, measures, abandons it through the review screen; repeats. */
const EXAM_IN_PAGE = String.raw`async (runs, warm) => {
  ${IN_PAGE_HELPERS}
  const started = () =>
    !!document.querySelector('[data-testid="exam"] form[data-question]') &&
    !!document.getElementById("exam-question-heading")?.textContent.startsWith("Question 1 of 40");
  const out = [];
  for (let i = 0; i < runs + warm; i++) {
    await waitFor(document.body, () => !!button(document, "Start exam"));
    const t0 = performance.now();
    button(document, "Start exam").click();
    await waitFor(document.body, started);
    const dom = performance.now() - t0;
    await nextFrame();
    out.push({ dom, frame: performance.now() - t0 });
    button(document, "Check and submit").click();
    await waitFor(document.body, () => !!button(document, "Abandon exam"));
    button(document, "Abandon exam").click();
    await waitFor(document.body, () => !!button(document, "Yes, abandon it"));
    button(document, "Yes, abandon it").click();
  }
  return out;
}`;

/** Two lines for one action: click → `what` in the DOM, and click → the next frame. */
function printClicks(label: string, what: string, samples: Sample[], target: string) {
  const first = `${label}, click → ${what} in DOM`;
  const again = label.replace(/^\([a-z]\) /, "    ");
  console.log(
    line(
      first,
      samples.map((s) => s.dom),
      target,
    ),
  );
  console.log(
    line(
      `${again}, click → next frame`.padEnd(first.length),
      samples.map((s) => s.frame),
      target,
    ),
  );
}

/** Until the practice page has read the saved progress and shows a question it can take. */
async function practiceReady(page: Page) {
  await page.getByTestId("practice").waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => !document.body.textContent?.includes("Loading your saved"),
    null,
    {
      timeout: 60_000,
    },
  );
}

/**
 * (d) and (e): each sample a first visit, in a new context with an empty cache (throttled with
 * --throttle): navigation → page ready, then the first answer's feedback or the exam's first
 * question. Only the one measured action runs on each page.
 */
async function coldFigures(browser: Browser) {
  const feedback: Sample[] = [];
  const exam: Sample[] = [];
  const ready: { practice: number[]; exam: number[] } = { practice: [], exam: [] };
  const visit = async (path: string, until: (page: Page) => Promise<void>) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`${base}${path}`);
    await until(page);
    return { page, context, readyAt: await page.evaluate(() => performance.now()) };
  };
  for (let i = 0; i < COLD_RUNS; i++) {
    const p = await visit("/quizzes/practice/mixed", practiceReady);
    ready.practice.push(p.readyAt);
    feedback.push(...((await p.page.evaluate(`(${FEEDBACK_IN_PAGE})(1, 0)`)) as Sample[]));
    await p.context.close();
    const e = await visit("/quizzes/exam", (page) =>
      page.getByRole("button", { name: "Start exam" }).waitFor({ timeout: 60_000 }),
    );
    ready.exam.push(e.readyAt);
    exam.push(...((await e.page.evaluate(`(${EXAM_IN_PAGE})(1, 0)`)) as Sample[]));
    await e.context.close();
  }
  const under = THROTTLE ? ", 4× CPU slowdown and a slow network" : "";
  console.log(
    `Quiz first visits${under}, ${COLD_RUNS} new contexts each, ${new Date().toISOString()}`,
  );
  console.log(line("(d) practice: navigation → ready to answer", ready.practice, "(figure)"));
  printClicks("    first answer", "feedback", feedback, "< 100 ms");
  console.log(line("(e) exam: navigation → Start exam shown", ready.exam, "(figure)"));
  printClicks("    first exam start", "question 1", exam, "< 500 ms");
}

try {
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  if (COLD_ONLY) {
    await coldFigures(browser);
    await browser.close();
    process.exit(0);
  }
  const page = await browser.newPage();

  // (a) Feedback latency. The first few runs warm the page up and are dropped.
  await page.goto(`${base}/quizzes/practice/mixed`);
  await practiceReady(page);
  const feedbackAll = (await page.evaluate(
    `(${FEEDBACK_IN_PAGE})(${FEEDBACK_RUNS}, 5)`,
  )) as Sample[];
  const feedback = feedbackAll.slice(5);

  // (b) Exam start; the first runs are dropped as warm-up.
  await page.goto(`${base}/quizzes/exam`);
  await page.getByRole("button", { name: "Start exam" }).waitFor();
  const examAll = (await page.evaluate(`(${EXAM_IN_PAGE})(${EXAM_RUNS}, 3)`)) as Sample[];
  const exam = examAll.slice(3);
  await browser.close();

  console.log(`Quiz benchmark, headless Chromium, ${new Date().toISOString()}`);
  printClicks("(a) answer feedback", "feedback", feedback, "< 50 ms");
  printClicks("(b) 40-question exam start", "question 1", exam, "< 500 ms");
  const cold = (all: Sample[]) => `${fmt(all[0]!.dom)} in DOM, ${fmt(all[0]!.frame)} to next frame`;
  console.log(
    `first, unwarmed run (not in the figures above): feedback ${cold(feedbackAll)}; exam start ${cold(examAll)}`,
  );
} finally {
  stop();
}
