import type { Metadata } from "next";
import { loadHostProfileFiles } from "@/lib/content/host-profiles";
import { loadHostRecords } from "@/lib/content/hosts";
import { listLessons } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { stemExcerpt } from "../quizzes/topics";
import "../quizzes/quizzes.css";
import { ProgressView } from "./progress-view";

export const metadata: Metadata = { title: "Progress" };

export default async function ProgressPage() {
  const lessons = await listLessons();
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const presetTitles = Object.fromEntries(
    (await loadScenarioFiles()).map((f) => [f.scenario.id, f.scenario.title]),
  );
  const records = await loadHostRecords();
  const hosts = (await loadHostProfileFiles()).map((p) => ({
    id: p.id,
    name: records.find((r) => r.id === p.id)?.name ?? p.id,
  }));
  return (
    <>
      <h1>Progress</h1>
      <ProgressView
        lessons={lessons.map((l) => ({ slug: l.slug, title: l.title }))}
        questions={questions.map((q) => ({
          id: q.id,
          topic: q.topic,
          excerpt: stemExcerpt(q.stem, 90),
        }))}
        presetTitles={presetTitles}
        hosts={hosts}
      />
    </>
  );
}
