import type { Metadata } from "next";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { Practice } from "./practice";

export const metadata: Metadata = { title: "Quizzes" };

export default async function QuizzesPage() {
  const banks = await loadQuizBanks();
  return (
    <>
      <h1>Quizzes</h1>
      <p className="muted">
        Practice questions with an explanation for every option. Your answers are saved in this
        browser and count toward your progress.
      </p>
      {banks.map((bank) => (
        <section key={bank.id} aria-labelledby={`bank-${bank.id}`}>
          <h2 id={`bank-${bank.id}`}>{bank.title}</h2>
          <p>{bank.description}</p>
          <Practice questions={bank.questions} />
        </section>
      ))}
    </>
  );
}
