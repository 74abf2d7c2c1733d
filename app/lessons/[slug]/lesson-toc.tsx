"use client";

import { useEffect, useState } from "react";

export interface TocHeading {
  id: string;
  text: string;
  depth: number;
}

/** How far below the top of the window a heading counts as the one being read. */
const READING_LINE = 120;

/**
 * The section being read: the last heading above the reading line, or the last heading once the
 * page is scrolled to its end (a short final section never reaches the line). Null above the
 * first heading.
 */
function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const atEnd = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
      let found: string | null = null;
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= READING_LINE) found = id;
      }
      setCurrent(atEnd && scrollY > 0 ? (ids[ids.length - 1] ?? found) : found);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    addEventListener("scroll", onScroll, { passive: true });
    addEventListener("resize", onScroll, { passive: true });
    return () => {
      removeEventListener("scroll", onScroll);
      removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);
  return current;
}

/** The lesson's headings as links, the one being read marked with aria-current. */
export function LessonToc({ headings }: { headings: TocHeading[] }) {
  const [ids] = useState(() => headings.map((h) => h.id));
  const current = useCurrentSection(ids);
  return (
    <ul>
      {headings.map((h) => (
        <li key={h.id} className={`depth-${h.depth}`}>
          <a href={`#${h.id}`} aria-current={h.id === current ? "location" : undefined}>
            {h.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
