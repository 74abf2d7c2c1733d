import Link from "@/app/_components/link";
import { listLessons } from "@/lib/content/lessons";
import { loadLearningPaths, pathReferenceErrors, type PathStep } from "@/lib/content/paths";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { HomeProgress } from "./_components/home-progress";
import { LearningPaths, type PathView, type PathStepView } from "./_components/learning-paths";
import { practiceHref, topicName } from "./quizzes/topics";

export default async function HomePage() {
  const lessons = await listLessons();
  const banks = await loadQuizBanks();
  const questionIds = banks.flatMap((b) => b.questions.map((q) => q.id));
  const paths = await resolvePaths(
    lessons,
    banks.flatMap((b) => b.questions),
  );
  const topicQuestions: Record<string, string[]> = {};
  for (const q of banks.flatMap((b) => b.questions)) (topicQuestions[q.topic] ??= []).push(q.id);
  return (
    <>
      <h1>Learn MCP Apps by reading, running and recalling</h1>
      <p className="muted">
        MCP Apps (<code>io.modelcontextprotocol/ui</code>) lets an MCP server ship an HTML view for
        a tool; the host renders it in a sandboxed iframe and talks to it over JSON-RPC on{" "}
        <code>postMessage</code>. Every fact here cites a numbered rule, and every rule says where
        it comes from.
      </p>
      <LearningPaths paths={paths} topicQuestions={topicQuestions} />
      <h2>Everything here</h2>
      <ul className="cards">
        <li className="card">
          <h2>
            <Link href="/lessons">Lessons</Link>
          </h2>
          <p>
            Short lessons on negotiation, visibility, resources, CSP, permissions, the sandbox and
            the bridge, each with a widget to try and a self-check.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/simulator">Simulator</Link>
          </h2>
          <p>
            A real server, host, sandbox proxy and view in your browser. Change one field and watch
            the host&apos;s decision table, rule by rule.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/review">Review a server</Link>
          </h2>
          <p>
            Point the host at your own MCP App server: its era, tools, decision tables and a
            checklist report with the rule and lesson behind every verdict.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/quizzes">Quizzes</Link>
          </h2>
          <p>
            Scenario questions with an explanation for every option, for practice now and the exam
            later.
          </p>
        </li>
      </ul>
      <HomeProgress
        lessons={lessons.map((l) => ({ slug: l.slug, title: l.title }))}
        questionIds={questionIds}
      />
    </>
  );
}

/**
 * The learning paths with every step's title, link and reading time. A step naming a lesson,
 * preset or topic that does not exist fails the build here (and in lib/content/paths.test.ts).
 */
async function resolvePaths(
  lessons: Awaited<ReturnType<typeof listLessons>>,
  questions: readonly { id: string; topic: string }[],
): Promise<PathView[]> {
  const paths = await loadLearningPaths();
  const presets = new Map((await loadScenarioFiles()).map((f) => [f.scenario.id, f.scenario]));
  const questionsPerTopic = new Map<string, number>();
  for (const q of questions)
    questionsPerTopic.set(q.topic, (questionsPerTopic.get(q.topic) ?? 0) + 1);
  const errors = pathReferenceErrors(paths, {
    lessons: new Set(lessons.map((l) => l.slug)),
    presets: new Set(presets.keys()),
    questionsPerTopic,
  });
  if (errors.length) throw new Error(`learning paths:\n${errors.join("\n")}`);
  const bySlug = new Map(lessons.map((l) => [l.slug, l]));
  const view = (step: PathStep): PathStepView => {
    switch (step.kind) {
      case "lesson": {
        const lesson = bySlug.get(step.lesson)!;
        // "Lesson", not the course number: a path skips lessons, and "Lesson 1, Lesson 3" read as
        // steps missing from the path (issue #35 item 6).
        return {
          kind: "Lesson",
          title: lesson.title,
          href: `/lessons/${lesson.slug}`,
          minutes: lesson.minutes,
          note: step.note,
          progress: step,
        };
      }
      case "preset":
        return {
          kind: "Simulator",
          title: presets.get(step.preset)!.title,
          href: `/simulator?preset=${encodeURIComponent(step.preset)}`,
          note: step.note,
          progress: step,
        };
      case "practice":
        return {
          kind: "Practice",
          title: topicName(step.topic),
          href: practiceHref(step.topic),
          note: step.note,
          progress: step,
        };
      case "exam":
        return {
          kind: "Exam",
          title: "A timed practice exam",
          href: "/quizzes/exam",
          note: step.note,
          progress: step,
        };
      case "spaced-review":
        return {
          kind: "Due questions",
          title: "The cards due today",
          href: "/quizzes/review",
          note: step.note,
          progress: step,
        };
      case "server-review":
        return {
          kind: "Server review",
          title: "Review your own server",
          href: "/review",
          note: step.note,
          progress: step,
        };
    }
  };
  return paths.map((p) => ({
    id: p.id,
    audience: p.audience,
    summary: p.summary,
    steps: p.steps.map(view),
  }));
}
