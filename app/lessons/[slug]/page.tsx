import type { Metadata } from "next";
import Link from "next/link";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { LessonBody } from "../../_components/lesson-body";
import { RuleRef } from "../../_components/rule-ref";
import { MarkComplete } from "./mark-complete";

export const dynamicParams = false;

export async function generateStaticParams() {
  return (await listLessons()).map((l) => ({ slug: l.slug }));
}

type Params = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  const lesson = (await listLessons()).find((l) => l.slug === slug);
  return { title: lesson?.title, description: lesson?.summary };
}

export default async function LessonPage({ params }: Params) {
  const { slug } = await params;
  const all = await listLessons();
  const index = all.findIndex((l) => l.slug === slug);
  const { meta, code, headings } = await loadLesson(slug);
  const prev = all[index - 1];
  const next = all[index + 1];
  return (
    <div className="lesson-layout">
      <article>
        <p className="muted">
          Lesson {index + 1} of {all.length} · {meta.minutes} min
        </p>
        <h1>{meta.title}</h1>
        <p className="muted">
          Rules:{" "}
          {meta.rules.map((id) => (
            <span key={id}>
              <RuleRef id={id} />{" "}
            </span>
          ))}
        </p>
        <LessonBody code={code} />
        <MarkComplete slug={meta.slug} />
        <nav className="pager" aria-label="Lessons">
          {prev ? <Link href={`/lessons/${prev.slug}`}>← {prev.title}</Link> : <span />}
          {next ? <Link href={`/lessons/${next.slug}`}>{next.title} →</Link> : <span />}
        </nav>
      </article>
      <nav className="toc" aria-label="On this page">
        <strong>On this page</strong>
        <ul>
          {headings.map((h) => (
            <li key={h.id} className={`depth-${h.depth}`}>
              <a href={`#${h.id}`}>{h.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
