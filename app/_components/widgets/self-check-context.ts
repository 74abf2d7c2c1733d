"use client";

import { createContext } from "react";
import type { Question } from "@/lib/content/quiz-schema";

/** The questions the lesson page resolved at build time, by the key of each `<SelfCheck>`'s props. */
export const SelfCheckContext = createContext<ReadonlyMap<string, Question[]>>(new Map());
