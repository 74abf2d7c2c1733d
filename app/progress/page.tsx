import type { Metadata } from "next";
import { listLessons } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { ProgressView } from "./progress-view";

export const metadata: Metadata = { title: "Progress" };

export default async function ProgressPage() {
  const lessons = await listLessons();
  const banks = await loadQuizBanks();
  return (
    <>
      <h1>Progress</h1>
      <ProgressView
        lessons={lessons.map((l) => ({ slug: l.slug, title: l.title }))}
        banks={banks.map((b) => ({
          id: b.id,
          title: b.title,
          questionIds: b.questions.map((q) => q.id),
        }))}
      />
    </>
  );
}
