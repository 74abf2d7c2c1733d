// npm run bench:quiz — after `npm run build` (honours NEXT_DIST_DIR like the build does).
// Serves the production build, opens it in headless Chromium and prints median and p95 of
// (a) answer feedback latency: "Check answer" clicked → feedback in the DOM, and → the next
//     frame (when it can be painted), over practice questions of the mixed set, and
// (b) exam start: "Start exam" clicked → question 1 of 40 on screen (draw, save, render), and
//     → the next frame. Figures, not pass/fail; the targets are printed beside them.
//  and, first and without a browser, (c) drill item generation + keying: generateDrillItem over a
//     few hundred seeds (draw, decide with the host engine, near misses, options), BENCH_DRILL_ONLY=1
//     to stop there.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { chromium } from "@playwright/test";
import { generateDrillItem } from "../lib/drill/generator";
import { requireBuildAndChromium, startServer, stats } from "./bench-harness";
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

/** (a) Answers one-click questions (radio, or two checkboxes); skips the others. */
const FEEDBACK_IN_PAGE = String.raw`async (runs) => {
  ${IN_PAGE_HELPERS}
  const out = [];
  for (let guard = 0; out.length < runs + 5 && guard < 2000; guard++) {
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
const EXAM_IN_PAGE = String.raw`async (runs) => {
  ${IN_PAGE_HELPERS}
  const started = () =>
    !!document.querySelector('[data-testid="exam"] form[data-question]') &&
    !!document.getElementById("exam-question-heading")?.textContent.startsWith("Question 1 of 40");
  const out = [];
  for (let i = 0; i < runs + 3; i++) {
    await waitFor(document.body, () => !!button(document, "Start exam"));
    const t0 = performance.now();
    button(document, "Start exam").click();
    await waitFor(document.body, started);
    const dom = performance.now() - t0;
    await nextFrame();
    out.push({ dom, frame: performance.now() - t0 });
    button(document, "Review and submit").click();
    await waitFor(document.body, () => !!button(document, "Abandon exam"));
    button(document, "Abandon exam").click();
    await waitFor(document.body, () => !!button(document, "Yes, abandon it"));
    button(document, "Yes, abandon it").click();
  }
  return out;
}`;

try {
  const browser = await chromium.launch({
    executablePath: browserPath.executablePath,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();

  // (a) Feedback latency. The first few runs warm the page up and are dropped.
  await page.goto(`${base}/quizzes/practice/mixed`);
  await page.getByTestId("practice").waitFor();
  await page.waitForFunction(() => !document.body.textContent?.includes("Loading your saved"));
  const feedbackAll = (await page.evaluate(`(${FEEDBACK_IN_PAGE})(${FEEDBACK_RUNS})`)) as Sample[];
  const feedback = feedbackAll.slice(5);

  // (b) Exam start; the first runs are dropped as warm-up.
  await page.goto(`${base}/quizzes/exam`);
  await page.getByRole("button", { name: "Start exam" }).waitFor();
  const examAll = (await page.evaluate(`(${EXAM_IN_PAGE})(${EXAM_RUNS})`)) as Sample[];
  const exam = examAll.slice(3);
  await browser.close();

  console.log(`Quiz benchmark, headless Chromium, ${new Date().toISOString()}`);
  console.log(
    line(
      "(a) answer feedback, click → feedback in DOM",
      feedback.map((s) => s.dom),
      "< 50 ms",
    ),
  );
  console.log(
    line(
      "    answer feedback, click → next frame     ",
      feedback.map((s) => s.frame),
      "< 50 ms",
    ),
  );
  console.log(
    line(
      "(b) 40-question exam start, click → question 1 in DOM",
      exam.map((s) => s.dom),
      "< 500 ms",
    ),
  );
  console.log(
    line(
      "    40-question exam start, click → next frame      ",
      exam.map((s) => s.frame),
      "< 500 ms",
    ),
  );
  const cold = (all: Sample[]) => `${fmt(all[0]!.dom)} in DOM, ${fmt(all[0]!.frame)} to next frame`;
  console.log(
    `first, unwarmed run (not in the figures above): feedback ${cold(feedbackAll)}; exam start ${cold(examAll)}`,
  );
} finally {
  stop();
}
