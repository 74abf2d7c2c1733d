"use client";

import Link from "@/app/_components/link";
import { dueToday } from "@/lib/quiz/card";
import { useAppStore } from "../_components/store-provider";
import { useNow } from "./use-now";

/** What is waiting for the learner: an unfinished exam, and how many cards are due today. */
export function HubStatus({ questions }: { questions: { id: string; topic: string }[] }) {
  const hydrated = useAppStore((s) => s.hydrated);
  const exam = useAppStore((s) => s.quiz.exam);
  const cards = useAppStore((s) => s.quiz.cards);
  const answers = useAppStore((s) => s.quiz.answers);
  const now = useNow(30_000);
  if (!hydrated) return <p className="muted">Loading your saved progress…</p>;
  const due = dueToday(cards, new Date(now)).length;
  const answered = questions.filter((q) => answers[q.id]).length;
  return (
    <div className="card hub-status" data-testid="hub-status">
      <p>
        <span className="stat">{answered}</span> of {questions.length} questions answered ·{" "}
        <span className="stat" data-testid="due-count">
          {due}
        </span>{" "}
        {due === 1 ? "card" : "cards"} due today
        {due > 0 ? (
          <>
            {" "}
            · <Link href="/quizzes/review">answer them</Link>
          </>
        ) : null}
      </p>
      {exam ? (
        <p>
          You have an exam in progress.{" "}
          <Link href="/quizzes/exam" className="button">
            Resume the exam
          </Link>
        </p>
      ) : null}
    </div>
  );
}
