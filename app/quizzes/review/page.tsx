import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { loadQuizBanks } from "@/lib/content/quizzes";
import "../quizzes.css";
import { ReviewQueue } from "./review-queue";

export const metadata: Metadata = { title: "Due questions" };

export default async function ReviewPage() {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › Due questions
      </p>
      <h1>Due questions</h1>
      <p className="muted">
        Each question you have answered is a card. Answer it again, then rate how well you knew it:
        each rating button shows when the card will come back.
      </p>
      {/* Folded: read once, it need not stand above every card of every session. */}
      <details className="muted" data-testid="why-due-today">
        <summary>Why is a question I just answered already due?</summary>
        <p>
          Its first answer counts as a first rating (Good when right, Again when wrong), and a new
          card&apos;s first steps are short, 10 minutes after a right answer and 1 minute after a
          wrong one. It comes back the same day to check the answer stuck; the gaps then grow with
          every rating.
        </p>
      </details>
      <ReviewQueue questions={questions} />
    </>
  );
}
