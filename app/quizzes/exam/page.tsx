import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { Suspense } from "react";
import { listLessons } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { lessonsByRule } from "@/lib/rules/info";
import "../quizzes.css";
import { ExamRunner } from "./exam-runner";

export const metadata: Metadata = { title: "Exam" };

export default async function ExamPage() {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const lessonOf = lessonsByRule(await listLessons());
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › Exam
      </p>
      <h1>Exam</h1>
      {/* The runner reads ?result= (useSearchParams), so it renders in the browser only. */}
      <Suspense fallback={<p className="muted">Loading your saved progress…</p>}>
        <ExamRunner questions={questions} lessonOf={lessonOf} />
      </Suspense>
    </>
  );
}
