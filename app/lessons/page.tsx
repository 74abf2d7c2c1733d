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
  return (
    <>
      <h1>Lessons</h1>
      <p className="muted">
        In order, each a few minutes long. Every section cites the rule IDs it teaches. Looking up a
        single field? See the <Link href="/reference/metadata-matrix">metadata matrix</Link>.
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
