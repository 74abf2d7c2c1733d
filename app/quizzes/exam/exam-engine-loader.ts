"use client";

import { lazyModule } from "@/app/_components/lazy-module";

/**
 * The exam's engine chunk (exam-engine.ts). ExamRunner starts its request once the saved progress
 * is in, so on a slow link it does not hold up the progress store's chunk, which the page needs
 * first; by the time a learner presses "Start exam" it is normally there.
 */
export const examEngine = lazyModule(() => import("./exam-engine"));
