import type { Metadata } from "next";
import Link from "next/link";
import { loadQuizBanks } from "@/lib/content/quizzes";
import "../quizzes.css";
import { ReviewQueue } from "./review-queue";

export const metadata: Metadata = { title: "Spaced review" };

export default async function ReviewPage() {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › Spaced review
      </p>
      <h1>Spaced review</h1>
      <p className="muted">
        Each question you have answered is a card. Answer it again, then rate how well you knew it:
        each rating button shows when the card will come back.
      </p>
      <ReviewQueue questions={questions} />
    </>
  );
}
