"use client";

import Link from "@/app/_components/link";
import { useAppStore } from "../../_components/store-provider";

export interface CourseItem {
  slug: string;
  title: string;
  href: string;
}

/**
 * The course's lessons in order, the current one marked, each completed one ticked from saved
 * progress (the store's lessons slice). The list itself is server-rendered; only the ticks wait
 * for the store, which reads saved progress after the first render.
 */
export function CourseSidebar({ items, current }: { items: CourseItem[]; current: string }) {
  const completed = useAppStore((s) => s.lessons.completed);
  const done = items.filter((i) => completed[i.slug]).length;
  return (
    <nav className="course-nav" aria-label="Course">
      <p className="course-nav-title">
        <Link href="/lessons">Course</Link>{" "}
        <span className="muted">
          {done} of {items.length} complete
        </span>
      </p>
      <ol>
        {items.map((item) => {
          const isDone = !!completed[item.slug];
          return (
            <li key={item.slug} data-complete={isDone}>
              <Link href={item.href} aria-current={item.slug === current ? "page" : undefined}>
                <span className="course-mark" aria-hidden="true">
                  {isDone ? "✓" : ""}
                </span>
                {item.title}
                {isDone ? <span className="visually-hidden"> (completed)</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
