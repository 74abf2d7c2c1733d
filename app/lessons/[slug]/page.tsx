import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { createLessonNavigation, findLesson } from "@/lib/lessons/navigation";
import { lessonsAfter, resolveSelfChecks } from "@/lib/lessons/self-check";
import { LessonBody } from "../../_components/lesson-body";
import { RuleCitation } from "../../_components/rule-citation";
import { SelfCheckProvider } from "../../_components/widgets/self-check";
import { CourseSidebar } from "./course-sidebar";
import { LessonToc } from "./lesson-toc";
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
  const course = createLessonNavigation(await listLessons());
  const nav = findLesson(course, slug);
  const { meta, code, codeCss, headings, selfChecks } = await loadLesson(slug);
  // Resolved here, at build time: the MDX body cannot read the quiz banks. A self-check that
  // names a missing question, or finds too few, fails the build with the lesson's file and line.
  const pool = (await loadQuizBanks()).flatMap((b) => b.questions);
  const later = lessonsAfter(await listLessons(), slug);
  const checks = resolveSelfChecks(selfChecks, pool, slug, meta.file, later);
  const toc = headings.map(({ id, text, depth }) => ({ id, text, depth }));
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
        {/* Narrow screens: the contents fold away here instead of filling the first screen. */}
        <details className="toc-fold">
          <summary>On this page</summary>
          <LessonToc headings={toc} />
        </details>
        <SelfCheckProvider checks={checks}>
          <LessonBody code={code} codeCss={codeCss} slug={meta.slug} />
        </SelfCheckProvider>
        <MarkComplete slug={meta.slug} />
        {nav.next ? null : (
          <section className="course-end" aria-labelledby="course-end">
            <h2 id="course-end">You have reached the end of the course</h2>
            <p>Check what stayed with you, then keep it fresh:</p>
            <p className="course-end-links">
              <Link className="button" href="/quizzes/exam">
                Take the exam
              </Link>
              <Link className="button secondary" href="/quizzes/review">
                Answer the due questions
              </Link>
              <Link href="/quizzes">All quizzes</Link>
            </p>
          </section>
        )}
        <nav className="pager" aria-label="Lessons">
          {nav.prev ? <Link href={nav.prev.href}>← {nav.prev.title}</Link> : <span />}
          {nav.next ? (
            <Link href={nav.next.href}>{nav.next.title} →</Link>
          ) : (
            <Link href="/quizzes/exam">Take the exam →</Link>
          )}
        </nav>
      </article>
      <CourseSidebar
        items={course.map(({ slug, title, href }) => ({ slug, title, href }))}
        current={slug}
      />
      <aside className="lesson-aside">
        <nav className="toc" aria-label="On this page">
          <strong>On this page</strong>
          <LessonToc headings={toc} />
          <p>
            <Link href="/reference/metadata-matrix">Metadata matrix reference</Link>
            <br />
            <Link href="/rules">All rules</Link>
          </p>
        </nav>
      </aside>
    </div>
  );
}
