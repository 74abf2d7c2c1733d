import type { Metadata } from "next";
import { listLessons } from "@/lib/content/lessons";
import { LessonList } from "./lesson-list";

export const metadata: Metadata = { title: "Lessons" };

export default async function LessonsPage() {
  const lessons = await listLessons();
  return (
    <>
      <h1>Lessons</h1>
      <p className="muted">
        In order, each a few minutes long. Every section cites the rule IDs it teaches.
      </p>
      <LessonList
        lessons={lessons.map(({ slug, title, summary, minutes, rules }) => ({
          slug,
          title,
          summary,
          minutes,
          rules,
        }))}
      />
    </>
  );
}
