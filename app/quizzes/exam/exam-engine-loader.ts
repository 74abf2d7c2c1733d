"use client";

import { lazyModule } from "@/app/_components/lazy-module";

/**
 * The exam's engine chunk (exam-engine.ts). Its request starts as this module is evaluated in the
 * browser, while React hydrates: by the time a learner presses "Start exam" it is normally there.
 */
export const examEngine = lazyModule(() => import("./exam-engine"), { eager: true });
