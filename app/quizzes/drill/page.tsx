import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { DrillSession } from "./drill-session";
import "../quizzes.css";

export const metadata: Metadata = { title: "Drill: predict the host" };

export default function DrillPage() {
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › Drill
      </p>
      <h1>Drill: predict the host</h1>
      <p>
        Every item here is new: a scenario drawn at random, decided by the same host engine the{" "}
        <Link href="/simulator">simulator</Link> runs, and explained with its decision rows and rule
        IDs. Your results are scheduled per rule, so a rule you miss comes back soon, each time as a
        fresh item. To ask what a real host does instead, decided with its profile, take{" "}
        <Link href="/quizzes/drill/hosts">the drill on real hosts</Link>: a topic apart, not part of
        the exam.
      </p>
      <DrillSession />
    </>
  );
}
