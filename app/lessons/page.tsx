import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { listLessons } from "@/lib/content/lessons";
import { createLessonNavigation } from "@/lib/lessons/navigation";
import { LessonList } from "./lesson-list";
import { SearchPanel } from "../_components/search-panel";
import "./lessons.css";

export const metadata: Metadata = { title: "Lessons" };

export default async function LessonsPage() {
  const lessons = await listLessons();
  const order = createLessonNavigation(lessons).map((e) => e.slug);
  const bySlug = new Map(lessons.map((l) => [l.slug, l]));
  const minutes = lessons.reduce((sum, l) => sum + l.minutes, 0);
  return (
    <>
      <h1>Lessons</h1>
      <p>
        <span data-testid="lessons-total">
          {lessons.length} lessons, about {minutes} minutes of reading in all
        </span>
        , best read in order; each takes a few minutes.
      </p>
      <p className="muted">
        Every section cites the rule IDs it teaches. Looking up a single field? See the{" "}
        <Link href="/reference/metadata-matrix">metadata matrix</Link>.
      </p>
      <SearchPanel />
      <LessonList
        lessons={order.map((slug) => {
          const { title, summary, minutes, rules } = bySlug.get(slug)!;
          return { slug, title, summary, minutes, rules };
        })}
      />
    </>
  );
}
