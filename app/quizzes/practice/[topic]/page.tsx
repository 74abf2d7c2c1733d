import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { notFound } from "next/navigation";
import { listLessons } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { Practice } from "../../practice";
import { MIXED, practiceHref, TOPICS } from "../../topics";
import "../../quizzes.css";

export const dynamicParams = false;

export function generateStaticParams() {
  return [...TOPICS.map((t) => ({ topic: t.slug })), { topic: MIXED }];
}

function titleFor(slug: string): string | null {
  if (slug === MIXED) return "Every topic, mixed";
  return TOPICS.find((t) => t.slug === slug)?.name ?? null;
}

type Params = { params: Promise<{ topic: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { topic } = await params;
  return { title: `Practice: ${titleFor(topic) ?? topic}` };
}

export default async function PracticePage({ params }: Params) {
  const { topic: slug } = await params;
  const title = titleFor(slug);
  if (!title) notFound();
  const topic = TOPICS.find((t) => t.slug === slug);
  const questions = (await loadQuizBanks())
    .flatMap((b) => b.questions)
    .filter((q) => !topic || q.topic === topic.id);
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › Practice
      </p>
      <h1>Practice: {title}</h1>
      <nav aria-label="Practice topics" className="topic-nav">
        <ul>
          {[
            ...TOPICS.map((t) => ({ slug: t.slug, name: t.name, id: t.id })),
            {
              slug: MIXED,
              name: "Mixed",
              id: MIXED,
            },
          ].map((t) => (
            <li key={t.slug}>
              <Link href={practiceHref(t.id)} aria-current={t.slug === slug ? "page" : undefined}>
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Practice
        questions={questions}
        topic={slug}
        mixed={!topic}
        lessonTitles={Object.fromEntries((await listLessons()).map((l) => [l.slug, l.title]))}
      />
    </>
  );
}
