import type { Metadata } from "next";
import Link from "next/link";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { createLessonNavigation, findLesson } from "@/lib/lessons/navigation";
import { resolveSelfChecks } from "@/lib/lessons/self-check";
import { LessonBody } from "../../_components/lesson-body";
import { RuleCitation } from "../../_components/rule-citation";
import { SelfCheckProvider } from "../../_components/widgets/self-check";
import { MarkComplete } from "./mark-complete";
import "../lessons.css";

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
  const nav = findLesson(createLessonNavigation(await listLessons()), slug);
  const { meta, code, headings, selfChecks } = await loadLesson(slug);
  // Resolved here, at build time: the MDX body cannot read the quiz banks. A self-check that
  // names a missing question, or finds too few, fails the build with the lesson's file and line.
  const pool = (await loadQuizBanks()).flatMap((b) => b.questions);
  const checks = resolveSelfChecks(selfChecks, pool, slug, meta.file);
  return (
    <div className="lesson-layout">
      <article>
        <p className="muted">
          Lesson {nav.position} of {nav.total} · {meta.minutes} min
        </p>
        <h1>{meta.title}</h1>
        <p className="muted">
          Rules:{" "}
          {meta.rules.map((id) => (
            <span key={id}>
              <RuleCitation id={id} />{" "}
            </span>
          ))}
        </p>
        <SelfCheckProvider checks={checks}>
          <LessonBody code={code} />
        </SelfCheckProvider>
        <MarkComplete slug={meta.slug} />
        <nav className="pager" aria-label="Lessons">
          {nav.prev ? <Link href={nav.prev.href}>← {nav.prev.title}</Link> : <span />}
          {nav.next ? <Link href={nav.next.href}>{nav.next.title} →</Link> : <span />}
        </nav>
      </article>
      <aside className="lesson-aside">
        <nav className="toc" aria-label="On this page">
          <strong>On this page</strong>
          <ul>
            {headings.map((h) => (
              <li key={h.id} className={`depth-${h.depth}`}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ul>
          <p>
            <Link href="/reference/metadata-matrix">Metadata matrix reference</Link>
          </p>
        </nav>
      </aside>
    </div>
  );
}
