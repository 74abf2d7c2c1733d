import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { EXAM_DURATION_MS, EXAM_SIZE, PASS_MARK } from "@/lib/quiz/exam";
import { HubStatus } from "./hub-status";
import { MIXED, practiceHref, TOPICS } from "./topics";
import "./quizzes.css";

export const metadata: Metadata = { title: "Quizzes" };

export default async function QuizzesPage() {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const count = (topic: string) => questions.filter((q) => q.topic === topic).length;
  return (
    <>
      <h1>Quizzes</h1>
      <p className="muted">
        {questions.length} scenario questions, each with an explanation for every option and the
        rules it rests on. Your answers are saved in this browser.
      </p>
      <HubStatus questions={questions.map((q) => ({ id: q.id, topic: q.topic }))} />
      <section aria-labelledby="practice-heading">
        <h2 id="practice-heading">Practice</h2>
        <p>
          One question at a time with instant feedback and a link to the lesson. Pick a topic, or{" "}
          <Link href={practiceHref(MIXED)}>mix every topic</Link>.
        </p>
        <ul className="cards topic-cards" data-testid="topic-list">
          {TOPICS.map((t) => (
            <li key={t.id} className="card">
              <Link href={practiceHref(t.id)}>{t.name}</Link>
              <span className="muted">
                {" "}
                · {count(t.id)} questions · <code>{t.id}</code>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="drill-heading">
        <h2 id="drill-heading">Drill</h2>
        <p>
          Unlimited predict-the-host items, generated from a seed and decided by the host engine:
          pick a topic or a rule, and each rule you miss comes back as a fresh item.
        </p>
        <p>
          <Link className="button" href="/quizzes/drill">
            Start a drill
          </Link>
        </p>
        <p>
          Or ask the same of a real host, decided with its profile: Claude, ChatGPT, VS Code and the
          rest. A topic apart, not part of the exam.{" "}
          <Link href="/quizzes/drill/hosts">Drill on real hosts</Link>
        </p>
      </section>
      <section aria-labelledby="exam-heading">
        <h2 id="exam-heading">Exam</h2>
        <p>
          {EXAM_SIZE} questions drawn at random and balanced across the topics,{" "}
          {EXAM_DURATION_MS / 60_000} minutes on the clock, pass mark {Math.round(PASS_MARK * 100)}
          %. No feedback until you submit; then a breakdown by topic, weakest first.
        </p>
        <p>
          <Link className="button" href="/quizzes/exam">
            Go to the exam
          </Link>
        </p>
      </section>
      <section aria-labelledby="review-heading">
        <h2 id="review-heading">Due questions</h2>
        <p>
          Every question you answer comes back, spaced out: the scheduler (FSRS) returns each one
          just before you would forget it; rate how well you knew it and see when it returns.
        </p>
        <p>
          <Link className="button" href="/quizzes/review">
            Answer the due questions
          </Link>
        </p>
      </section>
    </>
  );
}
